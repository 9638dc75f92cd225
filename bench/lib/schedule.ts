/**
 * Votes in every session on a steady schedule for `holdMs` milliseconds: session i's first vote
 * comes `i * intervalMs / sessions.length` ms after the start (spread evenly over one interval),
 * then one every `intervalMs`. Resolves `settleMs` (default 2,000) after the schedule stops, so the
 * last votes' notices arrive before the figures are read. A load client that holds a share of
 * the sessions passes `slotOf` (a session's index among all `slots`) to keep the global spread.
 */
export async function voteOnSchedule<S>(
  sessions: readonly S[],
  vote: (session: S) => void,
  intervalMs: number,
  holdMs: number,
  settleMs = 2000,
  slotOf: (index: number) => number = (index) => index,
  slots: number = sessions.length,
): Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  sessions.forEach((session, i) => {
    const offset = Math.floor((slotOf(i) * intervalMs) / slots);
    timers.push(
      setTimeout(() => {
        vote(session);
        timers.push(setInterval(() => vote(session), intervalMs));
      }, offset),
    );
  });
  await new Promise((r) => setTimeout(r, holdMs));
  for (const timer of timers) clearInterval(timer);
  await new Promise((r) => setTimeout(r, settleMs));
}
