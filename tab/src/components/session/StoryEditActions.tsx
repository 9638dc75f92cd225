import { Button } from "@fluentui/react-components";
import { Delete20Regular, Edit20Regular } from "@fluentui/react-icons";
import type { StoryView } from "@pointwise/core/presented";
import { lazy, Suspense, useState } from "react";
import { useDeleteStory } from "../../api/storyMutations";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { useNotify } from "../../toasts/useNotify";
import { ConfirmDialog } from "../common/ConfirmDialog";

// Opens on a click: its form loads then (issue #6 part 4).
const EditStoryDialog = lazy(() => import("./EditStoryDialog").then((m) => ({ default: m.EditStoryDialog })));

/**
 * The leader's Edit and Delete buttons on the current story (issue #8 section 3): Edit opens
 * EditStoryDialog; Delete asks first, then deletes the story with its votes (pushed live).
 */
export function StoryEditActions({ sessionId, story }: { sessionId: string; story: StoryView }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteStory(sessionId);
  const notify = useNotify();
  const handleError = useErrorHandler();
  const confirmDelete = () =>
    remove.mutate(story.id, {
      onSuccess: () => {
        setConfirming(false);
        notify("Success", "Story deleted");
      },
      onError: (error) => handleError(error),
    });
  return (
    <>
      <Button
        size="small"
        appearance="subtle"
        icon={<Edit20Regular />}
        onClick={() => setEditing(true)}
        data-testid="edit-story-button"
      >
        Edit
      </Button>
      <Button
        size="small"
        appearance="subtle"
        icon={<Delete20Regular />}
        onClick={() => setConfirming(true)}
        data-testid="delete-story-button"
      >
        Delete
      </Button>
      {editing ? (
        <Suspense fallback={null}>
          <EditStoryDialog sessionId={sessionId} story={story} onOpenChange={setEditing} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete story?"
        message={`"${story.title}" and its votes will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={confirmDelete}
      />
    </>
  );
}
