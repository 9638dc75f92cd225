import { Button, Input, makeStyles } from "@fluentui/react-components";
import { Add16Regular, Dismiss16Regular } from "@fluentui/react-icons";
import { useState } from "react";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "6px" },
  row: { display: "flex", gap: "6px" },
  grow: { flex: 1 },
});

/** An editable list of acceptance criteria: edit in place, remove, add (trimmed, not empty; Enter adds). */
export function CriteriaEditor({ criteria, onChange }: { criteria: string[]; onChange: (next: string[]) => void }) {
  const styles = useStyles();
  const [draft, setDraft] = useState("");
  const add = () => {
    const value = draft.trim();
    if (!value) return;
    onChange([...criteria, value]);
    setDraft("");
  };
  return (
    <div className={styles.root}>
      {criteria.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is edited by position.
        <div key={i} className={styles.row}>
          <Input
            className={styles.grow}
            value={c}
            onChange={(_e, d) => onChange(criteria.map((old, j) => (j === i ? d.value : old)))}
          />
          <Button
            appearance="subtle"
            icon={<Dismiss16Regular />}
            aria-label="Remove criterion"
            onClick={() => onChange(criteria.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <div className={styles.row}>
        <Input
          className={styles.grow}
          value={draft}
          placeholder="Add an acceptance criterion..."
          onChange={(_e, d) => setDraft(d.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button icon={<Add16Regular />} onClick={add} disabled={!draft.trim()}>
          Add
        </Button>
      </div>
    </div>
  );
}
