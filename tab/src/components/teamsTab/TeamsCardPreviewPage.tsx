import { makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { useTeamsHost } from "../../teamsHost/TeamsHostContext";
import { EmptyState } from "../common/EmptyState";
import { usePageTitle } from "../common/usePageTitle";
import { MeetingSessionGate } from "./MeetingSessionGate";
import { NotInTeams } from "./NotInTeams";
import { SessionVotingCard } from "./SessionVotingCard";
import { useMeetingSessionId } from "./useMeetingSessionId";

const useStyles = makeStyles({
  root: { padding: "16px", maxWidth: "480px", minHeight: "100vh", backgroundColor: tokens.colorNeutralBackground2 },
});

/** /teams/card-preview?sessionId=: the session's voting card alone, as the bot posts it in the chat. */
export function TeamsCardPreviewPage() {
  const styles = useStyles();
  usePageTitle("Card preview");
  const host = useTeamsHost();
  const { sessionId, loading } = useMeetingSessionId(host);
  if (!host) return <NotInTeams sessionId={sessionId} />;
  return (
    <div className={styles.root}>
      {sessionId ? (
        <MeetingSessionGate sessionId={sessionId} host={host}>
          <SessionVotingCard sessionId={sessionId} />
        </MeetingSessionGate>
      ) : loading ? (
        <Spinner aria-label="Loading" />
      ) : (
        <EmptyState title="No session" message="No Pointwise session runs in this meeting yet." />
      )}
    </div>
  );
}
