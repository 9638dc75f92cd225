import { Button, Field, Input, makeStyles, Radio, RadioGroup, Spinner, Text, tokens } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import { useState } from "react";
import { useCurrentUser } from "../../api/authQueries";
import { useBindMeetingSession } from "../../api/meetingQueries";
import { useSessions } from "../../api/sessionQueries";
import { useSessionSlot } from "../../api/subscriptionQueries";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { conversationIdOf, type TeamsHost } from "../../teamsHost/teamsHost";
import { SessionLimitNotice } from "../sessions/SessionLimitNotice";
import { TeamsIdentityLine } from "./TeamsIdentityLine";
import { useTabConfigSave } from "./useTabConfigSave";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: "16px", padding: "20px", maxWidth: "640px" },
  create: { display: "flex", gap: "8px", alignItems: "flex-end", flexWrap: "wrap" },
  grow: { flex: 1, minWidth: "220px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * The configuration form of a signed-in organizer: create a session bound to this meeting (unless
 * their plan allows no more: the limit shows instead, useSessionSlot, issue #22), or pick one they
 * lead; useTabConfigSave answers Teams' Save.
 */
export function TabConfigForm({ host }: { host: TeamsHost }) {
  const styles = useStyles();
  const conversationId = conversationIdOf(host.context);
  const { data: user } = useCurrentUser();
  const sessions = useSessions();
  const bind = useBindMeetingSession(conversationId ?? "");
  const handleError = useErrorHandler();
  const [selected, setSelected] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [title, setTitle] = useState("Meeting estimation");
  const slot = useSessionSlot();
  // A session created here is bound already; outside a conversation there is nothing to bind.
  useTabConfigSave(host, selected, selected === created || conversationId === null, bind.mutateAsync);

  const mine = (sessions.data ?? []).filter((s) => s.creatorId === user?.id || s.leaderId === user?.id);
  const create = () => {
    if (!conversationId) return;
    bind.mutate(
      { title: title.trim() || "Meeting estimation" },
      {
        onSuccess: (session) => {
          setCreated(session.id);
          setSelected(session.id);
        },
        onError: (error) => handleError(error),
      },
    );
  };

  return (
    <div className={styles.root} data-testid="teams-config">
      <TeamsIdentityLine host={host} />
      <Text weight="semibold" size={400}>
        Set up Pointwise
      </Text>
      {conversationId && slot.refusal && created === null ? (
        <SessionLimitNotice refusal={slot.refusal} testId="teams-config-limit" />
      ) : conversationId ? (
        <div className={styles.create}>
          <Field label="New session" className={styles.grow}>
            <Input value={title} maxLength={200} onChange={(_e, d) => setTitle(d.value)} />
          </Field>
          <Button
            appearance="primary"
            icon={<Add20Regular />}
            onClick={create}
            disabled={bind.isPending || created !== null}
            data-testid="teams-config-create"
          >
            {created ? "Session created" : "Create session for this meeting"}
          </Button>
        </div>
      ) : null}
      <Field label="Or use one of your sessions">
        {sessions.isLoading ? (
          <Spinner aria-label="Loading" size="tiny" />
        ) : mine.length === 0 ? (
          <Text className={styles.muted}>You do not lead any session yet.</Text>
        ) : (
          <RadioGroup
            value={selected ?? ""}
            onChange={(_e, d) => setSelected(d.value)}
            data-testid="teams-config-sessions"
          >
            {mine.map((s) => (
              <Radio key={s.id} value={s.id} label={s.title} data-testid={`teams-config-session-${s.id}`} />
            ))}
          </RadioGroup>
        )}
      </Field>
      {selected ? (
        <Text className={styles.muted} data-testid="teams-config-ready">
          Select Save to add the tab.
        </Text>
      ) : null}
    </div>
  );
}
