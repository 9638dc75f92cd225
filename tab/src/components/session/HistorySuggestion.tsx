import {
  Badge,
  Button,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Text,
  tokens,
} from "@fluentui/react-components";
import { Bot20Regular, EyeTracking20Regular } from "@fluentui/react-icons";
import type { EstimateSuggestionView } from "@pointwise/core/estimates/suggestionView";
import type { StoryView } from "@pointwise/core/presented";
import { useState } from "react";
import { useEstimateSuggestion } from "../../api/estimateQueries";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: "8px",
    padding: "12px",
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  header: { display: "flex", alignItems: "center", gap: "8px", flexWrap: "wrap" },
  points: { fontSize: tokens.fontSizeBase500, fontWeight: 700 },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { margin: 0, paddingLeft: "20px", display: "flex", flexDirection: "column", gap: "2px" },
  item: { overflowWrap: "anywhere" },
  surface: { maxWidth: "min(360px, calc(100vw - 32px))" },
});

/** "the team's history" or "the session creator's history" (sessions without a team). */
const historyName = (s: EstimateSuggestionView): string =>
  s.scope === "team" ? "the team's history" : "the session creator's history";

/** The suggestion's body: points, likely range, history size and the 3 similar stories (key, title, points). */
export function SuggestionDetails({ suggestion }: { suggestion: EstimateSuggestionView }) {
  const styles = useStyles();
  const { labels } = suggestion;
  return (
    <>
      <div className={styles.header}>
        <Bot20Regular />
        <Text weight="semibold">PointBot suggests</Text>
        <span className={styles.points} data-testid="suggestion-points">
          {labels.points}
        </span>
        <Text className={styles.muted} data-testid="suggestion-range">
          likely {labels.low === labels.high ? labels.low : `${labels.low} - ${labels.high}`}
        </Text>
        <Badge appearance="tint" color="informative">
          PointBot (local)
        </Badge>
      </div>
      {suggestion.historySize === 0 ? (
        <Text className={styles.muted} data-testid="suggestion-no-history">
          No estimated stories in {historyName(suggestion)} yet: this is only a default. Completed stories and imported
          story points teach PointBot.
        </Text>
      ) : (
        <>
          <Text size={200} className={styles.muted}>
            From {suggestion.historySize} estimated {suggestion.historySize === 1 ? "story" : "stories"} of{" "}
            {historyName(suggestion)}. Most similar:
          </Text>
          <ul className={styles.list} data-testid="suggestion-similar">
            {suggestion.similar.map((s) => (
              <li key={s.key} className={styles.item}>
                <Text>
                  <strong>{s.key}</strong> {s.title} <span className={styles.muted}>({s.points} pts)</span>
                </Text>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * PointBot's history suggestion beside the results (issue #9 section 3): fetched only once the
 * story's votes are revealed (or the story is completed), so nobody is anchored before voting.
 */
export function HistorySuggestion({ story }: { story: StoryView }) {
  const styles = useStyles();
  const phase = story.status === "completed" ? "completed" : "revealed";
  const visible = story.votesRevealed || story.status === "completed";
  const query = useEstimateSuggestion(story.id, `${phase}-${story.round}`, visible);
  if (!visible || query.isError) return null;
  return (
    <section className={styles.root} aria-label="PointBot's suggestion" data-testid="history-suggestion">
      {query.data ? <SuggestionDetails suggestion={query.data} /> : <Spinner size="tiny" label="PointBot..." />}
    </section>
  );
}

/**
 * The leader's "Peek at PointBot's suggestion" (issue #9 section 3): a popover only the leader
 * sees; the suggestion is fetched when it opens and nothing is pushed to the room.
 */
export function PeekSuggestionButton({ story }: { story: StoryView }) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const query = useEstimateSuggestion(story.id, "peek", open);
  return (
    <Popover open={open} onOpenChange={(_e, data) => setOpen(data.open)} positioning="below-start" withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<EyeTracking20Regular />} data-testid="peek-suggestion">
          Peek at PointBot's suggestion
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label="PointBot's suggestion (only you see it)">
        <div className={styles.root} data-testid="peek-suggestion-panel">
          <Text size={200} className={styles.muted}>
            Only you see this: voters see it after the reveal.
          </Text>
          {query.isLoading ? <Spinner size="tiny" label="PointBot..." /> : null}
          {query.isError ? <Text>PointBot's suggestion could not be loaded. Please try again.</Text> : null}
          {query.data ? <SuggestionDetails suggestion={query.data} /> : null}
        </div>
      </PopoverSurface>
    </Popover>
  );
}
