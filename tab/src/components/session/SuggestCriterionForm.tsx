import { Button, Input, makeStyles } from "@fluentui/react-components";
import { Add16Regular } from "@fluentui/react-icons";
import { MAX_SUGGESTION_CHARS } from "@pointwise/core/criteriaSuggestions";
import { useState } from "react";
import { useSuggestCriterion } from "../../api/suggestionQueries";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  row: { display: "flex", gap: "6px", minWidth: 0 },
  grow: { flex: 1, minWidth: 0 },
});

/**
 * The entry under the criteria (spec part 2 sections 4-6): the leader's criterion is added
 * directly ("Added"); anyone else's goes to the leader as a suggestion ("Suggestion Submitted").
 * Trimmed, never empty: the button is disabled while blank and Enter submits.
 */
export function SuggestCriterionForm({
  sessionId,
  storyId,
  isLeader,
}: {
  sessionId: string;
  storyId: string;
  isLeader: boolean;
}) {
  const styles = useStyles();
  const [draft, setDraft] = useState("");
  const suggest = useSuggestCriterion(sessionId, storyId);
  const notify = useNotify();
  const submit = () => {
    const content = draft.trim();
    if (!content || suggest.isPending) return;
    suggest.mutate(content, {
      onSuccess: (result) => {
        setDraft("");
        if (result.type === "added_directly") notify("Added", "Acceptance criterion added.");
        else notify("Suggestion Submitted", "Your suggestion has been sent to the session leader for approval.");
      },
      onError: (error) => {
        const detail = error instanceof Error && error.message ? ` ${error.message}` : "";
        notify("Error", `Failed to add acceptance criterion.${detail}`, "error");
      },
    });
  };
  return (
    <div className={styles.row}>
      <Input
        className={styles.grow}
        value={draft}
        maxLength={MAX_SUGGESTION_CHARS}
        placeholder={isLeader ? "Add acceptance criterion..." : "Suggest acceptance criterion..."}
        aria-label={isLeader ? "Add acceptance criterion" : "Suggest acceptance criterion"}
        data-testid="suggest-criterion-input"
        onChange={(_e, d) => setDraft(d.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            submit();
          }
        }}
      />
      <Button
        icon={<Add16Regular />}
        disabled={!draft.trim() || suggest.isPending}
        onClick={submit}
        data-testid="suggest-criterion-submit"
      >
        {isLeader ? "Add" : "Suggest"}
      </Button>
    </div>
  );
}
