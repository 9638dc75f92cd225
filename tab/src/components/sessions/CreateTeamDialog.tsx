import { Field, Input, Textarea } from "@fluentui/react-components";
import { createTeamSchema } from "@pointwise/core/teamSchemas";
import { useState } from "react";
import { isApiError } from "../../api/ApiError";
import { useCreateTeam } from "../../api/teamQueries";
import { useNotify } from "../../toasts/useNotify";
import { FormDialog } from "../common/FormDialog";

/** Create New Team: name (required) and description; toasts 'Team created' (spec part 1 sections 2 and 8). */
export function CreateTeamDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const createTeam = useCreateTeam();
  const notify = useNotify();

  const submit = () => {
    const parsed = createTeamSchema.safeParse({ name, description });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    createTeam.mutate(parsed.data, {
      onSuccess: () => {
        notify("Team created", "Your team has been created successfully.");
        onOpenChange(false);
      },
      onError: (error) => {
        const message =
          isApiError(error) && error.serverMessage ? error.serverMessage : "Failed to create team. Please try again.";
        notify("Error", message, "error");
      },
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Team"
      submitLabel="Create Team"
      busy={createTeam.isPending}
      onSubmit={submit}
    >
      <Field label="Team name" required validationMessage={nameError}>
        <Input value={name} maxLength={100} onChange={(_e, d) => setName(d.value)} autoFocus />
      </Field>
      <Field label="Description">
        <Textarea value={description} maxLength={500} onChange={(_e, d) => setDescription(d.value)} rows={3} />
      </Field>
    </FormDialog>
  );
}
