import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { Sparkle16Regular } from "@fluentui/react-icons";
import type { StoryView } from "@pointwise/core/presented";
import { useUpdateStory } from "../../api/storyMutations";
import { useGenerateCriteria, useSuggestions } from "../../api/suggestionQueries";
import { useNotify } from "../../toasts/useNotify";
import { CriterionEditRow } from "./CriterionEditRow";
import { PendingSuggestions } from "./PendingSuggestions";
import { SuggestCriterionForm } from "./SuggestCriterionForm";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "8px", minWidth: 0 },
  header: { display: "flex", alignItems: "center", gap: "8px", flexWrap: "wrap" },
  readList: { margin: 0, paddingLeft: "20px" },
  editList: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: "4px" },
  criterion: { overflowWrap: "anywhere" },
  empty: { color: tokens.colorNeutralForeground3 },
});

/**
 * A story's acceptance criteria (spec part 2 sections 4-6; issue #9 section 2): the leader edits
 * (saved on blur or Enter, empty entries dropped) and removes them, adds directly and has
 * PointBot suggest ("AI Generate"); everyone else suggests; the pending suggestions list below.
 */
export function StoryCriteria({
  sessionId,
  story,
  isLeader,
  myVoterKey,
}: {
  sessionId: string;
  story: StoryView;
  isLeader: boolean;
  myVoterKey: string | null;
}) {
  const styles = useStyles();
  const update = useUpdateStory(sessionId);
  const generate = useGenerateCriteria(story.id);
  const suggestions = useSuggestions(story.id).data ?? [];
  const notify = useNotify();
  const criteria = story.acceptanceCriteria;

  const saveList = (next: string[]) =>
    update.mutate(
      { storyId: story.id, acceptanceCriteria: next.filter((c) => c.trim().length > 0) },
      {
        onSuccess: () => notify("Updated", "Acceptance criteria updated."),
        onError: () => notify("Error", "Failed to update acceptance criteria.", "error"),
      },
    );
  const runGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (made) =>
        notify("AI Suggestions Generated", `PointBot created ${made.length} suggestions for review!`),
      onError: () => notify("Error", "Failed to generate acceptance criteria suggestions.", "error"),
    });

  return (
    <section className={styles.root} aria-label="Acceptance criteria" data-testid="story-criteria">
      <div className={styles.header}>
        <Text weight="semibold">Acceptance criteria</Text>
        {isLeader ? (
          <Button
            size="small"
            appearance="subtle"
            icon={<Sparkle16Regular />}
            disabled={generate.isPending}
            onClick={runGenerate}
            data-testid="generate-criteria-button"
          >
            {generate.isPending ? "Generating..." : "AI Generate"}
          </Button>
        ) : null}
      </div>
      {criteria.length === 0 ? (
        <Text size={200} className={styles.empty}>
          No acceptance criteria yet.
        </Text>
      ) : isLeader ? (
        <ul className={styles.editList} data-testid="criteria-list">
          {criteria.map((c, i) => (
            <CriterionEditRow
              // biome-ignore lint/suspicious/noArrayIndexKey: edited by position; a changed text (here or pushed) starts a fresh draft.
              key={`${i}:${c}`}
              index={i}
              criterion={c}
              disabled={update.isPending}
              onSave={(next) => saveList(criteria.map((old, j) => (j === i ? next : old)))}
              onRemove={() => saveList(criteria.filter((_, j) => j !== i))}
            />
          ))}
        </ul>
      ) : (
        <ul className={styles.readList} data-testid="criteria-list">
          {criteria.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: criteria are plain strings and may repeat.
            <li key={i} className={styles.criterion} data-testid={`criterion-${i}`}>
              <Text>{c}</Text>
            </li>
          ))}
        </ul>
      )}
      <SuggestCriterionForm sessionId={sessionId} storyId={story.id} isLeader={isLeader} />
      <PendingSuggestions sessionId={sessionId} suggestions={suggestions} isLeader={isLeader} myVoterKey={myVoterKey} />
    </section>
  );
}
