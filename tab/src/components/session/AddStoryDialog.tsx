import type { SessionView } from "@pointwise/core/presented";
import { createStorySchema } from "@pointwise/core/storySchemas";
import { useState } from "react";
import { useCreateStory } from "../../api/storyMutations";
import { firstIssueByField } from "../../errors/firstIssueByField";
import { useNotify } from "../../toasts/useNotify";
import { FormDialog } from "../common/FormDialog";
import { PointBotGenerateButton } from "./PointBotGenerateButton";
import { StoryFormFields, type StoryFormValues } from "./StoryFormFields";

/**
 * Add New Story (leader; spec part 2 section 2): title, description (4 rows), acceptance
 * criteria (blank ones dropped) and ticket number; toasts 'Success' / 'Story added successfully!'.
 * "Generate with PointBot" fills the description and criteria from PointBot's analysis (issue #9 section 2).
 */
export function AddStoryDialog({
  session,
  open,
  onOpenChange,
}: {
  session: SessionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const notify = useNotify();
  const createStory = useCreateStory(session.id);
  const [values, setValues] = useState<StoryFormValues>({
    title: "",
    description: "",
    acceptanceCriteria: [],
    ticketNumber: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = createStorySchema.safeParse({ ...values, teamId: session.teamId ?? "no-team" });
    if (!parsed.success) {
      setErrors(firstIssueByField(parsed.error.issues));
      return;
    }
    setErrors({});
    const { sessionId: _ignored, ...story } = parsed.data;
    createStory.mutate(story, {
      onSuccess: () => {
        notify("Success", "Story added successfully!");
        onOpenChange(false);
      },
      onError: () => notify("Error", "Failed to add story. Please try again.", "error"),
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Story"
      submitLabel="Add Story"
      submitTestId="story-submit"
      busy={createStory.isPending}
      size="2xl"
      onSubmit={submit}
    >
      <StoryFormFields
        values={values}
        onChange={setValues}
        errors={errors}
        titleTestId="story-title-input"
        autoFocus
        afterTitle={
          <PointBotGenerateButton
            sessionId={session.id}
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
