import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLoadAllParticipants } from "../../api/sessionQueries";

const useStyles = makeStyles({
  root: { display: "flex", alignItems: "center", flexWrap: "wrap", gap: "4px 12px" },
  note: { color: tokens.colorNeutralForeground3 },
});

/**
 * The foot of a big room's participation grid (issue #24 section 3): how many of the room's
 * people the screen shows, and "Show everyone", which reads the rest (GET
 * /api/sessions/{id}/participants, page by page) into the grid. The counts above it are the
 * whole room's either way.
 * @param held people the screen holds now; `total` people in the room
 */
export function ParticipantsMore({ sessionId, held, total }: { sessionId: string; held: number; total: number }) {
  const styles = useStyles();
  const load = useLoadAllParticipants(sessionId);
  const shown = Math.min(held, total);
  return (
    <div className={styles.root} data-testid="participants-more">
      <Text size={200} className={styles.note} data-testid="participants-shown">
        Showing {shown} of {total} people
      </Text>
      {shown < total ? (
        <Button
          size="small"
          appearance="subtle"
          disabled={load.isPending}
          onClick={() => load.mutate()}
          data-testid="participants-show-all"
        >
          {load.isPending ? "Loading..." : load.isError ? "Could not load everyone - retry" : "Show everyone"}
        </Button>
      ) : null}
    </div>
  );
}
