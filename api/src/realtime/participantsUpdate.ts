import type { ParticipantView } from "@pointwise/core/presented";
import { parseVoterKey } from "@pointwise/core/voters";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, sessionParticipants } from "../db/schema";
import { presentParticipant, ROOM_VIEWER } from "../presenters/participantPresenter";
import { currentRoundProgress, participantPresence } from "../queries/roundProgress";
import { leaderKeysOf, leaderPresent } from "../queries/sessionViews";
import { voterRowOf } from "./voterRow";

/**
 * Changes of a session's people since its last `participants_update` (issue #10): coalesced
 * and sent as one delta.
 */
export interface ParticipantsChange {
  /** Participants added or changed; sent again as they are at send time (`present`, role). */
  participants?: ParticipantView[];
  /** voterKeys that came online. */
  online?: string[];
  /** voterKeys that went offline. */
  offline?: string[];
  /** voterKeys whose participants are sent again as they are at send time. */
  refresh?: string[];
}

/**
 * When a change may go out. `now`: at once, unless this session's last update left less than
 * PARTICIPANTS_UPDATE_WINDOW_MS ago (then with the next one, at most one frame per window per
 * session); `held`: within PARTICIPANT_JOIN_HOLD_MS, or sooner with any other change of the
 * session, for a REST join whose WebSocket join follows (one frame for both).
 */
export type PublishTiming = "now" | "held";

/**
 * At most one `participants_update` per session in this many milliseconds (issue #10: "one
 * batched delta per ~50 ms window"): a burst of joins costs each member one frame and the
 * server one read of the room per window, not per join.
 */
export const PARTICIPANTS_UPDATE_WINDOW_MS = 50;

/**
 * How long a REST join's push waits for the joiner's WebSocket join (milliseconds): the web app
 * joins through REST, then opens the session page, whose socket's `online` carries the newcomer
 * in the same frame. A joiner who never connects is pushed after this long.
 */
export const PARTICIPANT_JOIN_HOLD_MS = 1500;

/** Changes of one session waiting to be sent, and who waits for the send. */
interface Pending {
  given: Map<string, ParticipantView>;
  refresh: Set<string>;
  /** voterKey -> online (true) or offline (false): the last change wins. */
  presence: Map<string, boolean>;
  /** Date.now() when the frame goes out. */
  due: number;
  timer: NodeJS.Timeout;
  waiters: { resolve(): void; reject(err: unknown): void }[];
}

/** One session's coalescing state. */
interface SessionQueue {
  pending: Pending | undefined;
  /** Date.now() when the last frame was sent (started). */
  lastSent: number;
  /** The send in progress: sends of one session never overlap, so frames keep their order. */
  sending: Promise<void>;
}

/** Per application context (a server instance, or a test's app): sessionId -> queue. */
const queuesByContext = new WeakMap<AppContext, Map<string, SessionQueue>>();

/**
 * A session's round as a `participants_update` has just pushed it (counts from the same read of
 * the room), and whether the session reveals automatically: what the command layer needs to decide
 * that a change of the room completed the round (issue #8 sections 1 and 2).
 */
export interface PushedRound {
  sessionId: string;
  /** The session's `autoReveal` setting. */
  autoReveal: boolean;
  currentStoryId: string | null;
  votedCount: number;
  expectedVoters: number;
}

/**
 * Told after each `participants_update` frame is published, before the callers waiting for it
 * resume; its failure is swallowed (the frame went out). realtime/ decides no reveal itself
 * (issue #24 section 2): app.ts registers commands/autoRevealer's `autoRevealPushedRound`.
 */
export type PushedRoundListener = (round: PushedRound) => Promise<unknown>;

/** Per application context: the one listener of pushed rounds. */
const roundListeners = new WeakMap<AppContext, PushedRoundListener>();

/** Registers (or replaces) the listener told of the round each `participants_update` of `ctx` pushed. */
export function onParticipantsPushed(ctx: AppContext, listener: PushedRoundListener): void {
  roundListeners.set(ctx, listener);
}

function queueOf(ctx: AppContext, sessionId: string): SessionQueue {
  let queues = queuesByContext.get(ctx);
  if (!queues) {
    queues = new Map();
    queuesByContext.set(ctx, queues);
  }
  let queue = queues.get(sessionId);
  if (!queue) {
    queue = { pending: undefined, lastSent: 0, sending: Promise.resolve() };
    queues.set(sessionId, queue);
  }
  return queue;
}

/**
 * Publishes a `participants_update` delta (core/realtime): changed participants, voterKeys that
 * came online or went offline, whether the leader is connected now (Live badge), and the
 * current story's counts (issue #8 section 1). The one place this push is assembled, for joins,
 * presence changes, the end of a grace, role changes and removals. Changes of one session are
 * coalesced (issue #10): at most one frame per PARTICIPANTS_UPDATE_WINDOW_MS, each built from
 * one read of the room, so N joins cost each member at most N frames of one participant each
 * and the server O(N) work per frame, and a REST join (`held`) and its WebSocket join make one
 * frame. Call it after the change committed.
 * @returns once the frame carrying this change was published (errors as the publish's)
 */
