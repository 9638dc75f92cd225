import { makeStyles } from "@fluentui/react-components";
import type { SessionView } from "@pointwise/core/presented";
import { AiInsightsCard } from "./AiInsightsCard";
import { JiraIntegrationCard } from "./JiraIntegrationCard";
import { SessionStatsCard } from "./SessionStatsCard";
import { StoryQueue } from "./StoryQueue";
import { StoryTools } from "./StoryTools";
import type { SessionScreen } from "./useSessionScreen";

const useStyles = makeStyles({
  column: { display: "flex", flexDirection: "column", gap: "16px", minWidth: 0 },
});

/**
 * The session screen's side column (spec part 2 section 2): the leader's story tools, the Story
 * Queue (more than one story), stats, AI Insights and the Jira Integration card (for signed-in
 * people; guests have no Jira connection to use).
 */
export function SessionSideColumn({ screen, session }: { screen: SessionScreen; session: SessionView }) {
  const styles = useStyles();
  return (
    <div className={styles.column}>
      {screen.isLeader ? <StoryTools session={session} /> : null}
      {screen.storyCount > 1 ? <StoryQueue screen={screen} sessionId={session.id} /> : null}
      <SessionStatsCard session={session} />
      <AiInsightsCard sessionId={session.id} isLeader={screen.isLeader} />
      {screen.signedIn ? <JiraIntegrationCard session={session} canManage={screen.isLeader} /> : null}
    </div>
  );
}
