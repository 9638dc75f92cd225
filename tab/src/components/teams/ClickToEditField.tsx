import { Button, Input, makeStyles, Text, Textarea, tokens } from "@fluentui/react-components";
import { Checkmark20Regular, Dismiss20Regular, Edit20Regular } from "@fluentui/react-icons";
import { useState } from "react";

const useStyles = makeStyles({
  field: { display: "flex", flexDirection: "column", gap: "4px" },
  row: { display: "flex", alignItems: "flex-start", gap: "8px" },
  grow: { flex: 1 },
  label: { color: tokens.colorNeutralForeground3 },
  value: { flex: 1, whiteSpace: "pre-wrap", cursor: "pointer" },
});

/** Props of ClickToEditField: `onSave` resolves when stored (the field closes) and rejects to stay open. */
export interface ClickToEditFieldProps {
  label: string;
  value: string;
  placeholder: string;
  editable: boolean;
  multiline?: boolean;
  maxLength: number;
  onSave: (value: string) => Promise<unknown>;
}

/** A value that the owner edits by clicking it (spec part 2 section 2: click-to-edit name and description). */
export function ClickToEditField(props: ClickToEditFieldProps) {
  const styles = useStyles();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const start = () => props.editable && setDraft(props.value);
  const save = () => {
    if (draft === null) return;
    setSaving(true);
    props.onSave(draft.trim()).then(
      () => {
        setSaving(false);
        setDraft(null);
      },
      () => setSaving(false),
    );
  };
  const testId = `team-${props.label.toLowerCase()}`;
  return (
    <div className={styles.field}>
      <Text size={200} className={styles.label}>
        {props.label}
      </Text>
      {draft === null ? (
        <div className={styles.row}>
          <Text
            className={styles.value}
            onClick={start}
            data-testid={testId}
            role={props.editable ? "button" : undefined}
            tabIndex={props.editable ? 0 : undefined}
            onKeyDown={(e) => e.key === "Enter" && start()}
          >
            {props.value || props.placeholder}
          </Text>
          {props.editable ? (
            <Button appearance="subtle" icon={<Edit20Regular />} aria-label={`Edit ${props.label}`} onClick={start} />
          ) : null}
        </div>
      ) : (
        <div className={styles.row}>
          {props.multiline ? (
            <Textarea
              className={styles.grow}
              value={draft}
              maxLength={props.maxLength}
              onChange={(_e, d) => setDraft(d.value)}
              aria-label={props.label}
              data-testid={`${testId}-input`}
            />
          ) : (
            <Input
              className={styles.grow}
              value={draft}
              maxLength={props.maxLength}
              onChange={(_e, d) => setDraft(d.value)}
              onKeyDown={(e) => e.key === "Enter" && save()}
              aria-label={props.label}
              data-testid={`${testId}-input`}
            />
          )}
          <Button icon={<Checkmark20Regular />} aria-label="Save" disabled={saving} onClick={save} />
          <Button icon={<Dismiss20Regular />} aria-label="Cancel" disabled={saving} onClick={() => setDraft(null)} />
        </div>
      )}
    </div>
  );
}
