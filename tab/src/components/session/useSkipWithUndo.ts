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
  const undo = (story: StoryView) =>
    update.mutate(
      { storyId: story.id, status: "pending" },
      {
        onSuccess: () => setActive.mutate(story.id, { onError: (error) => handleError(error) }),
        onError: (error) => handleError(error),
      },
    );
  const skip = (story: StoryView) =>
    update.mutate(
      { storyId: story.id, status: "skipped" },
      {
        onSuccess: () => {
          onDone();
          notify("Story skipped", story.title, "info", { label: "Undo", onClick: () => undo(story) });
        },
        onError: (error) => handleError(error),
      },
    );
  return { skip, busy: update.isPending || setActive.isPending };
}
