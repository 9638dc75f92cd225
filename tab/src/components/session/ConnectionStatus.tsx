import { MessageBar, MessageBarBody, makeStyles, Spinner } from "@fluentui/react-components";
import type { SessionView, StoryView } from "@pointwise/core/presented";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { isApiError } from "../../api/ApiError";
import { type LiveState, readLive, setPendingVote } from "../../api/liveSessionCache";
import { PENDING_VOTE_REFUSED, pendingVoteVerdict } from "../../api/pendingVote";
import { queryKeys } from "../../api/queryKeys";
import { useCastVote } from "../../api/voteMutations";
import { useNotify } from "../../toasts/useNotify";

const useStyles = makeStyles({
  spinner: { display: "inline-flex", marginRight: "8px", verticalAlign: "middle" },
});

/**
 * The truth about the live connection on the session screen (issue #8 section 5): a
 * "Reconnecting..." banner from the moment a drop is noticed, a "Back online" toast once the
 * fresh snapshot is applied, and the vote made meanwhile sent then (or refused with a toast
 * when the round was revealed or the story changed meanwhile).
 */
export function ConnectionStatus({
  sessionId,
  live,
  myVoterKey,
}: {
  sessionId: string;
  live: LiveState;
  myVoterKey: string | null;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const castVote = useCastVote(sessionId, myVoterKey);
  const shownBackOnline = useRef(live.backOnlineAt);

  useEffect(() => {
    if (live.backOnlineAt === null || live.backOnlineAt === shownBackOnline.current) return;
    shownBackOnline.current = live.backOnlineAt;
    notify("Back online", undefined, "success");
  }, [live.backOnlineAt, notify]);

  // After each snapshot (the state is fresh): send the pending vote, or say why not.
  const { mutate } = castVote;
  useEffect(() => {
    if (live.snapshots === 0) return;
    const current = readLive(queryClient, sessionId);
    const pending = current.pendingVote;
    if (current.connection !== "online" || !pending) return;
    const session = queryClient.getQueryData<SessionView>(queryKeys.session(sessionId));
    const stories = queryClient.getQueryData<StoryView[]>(queryKeys.stories(sessionId)) ?? [];
    const verdict = pendingVoteVerdict(pending, session, stories);
    if (!verdict.send) {
      setPendingVote(queryClient, sessionId, null);
      notify(PENDING_VOTE_REFUSED, verdict.message, "error");
      return;
    }
    mutate(
      { storyId: pending.storyId, points: pending.points },
      {
        onError: (error) => {
          setPendingVote(queryClient, sessionId, null);
          notify(PENDING_VOTE_REFUSED, isApiError(error) ? error.serverMessage : String(error), "error");
        },
      },
    );
  }, [live.snapshots, queryClient, sessionId, mutate, notify]);

  if (live.connection !== "reconnecting") return null;
  return (
    <MessageBar intent="warning" data-testid="connection-reconnecting" role="status">
      <MessageBarBody>
        {/* Decorative: the banner's text says it. A progressbar needs a name (axe
            aria-progressbar-name, serious), and one read twice helps nobody. */}
        <Spinner size="extra-tiny" as="span" className={styles.spinner} aria-hidden />
        Reconnecting...
      </MessageBarBody>
    </MessageBar>
  );
}
