import { Badge, makeStyles, Text, Title3 } from "@fluentui/react-components";
import type { StoryView } from "@pointwise/core/presented";
import type { ReactNode } from "react";
import { StoryDescription } from "./StoryDescription";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "8px" },
  titleRow: { display: "flex", alignItems: "center", gap: "8px", flexWrap: "wrap", minWidth: 0 },
  title: { overflowWrap: "anywhere", minWidth: 0 },
  criteria: { margin: 0, paddingLeft: "20px" },
  criterion: { overflowWrap: "anywhere" },
});

/**
 * The current story: title, ticket number, round, description and acceptance criteria;
 * `actions` (the leader's Edit and Delete) sit beside the title; `criteria`, when given, replaces
 * the read-only criteria list (StoryCriteria: editing and suggestions, issue #9 section 2);
 * `ticket`, when given, replaces the ticket badge (StoryTicket and the Jira write-back state,
 * issue #12) and sits under the title.
 */
export function StoryDetails({
  story,
  actions,
  criteria,
  ticket,
}: {
  story: StoryView;
  actions?: ReactNode;
  criteria?: ReactNode;
  ticket?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <div className={styles.titleRow}>
        {story.ticketNumber && !ticket ? <Badge appearance="outline">{story.ticketNumber}</Badge> : null}
        <Title3 as="h2" className={styles.title} data-testid="active-story-title">
          {story.title}
        </Title3>
        {story.round > 1 ? (
          <Badge appearance="tint" color="informative">
            Round {story.round}
          </Badge>
        ) : null}
        {actions}
      </div>
      {ticket}
      {/* Keyed apart from `criteria`, which callers key by the story id too: two siblings with one
          key left every visited story's description in the page (issue #22 section 1). */}
      {story.description ? <StoryDescription key={`description-${story.id}`} text={story.description} /> : null}
      {criteria ? (
        criteria
      ) : story.acceptanceCriteria.length > 0 ? (
        <div>
          <Text weight="semibold">Acceptance criteria</Text>
          <ul className={styles.criteria}>
            {story.acceptanceCriteria.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: criteria are plain strings and may repeat.
              <li key={i} className={styles.criterion}>
                <Text>{c}</Text>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
