import { Field, Input, Select, Switch, Textarea } from "@fluentui/react-components";
import { ESTIMATION_SCALES, type EstimationScale } from "@pointwise/core/decks";
import { createSessionSchema } from "@pointwise/core/sessionSchemas";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../api/authQueries";
import { useCreateSession } from "../../api/sessionMutations";
import { useTeams } from "../../api/teamQueries";
import { useJiraConnection } from "../../api/useJiraConnection";
import { firstIssueByField } from "../../errors/firstIssueByField";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { useNotify } from "../../toasts/useNotify";
import { FormDialog } from "../common/FormDialog";
import { JiraProjectSelect, NO_JIRA } from "../jira/JiraProjectSelect";
import { AUTO_REVEAL_LABEL } from "../session/AutoRevealSwitch";
import { InviteMembersList } from "./InviteMembersList";
import { parseCustomDeck } from "./parseCustomDeck";

const SCALE_LABELS: Record<EstimationScale, string> = {
  fibonacci: "Fibonacci (1, 2, 3, 5, 8, 13, 21)",
  tshirt: "T-shirt sizes (XS - XXL)",
  linear: "Linear (1 - 10)",
  powers: "Powers of 2 (1 - 64)",
  custom: "Custom numbers",
};

/**
 * Create New Session (spec part 1 sections 2, 4 and 5): title, description, team, estimation
 * scale (custom numbers), max participants, auto-reveal (issue #8 section 2), team invites and,
 * with a Jira connection, the Jira project (issue #12 section 2);
 * toasts 'Success' and opens the session. `teamId` preselects a team (New Team Session, issue #11 section 1).
 */
export function CreateSessionDialog({
  open,
  onOpenChange,
  teamId: initialTeamId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamId?: string;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const handleError = useErrorHandler();
  const { data: user } = useCurrentUser();
  const teams = useTeams();
  const createSession = useCreateSession();
  const jira = useJiraConnection();
  const [jiraProjectKey, setJiraProjectKey] = useState(NO_JIRA);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [teamId, setTeamId] = useState(initialTeamId ?? "no-team");
  const [scale, setScale] = useState<EstimationScale>("fibonacci");
  const [customDeck, setCustomDeck] = useState("0, 1, 2, 3, 5, 8, 13, 20, 40, 100");
  const [maxParticipants, setMaxParticipants] = useState("50");
  const [invited, setInvited] = useState<string[]>([]);
  const [autoReveal, setAutoReveal] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const deck = scale === "custom" ? parseCustomDeck(customDeck) : undefined;
    const parsed = createSessionSchema.safeParse({
      title,
      description,
      teamId,
      jiraProjectKey: jira.config ? jiraProjectKey : undefined,
      estimationScale: scale,
      customDeck: deck ?? undefined,
      maxParticipants,
      autoReveal,
      invitedMembers: teamId === "no-team" ? undefined : invited,
    });
    if (!parsed.success || deck === null) {
      const next = firstIssueByField(parsed.error?.issues ?? []);
      if (deck === null) next.customDeck = "Enter numbers 0-999 separated by commas";
      setErrors(next);
      return;
    }
    setErrors({});
    createSession.mutate(parsed.data, {
      onSuccess: (session) => {
        notify("Success", "Session created successfully!");
        onOpenChange(false);
        navigate(`/session/${session.id}`);
      },
      onError: (error) => handleError(error, "Failed to create session. Please try again."),
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Session"
      description="Set up a pointing session for your team."
      submitLabel="Create Session"
      submitTestId="session-submit"
      busy={createSession.isPending}
      size="lg"
      onSubmit={submit}
    >
      <Field label="Title" required validationMessage={errors.title}>
        <Input
          value={title}
          maxLength={200}
          onChange={(_e, d) => setTitle(d.value)}
          data-testid="session-title-input"
          placeholder="Sprint 42 planning"
          autoFocus
        />
      </Field>
      <Field label="Description" validationMessage={errors.description}>
        <Textarea value={description} maxLength={1000} rows={3} onChange={(_e, d) => setDescription(d.value)} />
      </Field>
      <Field label="Team">
        <Select value={teamId} onChange={(_e, d) => setTeamId(d.value)} data-testid="session-team-select">
          <option value="no-team">No team (Personal session)</option>
          {(teams.data ?? []).map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </Select>
      </Field>
      {jira.config ? (
        <JiraProjectSelect value={jiraProjectKey} onChange={setJiraProjectKey} testId="session-jira-project" />
      ) : null}
      <Field label="Estimation scale">
        <Select
          value={scale}
          onChange={(_e, d) => setScale(d.value as EstimationScale)}
          data-testid="session-scale-select"
        >
          {ESTIMATION_SCALES.map((s) => (
            <option key={s} value={s}>
              {SCALE_LABELS[s]}
            </option>
          ))}
        </Select>
      </Field>
      {scale === "custom" ? (
        <Field
          label="Custom deck"
          hint="Numbers 0-999 (one decimal place allowed), separated by commas"
          validationMessage={errors.customDeck}
        >
          <Input value={customDeck} onChange={(_e, d) => setCustomDeck(d.value)} data-testid="session-custom-deck" />
        </Field>
      ) : null}
      <Field label="Max participants" validationMessage={errors.maxParticipants}>
        <Input
          type="number"
          min={2}
          max={100}
          value={maxParticipants}
          onChange={(_e, d) => setMaxParticipants(d.value)}
        />
      </Field>
      <Switch
        label={AUTO_REVEAL_LABEL}
        checked={autoReveal}
        onChange={(_e, d) => setAutoReveal(d.checked)}
        data-testid="session-auto-reveal"
      />
      {teamId !== "no-team" ? (
        <Field label="Invite team members">
          <InviteMembersList teamId={teamId} selfId={user?.id} chosen={invited} onChange={setInvited} />
        </Field>
      ) : null}
    </FormDialog>
  );
}
