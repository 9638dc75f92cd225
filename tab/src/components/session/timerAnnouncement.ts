/**
 * What the round timer's polite live region says (issue #8 sections 2 and 6: the timer is
 * announced through an `aria-live` region, never every second): its start, "1 minute left",
 * "10 seconds left", "Time's up", and its stop.
 */

/** A duration read aloud: "2 minutes", "1 minute 30 seconds", "45 seconds". */
export function spokenDuration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts = [
    ...(minutes > 0 ? [`${minutes} ${minutes === 1 ? "minute" : "minutes"}`] : []),
    ...(seconds > 0 || minutes === 0 ? [`${seconds} ${seconds === 1 ? "second" : "seconds"}`] : []),
  ];
  return parts.join(" ");
}

/** The timer as last seen: its deadline and the whole seconds left (null before the first look). */
export interface TimerSighting {
  endsAt: string | null;
  seconds: number | null;
}

/**
 * The announcement due between two sightings of the timer, or null when nothing is to be said.
 * @param before the previous sighting (`seconds` null on the first render)
 * @param now the current one
 */
export function timerAnnouncement(before: TimerSighting, now: TimerSighting): string | null {
  const seconds = now.seconds ?? 0;
  if (now.endsAt !== before.endsAt) {
    if (now.endsAt && seconds > 0) {
      return before.seconds === null
        ? `Timer running: ${spokenDuration(seconds)} left`
        : `Timer started: ${spokenDuration(seconds)}`;
    }
    if (!now.endsAt && before.endsAt && (before.seconds ?? 0) > 0) return "Timer stopped";
    return null;
  }
  if (!now.endsAt || before.seconds === null) return null;
  if (before.seconds > 0 && seconds <= 0) return "Time's up";
  if (before.seconds > 10 && seconds <= 10) return "10 seconds left";
  if (before.seconds > 60 && seconds <= 60) return "1 minute left";
  return null;
}