export function publishParticipantsUpdate(
  ctx: AppContext,
  sessionId: string,
  change: ParticipantsChange,
  timing: PublishTiming = "now",
): Promise<void> {
  const queue = queueOf(ctx, sessionId);
  const now = Date.now();
  const due =
    timing === "held" ? now + PARTICIPANT_JOIN_HOLD_MS : Math.max(now, queue.lastSent + PARTICIPANTS_UPDATE_WINDOW_MS);
  let pending = queue.pending;
  if (!pending) {
    pending = {
      given: new Map(),
      refresh: new Set(),
      presence: new Map(),
      due,
      timer: later(() => send(ctx, sessionId, queue), due - now),
      waiters: [],
    };
    queue.pending = pending;
  } else if (due < pending.due) {
    clearTimeout(pending.timer);
    pending.due = due;
    pending.timer = later(() => send(ctx, sessionId, queue), due - now);
  }
  for (const p of change.participants ?? []) pending.given.set(p.id, p);
  for (const key of change.refresh ?? []) pending.refresh.add(key);
  for (const key of change.offline ?? []) pending.presence.set(key, false);
  for (const key of change.online ?? []) pending.presence.set(key, true);
  const waiting = pending;
  return new Promise((resolve, reject) => waiting.waiters.push({ resolve, reject }));
}

/** A timer that does not keep a stopping process alive (a held push is worth no delay of shutdown). */
function later(fn: () => void, ms: number): NodeJS.Timeout {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return timer;
}

/** Takes the session's pending changes and sends them after any send still in progress. */
function send(ctx: AppContext, sessionId: string, queue: SessionQueue): void {
  const pending = queue.pending;
  if (!pending) return;
  queue.pending = undefined;
  queue.lastSent = Date.now();
  const run = queue.sending.then(() => sendNow(ctx, sessionId, pending));
  queue.sending = run.catch(() => undefined);
  run.then(
    () => {
      for (const w of pending.waiters) w.resolve();
    },
    (err: unknown) => {
      for (const w of pending.waiters) w.reject(err);
    },
  );
  // An idle session leaves no state behind: forgotten once its last send is done and its window passed.
  const sending = queue.sending;
  void sending.then(() => {
    const forget = setTimeout(
      () => {
        if (queue.pending || queue.sending !== sending) return;
        const queues = queuesByContext.get(ctx);
        if (queues?.get(sessionId) === queue) queues.delete(sessionId);
      },
      Math.max(0, queue.lastSent + PARTICIPANTS_UPDATE_WINDOW_MS - Date.now()),
    );
    forget.unref();
  });
}

/**
 * Builds and publishes one frame: one read of the session row, one of the room (participants
 * with presence; the counts come from the same rows) and the current story's votes.
 */
async function sendNow(ctx: AppContext, sessionId: string, pending: Pending): Promise<void> {
  const [session] = await ctx.db.select().from(pointingSessions).where(eq(pointingSessions.id, sessionId));
  if (!session) return;
  const people = await participantPresence(ctx.db, sessionId);
  const progress = await currentRoundProgress(ctx.db, sessionId, people);
  const byId = new Map(people.map((p) => [p.row.id, p]));
  const sent = new Set<string>();
  const participants: ParticipantView[] = [];
  for (const [id, given] of pending.given) {
    const now = byId.get(id);
    participants.push(now ? presentParticipant(now.row, now.user, ROOM_VIEWER, now.present) : given);
    sent.add(id);
  }
  for (const p of people) {
    if (pending.refresh.has(p.voterKey) && !sent.has(p.row.id)) {
      participants.push(presentParticipant(p.row, p.user, ROOM_VIEWER, p.present));
    }
  }
  const online = new Set(people.filter((p) => p.online).map((p) => p.voterKey));
  const leaders = leaderKeysOf(session);
  if (leaders.some((key) => !people.some((p) => p.voterKey === key))) {
    // A leader without a participant row (not joined yet): ask the presence table.
    for (const key of await ctx.hub.onlineVoters(sessionId, leaders)) online.add(key);
  }
  await ctx.hub.publish(sessionId, {
    type: "participants_update",
    sessionId,
    participants,
    online: [...pending.presence].flatMap(([key, on]) => (on ? [key] : [])),
    offline: [...pending.presence].flatMap(([key, on]) => (on ? [] : [key])),
    leaderPresent: leaderPresent(session, online),
    ...progress,
  });
  // Someone the round waited for left, became an observer or was removed: that may complete the
  // round (issue #8 sections 1 and 2); the listener (the command layer) decides.
  await roundListeners
    .get(ctx)?.({
      sessionId,
      autoReveal: session.autoReveal,
      currentStoryId: progress.currentStoryId,
      votedCount: progress.votedCount,
      expectedVoters: progress.expectedVoters,
    })
    .catch(() => null);
}

/**
 * True when the participant behind `voterKey` had no presence grace running (absent, or never
 * seen): their coming online changes `present`, so the push carries them again.
 */
export async function wasAbsent(ctx: AppContext, sessionId: string, voterKey: string): Promise<boolean> {
  const ids = parseVoterKey(voterKey);
  if (!ids) return false;
  const [row] = await ctx.db
    .select({
      absent: sql<boolean>`${sessionParticipants.presentUntil} is null or ${sessionParticipants.presentUntil} <= now()`,
    })
    .from(sessionParticipants)
    .where(voterRowOf(sessionId, ids));
  return row?.absent === true;
}
