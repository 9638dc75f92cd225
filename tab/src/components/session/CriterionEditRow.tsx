import { Button, Input, makeStyles } from "@fluentui/react-components";
import { Dismiss16Regular } from "@fluentui/react-icons";
import { useState } from "react";

const useStyles = makeStyles({
  row: { display: "flex", gap: "4px", alignItems: "center", minWidth: 0 },
  grow: { flex: 1, minWidth: 0 },
});

/**
 * One acceptance criterion as the leader edits it in place (spec part 2 section 4: "Editing an
 * existing criterion saves on blur or Enter and drops empty entries"): `onSave` gets the trimmed
 * text when it changed (an empty one removes the criterion); Escape puts the saved text back.
 */
export function CriterionEditRow({
  index,
  criterion,
  disabled,
  onSave,
  onRemove,
}: {
  index: number;
  criterion: string;
  disabled: boolean;
  onSave: (next: string) => void;
  onRemove: () => void;
}) {
  const styles = useStyles();
  const [draft, setDraft] = useState(criterion);
  const save = () => {
    if (draft.trim() !== criterion) onSave(draft.trim());
  };
  return (
    <li className={styles.row}>
      <Input
        className={styles.grow}
        value={draft}
        disabled={disabled}
        aria-label={`Acceptance criterion ${index + 1}`}
        data-testid={`criterion-input-${index}`}
        onChange={(_e, d) => setDraft(d.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            save();
          } else if (e.key === "Escape") {
            setDraft(criterion);
          }
        }}
      />
      <Button
        appearance="subtle"
        size="small"
        icon={<Dismiss16Regular />}
        aria-label={`Remove criterion ${index + 1}`}
        data-testid={`criterion-remove-${index}`}
        disabled={disabled}
        onClick={onRemove}
      />
    </li>
  );
}
