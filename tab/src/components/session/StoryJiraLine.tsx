import { makeStyles } from "@fluentui/react-components";
import type { StoryView } from "@pointwise/core/presented";
import { useJiraConnection } from "../../api/useJiraConnection";
import { JiraSyncNotice } from "../jira/JiraSyncNotice";
import { StoryTicket } from "../jira/StoryTicket";

const useStyles = makeStyles({
  line: { display: "flex", flexDirection: "column", gap: "4px", minWidth: 0 },
});

/**
 * A story's Jira line (issue #12 sections 2-4): its ticket (link, Remove ticket) and the state of
 * the points' write-back. Nothing for a story without a ticket or a write-back.
 */
export function StoryJiraLine({
  sessionId,
  story,
  canManage,
}: {
  sessionId: string;
  story: StoryView;
  canManage: boolean;
}) {
  const sync = story.jiraSync;
  if (!story.ticketNumber && !sync) return null;
  return <JiraLine sessionId={sessionId} story={story} canManage={canManage} />;
}

function JiraLine({ sessionId, story, canManage }: { sessionId: string; story: StoryView; canManage: boolean }) {
  const styles = useStyles();
  const jira = useJiraConnection();
  const sync = story.jiraSync;
  return (
    <div className={styles.line}>
      {story.ticketNumber ? (
        <div>
          <StoryTicket
            sessionId={sessionId}
            storyId={story.id}
            ticketNumber={story.ticketNumber}
            serverUrl={jira.config?.serverUrl}
            canManage={canManage}
          />
        </div>
      ) : null}
      <JiraSyncNotice sessionId={sessionId} storyId={story.id} sync={sync} canManage={canManage} />
    </div>
  );
}
