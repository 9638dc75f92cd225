import { Button, Field, Input, makeStyles } from "@fluentui/react-components";
import { Add20Regular, PeopleTeam24Regular } from "@fluentui/react-icons";
import { useState } from "react";
import { useBindMeetingSession } from "../../api/meetingQueries";
import { useSessionSlot } from "../../api/subscriptionQueries";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { EmptyState } from "../common/EmptyState";
import { SessionLimitNotice } from "../sessions/SessionLimitNotice";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "8px", width: "100%" },
});

/**
 * No session runs in this meeting yet: a signed-in attendee may start one (it becomes the
 * meeting's session, PUT /api/meetings/{conversationId}/session, and they lead it), unless their
 * plan allows no more sessions (useSessionSlot: the limit shows instead, issue #22); a guest
 * waits for the organizer.
 */
export function MeetingSessionStarter({ conversationId, signedIn }: { conversationId: string; signedIn: boolean }) {
  const styles = useStyles();
  const bind = useBindMeetingSession(conversationId);
  const handleError = useErrorHandler();
  const [title, setTitle] = useState("Meeting estimation");
  const slot = useSessionSlot(signedIn);

  if (!signedIn) {
    return (
      <EmptyState
        icon={<PeopleTeam24Regular />}
        title="No session yet"
        message="Waiting for the meeting organizer to start a Pointwise session"
        testId="teams-waiting-organizer"
      />
    );
  }
  const start = (event: React.FormEvent) => {
    event.preventDefault();
    bind.mutate({ title: title.trim() || "Meeting estimation" }, { onError: (error) => handleError(error) });
  };
  return (
    <EmptyState
      icon={<PeopleTeam24Regular />}
      title="Estimate together in this meeting"
      message="No Pointwise session runs in this meeting yet. Start one and lead it."
      action={
        slot.refusal ? (
          <SessionLimitNotice refusal={slot.refusal} testId="teams-sidepanel-limit" />
        ) : (
          <form className={styles.form} onSubmit={start}>
            <Field label="Session title">
              <Input value={title} maxLength={100} onChange={(_e, d) => setTitle(d.value)} />
            </Field>
            <Button
              appearance="primary"
              type="submit"
              icon={<Add20Regular />}
              disabled={bind.isPending}
              data-testid="teams-sidepanel-create"
            >
              {bind.isPending ? "Starting..." : "Start a session for this meeting"}
            </Button>
          </form>
        )
      }
    />
  );
}
