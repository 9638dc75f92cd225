import type { StoryView } from "@pointwise/core/presented";
import { useSetActiveStory } from "../../api/sessionMutations";
import { useUpdateStory } from "../../api/storyMutations";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { useNotify } from "../../toasts/useNotify";

/**
 * Skip Story with an Undo action in its toast for 5 s (issue #8 section 3): Undo reopens the
 * story (PATCH status pending) and moves the group back to it; both are pushed live.
 */
export function useSkipWithUndo(sessionId: string, onDone: () => void) {
  const update = useUpdateStory(sessionId);
  const setActive = useSetActiveStory(sessionId);
  const notify = useNotify();
  const handleError = useErrorHandler();
  // mutateAsync, not mutate's callbacks: the controls that skip are keyed by story and unmount
  // as soon as the push of the skip arrives (often before the answer), and Undo is clicked in a
  // toast that outlives them; per-call callbacks of an unmounted observer never run.
  const undo = (story: StoryView) =>
    update
      .mutateAsync({ storyId: story.id, status: "pending" })
      .then(() => setActive.mutateAsync(story.id))
      .catch((error: unknown) => handleError(error));
  const skip = (story: StoryView) =>
    update
      .mutateAsync({ storyId: story.id, status: "skipped" })
      .then(() => {
        onDone();
        notify("Story skipped", story.title, "info", { label: "Undo", onClick: () => void undo(story) });
      })
      .catch((error: unknown) => handleError(error));
  return { skip, busy: update.isPending || setActive.isPending };
}
