import { Field, Input, Textarea } from "@fluentui/react-components";
import type { SessionView } from "@pointwise/core/presented";
import { createStorySchema } from "@pointwise/core/storySchemas";
import { useState } from "react";
import { useCreateStory } from "../../api/storyMutations";
import { useNotify } from "../../toasts/useNotify";
import { FormDialog } from "../common/FormDialog";
import { CriteriaEditor } from "./CriteriaEditor";

/**
 * Add New Story (leader; spec part 2 section 2): title, description (4 rows), acceptance
 * criteria (blank ones dropped) and ticket number; toasts 'Success' / 'Story added successfully!'.
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
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [criteria, setCriteria] = useState<string[]>([]);
  const [ticket, setTicket] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = createStorySchema.safeParse({
      title,
      description,
      acceptanceCriteria: criteria,
      ticketNumber: ticket,
      teamId: session.teamId ?? "no-team",
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
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
      <Field label="Title" required validationMessage={errors.title}>
        <Input
          value={title}
          maxLength={200}
          onChange={(_e, d) => setTitle(d.value)}
          data-testid="story-title-input"
          placeholder="As a user, I want to..."
          autoFocus
        />
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
