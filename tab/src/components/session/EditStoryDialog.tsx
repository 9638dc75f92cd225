import { Field, Input, Textarea } from "@fluentui/react-components";
import type { StoryView } from "@pointwise/core/presented";
import { updateStorySchema } from "@pointwise/core/storySchemas";
import { useState } from "react";
import { useUpdateStory } from "../../api/storyMutations";
import { useNotify } from "../../toasts/useNotify";
import { FormDialog } from "../common/FormDialog";
import { CriteriaEditor } from "./CriteriaEditor";

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
  const [title, setTitle] = useState(story.title);
  const [description, setDescription] = useState(story.description ?? "");
  const [criteria, setCriteria] = useState<string[]>(story.acceptanceCriteria);
  const [ticket, setTicket] = useState(story.ticketNumber ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = updateStorySchema.safeParse({
      title,
      description,
      acceptanceCriteria: criteria,
      ticketNumber: ticket,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
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
      <Field label="Title" required validationMessage={errors.title}>
        <Input value={title} maxLength={200} onChange={(_e, d) => setTitle(d.value)} data-testid="story-edit-title" />
      </Field>
      <Field label="Description" validationMessage={errors.description}>
        <Textarea value={description} rows={4} maxLength={5000} onChange={(_e, d) => setDescription(d.value)} />
      </Field>
      <Field label="Acceptance criteria" validationMessage={errors.acceptanceCriteria}>
        <CriteriaEditor criteria={criteria} onChange={setCriteria} />
      </Field>
      <Field label="Ticket number" validationMessage={errors.ticketNumber}>
        <Input value={ticket} maxLength={50} onChange={(_e, d) => setTicket(d.value)} placeholder="PROJ-123" />
      </Field>
    </FormDialog>
  );
}
