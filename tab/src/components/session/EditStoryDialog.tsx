import type { StoryView } from "@pointwise/core/presented";
import { updateStorySchema } from "@pointwise/core/storySchemas";
import { useState } from "react";
import { useUpdateStory } from "../../api/storyMutations";
import { firstIssueByField } from "../../errors/firstIssueByField";
import { useNotify } from "../../toasts/useNotify";
import { FormDialog } from "../common/FormDialog";
import { PointBotGenerateButton } from "./PointBotGenerateButton";
import { StoryFormFields, type StoryFormValues } from "./StoryFormFields";

/**
 * Edit Story (leader; issue #8 section 3): title, description, acceptance criteria and ticket
 * number, checked by core `updateStorySchema` and sent as PATCH /api/stories/{id}; pushed live
 * as story_updated.
 */
export function EditStoryDialog({
  sessionId,
  story,
  onOpenChange,
}: {
  sessionId: string;
  story: StoryView;
  onOpenChange: (open: boolean) => void;
}) {
  const notify = useNotify();
  const update = useUpdateStory(sessionId);
  const [values, setValues] = useState<StoryFormValues>({
    title: story.title,
    description: story.description ?? "",
    acceptanceCriteria: story.acceptanceCriteria,
    ticketNumber: story.ticketNumber ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = updateStorySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssueByField(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(
      { storyId: story.id, ...parsed.data },
      {
        onSuccess: () => {
          notify("Updated", "Story updated");
          onOpenChange(false);
        },
        onError: () => notify("Error", "Failed to update story. Please try again.", "error"),
      },
    );
  };

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Edit Story"
      submitLabel="Save"
      submitTestId="story-edit-submit"
      busy={update.isPending}
      size="2xl"
      onSubmit={submit}
    >
      <StoryFormFields
        values={values}
        onChange={setValues}
        errors={errors}
        titleTestId="story-edit-title"
        afterTitle={
          <PointBotGenerateButton
            sessionId={sessionId}
            title={values.title}
            description={values.description}
            criteria={values.acceptanceCriteria}
            onApply={(patch) => setValues((old) => ({ ...old, ...patch }))}
          />
        }
      />
    </FormDialog>
  );
}
