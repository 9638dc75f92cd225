import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { TimerOff20Regular } from "@fluentui/react-icons";
import { TIMER_PRESETS_SECONDS } from "@pointwise/core/roundTimer";
import { useStartTimer, useStopTimer } from "../../api/timerMutations";
import { useErrorHandler } from "../../errors/useErrorHandler";
import { CustomTimerPopover } from "./CustomTimerPopover";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: "6px", flexWrap: "wrap" },
  label: { color: tokens.colorNeutralForeground3 },
});

/**
 * The leader's round timer controls (issue #8 section 2): presets 1, 2 and 5 minutes, a custom
 * length (30 s to 10 min) and Stop (Clear once it has run out). Starting again replaces the timer.
 */
export function RoundTimerControls({
  sessionId,
  storyId,
  active,
  timeUp,
}: {
  sessionId: string;
  storyId: string;
  /** A deadline is set (running or run out). */
  active: boolean;
  /** The deadline has passed ("Time's up"). */
  timeUp: boolean;
}) {
  const styles = useStyles();
  const start = useStartTimer(sessionId);
  const stop = useStopTimer(sessionId);
  const handleError = useErrorHandler();
  const busy = start.isPending || stop.isPending;
  const startFor = (seconds: number) =>
    start.mutate({ storyId, seconds }, { onError: (error) => handleError(error, "Failed to start the timer.") });

  return (
    <div className={styles.row}>
      <Text size={200} className={styles.label}>
        Timer
      </Text>
      {TIMER_PRESETS_SECONDS.map((seconds) => (
        <Button
          key={seconds}
          size="small"
          disabled={busy}
          onClick={() => startFor(seconds)}
          data-testid={`timer-preset-${seconds}`}
          aria-label={`${seconds / 60} min timer: start`}
          title={`Start a ${seconds / 60} minute timer`}
        >
          {seconds / 60} min
        </Button>
      ))}
      <CustomTimerPopover disabled={busy} onStart={startFor} />
      {active ? (
        <Button
          size="small"
          appearance="subtle"
          icon={<TimerOff20Regular />}
          disabled={busy}
          onClick={() => stop.mutate(storyId, { onError: (error) => handleError(error) })}
          data-testid="timer-stop"
        >
          {timeUp ? "Clear timer" : "Stop timer"}
        </Button>
      ) : null}
    </div>
  );
}
