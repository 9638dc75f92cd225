import { makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { useTeamsHost } from "../../teamsHost/TeamsHostContext";
import { EmptyState } from "../common/EmptyState";
import { MAIN_CONTENT_ID } from "../common/SkipLink";
import { usePageTitle } from "../common/usePageTitle";
import { CompactVotingView } from "./CompactVotingView";
import { MeetingSessionGate } from "./MeetingSessionGate";
import { MeetingSessionStarter } from "./MeetingSessionStarter";
import { NotInTeams } from "./NotInTeams";
import { TeamsIdentityLine } from "./TeamsIdentityLine";
import { useMeetingSessionId } from "./useMeetingSessionId";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: "12px",
    padding: "12px",
    minHeight: "100vh",
    boxSizing: "border-box",
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/**
 * /teams/sidepanel (frameContext sidePanel): the meeting's session as a compact voting view.
 * Without `?sessionId=` it uses the session bound to the meeting, offers a signed-in attendee
 * to start one, or tells a guest to wait for the organizer.
 */
export function TeamsSidePanelPage() {
  const styles = useStyles();
  usePageTitle("Meeting side panel");
  const host = useTeamsHost();
  const { sessionId, conversationId, loading } = useMeetingSessionId(host);
  if (!host) return <NotInTeams sessionId={sessionId} />;

  let body: React.ReactNode;
  if (sessionId) {
    body = (
      <MeetingSessionGate sessionId={sessionId} host={host}>
        <CompactVotingView host={host} sessionId={sessionId} />
      </MeetingSessionGate>
    );
  } else if (loading) {
    body = <Spinner label="Looking for this meeting's session..." />;
  } else if (conversationId) {
    body = <MeetingSessionStarter conversationId={conversationId} signedIn={host.signedIn} />;
  } else {
    body = <EmptyState title="No meeting" message="Open Pointwise from a meeting or a channel." />;
  }
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.root} data-testid="teams-sidepanel">
      <TeamsIdentityLine host={host} />
      {body}
    </main>
  );
}
