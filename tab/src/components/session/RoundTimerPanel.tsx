import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { Timer20Regular } from "@fluentui/react-icons";
import type { SessionView, StoryView } from "@pointwise/core/presented";
import { formatCountdown } from "@pointwise/core/roundTimer";
import { useEffect, useRef } from "react";
import { useAnnounce } from "../common/LiveAnnouncer";
import { AutoRevealSwitch } from "./AutoRevealSwitch";
import { RoundTimerControls } from "./RoundTimerControls";
import { type TimerSighting, timerAnnouncement } from "./timerAnnouncement";
import { useRoundCountdown } from "./useRoundCountdown";

const useStyles = makeStyles({
  panel: { display: "flex", alignItems: "center", gap: "8px 16px", flexWrap: "wrap" },
  top: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "12px", flexWrap: "wrap" },
  clock: {
    display: "inline-flex",
    alignItems: "center",
    gap: "6px",
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: "tabular-nums",
  },
  timeUp: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * The round timer and auto-reveal on the session screen (issue #8 section 2): everyone sees the
 * time left (mm:ss by the server's clock) or "Time's up"; the leader starts and stops the timer
 * and switches auto-reveal. A polite live region announces the start, the last minute, the last
 * 10 seconds and "Time's up". The timer shows while the story's votes are hidden.
 */
export function RoundTimerPanel({
  session,
  story,
  isLeader,
}: {
  session: SessionView;
  story: StoryView;
  isLeader: boolean;
}) {
  const styles = useStyles();
  const countdown = useRoundCountdown(story.timerEndsAt);
  useTimerAnnouncement(story.timerEndsAt, countdown.remainingMs);
  // After the reveal the timer is over (the server cleared it); the leader keeps the switch.
  const timerShown = !story.votesRevealed;
  // Nothing to show to a voter until a timer runs (the news is announced either way).
  const visible = isLeader || (timerShown && (countdown.active || session.autoReveal));

  if (!visible) return null;
  return (
    <section className={styles.panel} aria-label="Round timer" data-testid="round-timer-panel">
      {timerShown ? (
        <div className={styles.top}>
          {countdown.active ? (
            <Text
              className={mergeClasses(styles.clock, countdown.timeUp && styles.timeUp)}
              data-testid="round-timer"
              data-time-up={countdown.timeUp}
            >
              <Timer20Regular aria-hidden />
              {countdown.timeUp ? "Time's up" : formatCountdown(countdown.remainingMs)}
            </Text>
          ) : !isLeader ? (
            <Text size={200} className={styles.muted}>
              Votes are revealed automatically when everyone has voted
            </Text>
          ) : null}
          {isLeader ? (
            <RoundTimerControls
              sessionId={session.id}
              storyId={story.id}
              active={countdown.active}
              timeUp={countdown.timeUp}
            />
          ) : null}
        </div>
      ) : null}
      {isLeader ? <AutoRevealSwitch session={session} /> : null}
    </section>
  );
}

/** Announces the timer's news (timerAnnouncement) through the app's one live region. */
function useTimerAnnouncement(endsAt: string | null, remainingMs: number): void {
  const announce = useAnnounce();
  const last = useRef<TimerSighting>({ endsAt: null, seconds: null });
  const seconds = Math.ceil(remainingMs / 1000);
  useEffect(() => {
    const now = { endsAt, seconds };
    const said = timerAnnouncement(last.current, now);
    last.current = now;
    if (said) announce(said);
  }, [endsAt, seconds, announce]);
}
