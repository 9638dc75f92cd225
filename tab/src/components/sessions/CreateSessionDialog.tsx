import { Field, Input, Select, Switch, Textarea } from "@fluentui/react-components";
import { ESTIMATION_SCALES, type EstimationScale } from "@pointwise/core/decks";
import type { SessionSlotRefusal } from "@pointwise/core/plans";
import { createSessionSchema } from "@pointwise/core/sessionSchemas";
import { useState } from "react";
import { useNavigate } from "react-router";
import { isApiError } from "../../api/ApiError";
import { useCurrentUser } from "../../api/authQueries";
import { useCreateSession } from "../../api/sessionMutations";
import { useTeams } from "../../api/teamQueries";
import { useJiraConnection } from "../../api/useJiraConnection";
import { firstIssueByField } from "../../errors/firstIssueByField";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { sessionDraft } from "../../storage/sessionDraft";
import { useNotify } from "../../toasts/useNotify";
import { FormDialog } from "../common/FormDialog";
import { JiraProjectSelect, NO_JIRA } from "../jira/JiraProjectSelect";
import { AUTO_REVEAL_LABEL } from "../session/AutoRevealSwitch";
import { CreateSessionRefusal } from "./CreateSessionRefusal";
import { InviteMembersList } from "./InviteMembersList";
import { parseCustomDeck } from "./parseCustomDeck";

const SCALE_LABELS: Record<EstimationScale, string> = {
  fibonacci: "Fibonacci (1, 2, 3, 5, 8, 13, 21)",
  tshirt: "T-shirt sizes (XS - XXL)",
  linear: "Linear (1 - 10)",
  powers: "Powers of 2 (1 - 64)",
  custom: "Custom numbers",
};

/** The refusal an answer of POST /api/sessions carries: the plan's limit or an inactive subscription; else null. */
function refusalOf(error: unknown): SessionSlotRefusal | null {
  if (isApiError(error, "SUBSCRIPTION_LIMIT_REACHED")) {
    return {
      reason: "limit",
      limit: Number(error.body.limit ?? 3),
      owned: Number(error.body.currentSessions ?? error.body.limit ?? 3),
    };
  }
  if (isApiError(error, "SUBSCRIPTION_INACTIVE")) return { reason: "inactive", owned: 0 };
  return null;
}

/**
 * Create New Session (spec part 1 sections 2, 4 and 5): title, description, team, estimation
 * scale (custom numbers), max participants, auto-reveal (issue #8 section 2), team invites and,
 * with a Jira connection, the Jira project (issue #12 section 2);
 * toasts 'Success' and opens the session. `teamId` preselects a team (New Team Session, issue #11 section 1).
 * Entry points check the plan's limit before opening it (useSessionSlot); should the server still
 * refuse, the form stays open with what was typed, says why, and keeps it as a draft for the next
 * time it opens (issue #22), instead of going to /error/subscription.
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
  // A draft kept from a refused submit (issue #22) fills the form again.
  const [draft] = useState(() => sessionDraft.load());
  const [jiraProjectKey, setJiraProjectKey] = useState(draft?.jiraProjectKey ?? NO_JIRA);
  const [title, setTitle] = useState(draft?.title ?? "");
  const [description, setDescription] = useState(draft?.description ?? "");
  const [teamId, setTeamId] = useState(draft?.teamId ?? initialTeamId ?? "no-team");
  const [scale, setScale] = useState<EstimationScale>(draft?.scale ?? "fibonacci");
  const [customDeck, setCustomDeck] = useState(draft?.customDeck ?? "0, 1, 2, 3, 5, 8, 13, 20, 40, 100");
  const [maxParticipants, setMaxParticipants] = useState(draft?.maxParticipants ?? "50");
  const [invited, setInvited] = useState<string[]>(draft?.invited ?? []);
  const [autoReveal, setAutoReveal] = useState(draft?.autoReveal ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<SessionSlotRefusal | null>(null);

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
    setRefused(null);
    createSession.mutate(parsed.data, {
      onSuccess: (session) => {
        sessionDraft.clear();
        notify("Success", "Session created successfully!");
        onOpenChange(false);
        navigate(`/session/${session.id}`);
      },
      onError: (error) => {
        const refusal = refusalOf(error);
        if (!refusal) return handleError(error, "Failed to create session. Please try again.");
        sessionDraft.save({
          title,
          description,
          teamId,
          scale,
          customDeck,
          maxParticipants,
          autoReveal,
          invited,
          jiraProjectKey,
        });
        setRefused(refusal);
      },
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
      {refused ? <CreateSessionRefusal refusal={refused} onLeave={() => onOpenChange(false)} /> : null}
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
