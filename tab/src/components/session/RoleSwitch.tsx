import { makeStyles, Switch, Text, tokens } from "@fluentui/react-components";
import type { ParticipantView } from "@pointwise/core/presented";
import { useSetParticipantRole } from "../../api/participantMutations";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: "8px", flexWrap: "wrap" },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * Your own voter/observer switch in the session screen (issue #8 section 1): an observer sees
 * the round live, has no deck and is never waited for.
 */
export function RoleSwitch({ sessionId, me }: { sessionId: string; me: ParticipantView }) {
  const styles = useStyles();
  const setRole = useSetParticipantRole(sessionId);
  const notify = useNotify();
  const observer = me.role === "observer";
  return (
    <div className={styles.row}>
      <Switch
        checked={observer}
        disabled={setRole.isPending}
        label="Observe only"
        data-testid="observer-switch"
        onChange={(_e, data) =>
          setRole.mutate(
            { participantId: me.id, role: data.checked ? "observer" : "participant" },
            { onError: (error) => notify("Could not change your role", error.message, "error") },
          )
        }
      />
      {observer ? (
        <Text size={200} className={styles.hint} data-testid="observer-hint">
          You are observing: you see the round live but do not vote.
        </Text>
      ) : null}
    </div>
  );
}
