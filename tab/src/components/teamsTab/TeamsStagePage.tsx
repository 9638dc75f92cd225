import { makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { useTeamsHost } from "../../teamsHost/TeamsHostContext";
import { EmptyState } from "../common/EmptyState";
import { MAIN_CONTENT_ID } from "../common/SkipLink";
import { usePageTitle } from "../common/usePageTitle";
import { MeetingSessionGate } from "./MeetingSessionGate";
import { NotInTeams } from "./NotInTeams";
import { TeamsStageView } from "./TeamsStageView";
import { useMeetingSessionId } from "./useMeetingSessionId";

const useStyles = makeStyles({
  root: {
    minHeight: "100vh",
    boxSizing: "border-box",
    padding: "32px",
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/** /teams/stage (frameContext meetingStage): the session shared to the meeting stage, large and live. */
export function TeamsStagePage() {
  const styles = useStyles();
  usePageTitle("Meeting stage");
  const host = useTeamsHost();
  const { sessionId, loading } = useMeetingSessionId(host);
  if (!host) return <NotInTeams sessionId={sessionId} />;
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.root} data-testid="teams-stage">
      {sessionId ? (
        <MeetingSessionGate sessionId={sessionId} host={host}>
          <TeamsStageView sessionId={sessionId} />
        </MeetingSessionGate>
      ) : loading ? (
        <Spinner label="Looking for this meeting's session..." />
      ) : (
        <EmptyState title="No session on stage" message="Start a Pointwise session from the meeting side panel." />
      )}
    </main>
  );
}
