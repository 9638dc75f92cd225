import { Badge, Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { Bot16Regular, Checkmark16Regular, Dismiss16Regular } from "@fluentui/react-icons";
import type { CriteriaSuggestionView } from "@pointwise/core/criteriaSuggestions";
import { useApproveSuggestion, useRejectSuggestion } from "../../api/suggestionQueries";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: "6px" },
  item: {
    display: "flex",
    alignItems: "center",
    gap: "8px",
    flexWrap: "wrap",
    padding: "6px 8px",
    borderRadius: tokens.borderRadiusMedium,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    minWidth: 0,
  },
  content: { flex: "1 1 200px", minWidth: 0, overflowWrap: "anywhere" },
  author: { color: tokens.colorNeutralForeground3, display: "inline-flex", alignItems: "center", gap: "4px" },
  actions: { display: "flex", gap: "4px", marginLeft: "auto" },
});

/**
 * A story's pending criteria suggestions (spec part 2 sections 4 and 6): each with its author
 * and a Pending badge ("yours" on the viewer's own); the leader approves (the criterion joins
 * the story) or rejects. Kept live by the criteria_suggestion_* pushes.
 */
export function PendingSuggestions({
  sessionId,
  suggestions,
  isLeader,
  myVoterKey,
}: {
  sessionId: string;
  suggestions: CriteriaSuggestionView[];
  isLeader: boolean;
  myVoterKey: string | null;
}) {
  const styles = useStyles();
  const approve = useApproveSuggestion(sessionId);
  const reject = useRejectSuggestion();
  const notify = useNotify();
  const busy = approve.isPending || reject.isPending;
  if (suggestions.length === 0) return null;
  return (
    <div>
      <Text weight="semibold" size={200}>
        Suggestions waiting for the leader ({suggestions.length})
      </Text>
      <ul className={styles.list} data-testid="pending-suggestions">
        {suggestions.map((s) => {
          const mine = myVoterKey !== null && s.suggestedBy.voterKey === myVoterKey;
          return (
            <li key={s.id} className={styles.item} data-testid={`pending-suggestion-${s.id}`}>
              <Text className={styles.content}>{s.content}</Text>
              <Text size={200} className={styles.author}>
                {s.suggestedBy.pointbot ? <Bot16Regular /> : null}
                {mine ? "You" : s.suggestedBy.firstName}
              </Text>
              <Badge appearance="tint" color={mine ? "brand" : "warning"} size="small">
                {mine ? "Pending (yours)" : "Pending"}
              </Badge>
              {isLeader ? (
                <span className={styles.actions}>
                  <Button
                    size="small"
                    appearance="primary"
                    icon={<Checkmark16Regular />}
                    disabled={busy}
                    data-testid={`approve-suggestion-${s.id}`}
                    onClick={() =>
                      approve.mutate(s.id, {
                        onSuccess: () => notify("Approved", "The criterion was added to the story."),
                        onError: () => notify("Error", "Failed to approve suggestion.", "error"),
                      })
                    }
                  >
                    Approve
                  </Button>
                  <Button
                    size="small"
                    icon={<Dismiss16Regular />}
                    disabled={busy}
                    data-testid={`reject-suggestion-${s.id}`}
                    onClick={() =>
                      reject.mutate(s.id, {
                        onSuccess: () => notify("Rejected", "The suggestion was rejected."),
                        onError: () => notify("Error", "Failed to reject suggestion.", "error"),
                      })
                    }
                  >
                    Reject
                  </Button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
