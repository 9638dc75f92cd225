import type { ParticipantView } from "@pointwise/core/presented";
import { parseVoterKey } from "@pointwise/core/voters";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, sessionParticipants } from "../db/schema";
import { presentParticipant, ROOM_VIEWER } from "../presenters/participantPresenter";
import { participantCountsOf, roomWindowKeys } from "../queries/participantWindow";
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
  /**
   * voterKeys whose role changed: sent again as `refresh`, and in a big room too (issue #24
   * section 3), since the person themself and the leader must see it wherever they are in the room.
   */
  roleChanged?: string[];
  /**
   * Someone left the room (a removal): in a big room the frame carries the whole room window
   * again, since whoever moved into it is new to every client (issue #24 section 3).
   */
  windowChanged?: boolean;
}

/**
 * When a change may go out. `now`: at once, unless this session's last update left less than
 * PARTICIPANTS_UPDATE_WINDOW_MS ago (then with the next one, at most one frame per window per
 * session); `held`: within PARTICIPANT_JOIN_HOLD_MS, or sooner with any other change of the
 * session, for a REST join whose WebSocket join follows (one frame for both).
 */
export type PublishTiming = "now" | "held";

/**
 * At most one `participants_update` per session in this many milliseconds per
 * PARTICIPANTS_PER_WINDOW_STEP people in the room (issue #10: "one batched delta per ~50 ms
 * window"; issue #24 section 3: the window grows with the room): a burst of joins costs each
 * member one frame and the server one read of the room per window, not per join.
 */
export const PARTICIPANTS_UPDATE_WINDOW_MS = 50;

/** The room grows the coalescing window by PARTICIPANTS_UPDATE_WINDOW_MS per this many people. */
export const PARTICIPANTS_PER_WINDOW_STEP = 50;

/** The longest coalescing window (ms), whatever the room's size. */
export const PARTICIPANTS_UPDATE_WINDOW_MAX_MS = 1000;

/**
 * The coalescing window of a room of `people` participants (ms): 50 ms up to 50 people, 100 ms
 * up to 100, ... 500 ms at 500, at most PARTICIPANTS_UPDATE_WINDOW_MAX_MS (issue #24 section 3:
 * a 500-person burst sends each member a frame every ~0.5 s, not one per join, so the frames
 * every member receives grow as N, not N x N).
 */
export function participantsUpdateWindowMs(people: number): number {
  const steps = Math.max(1, Math.ceil(people / PARTICIPANTS_PER_WINDOW_STEP));
  return Math.min(PARTICIPANTS_UPDATE_WINDOW_MAX_MS, steps * PARTICIPANTS_UPDATE_WINDOW_MS);
}

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
  roleChanged: Set<string>;
  windowChanged: boolean;
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
  /** The room's size at the last frame: it sets the coalescing window (participantsUpdateWindowMs). */
  people: number;
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
    queue = { pending: undefined, lastSent: 0, people: 0, sending: Promise.resolve() };
    queues.set(sessionId, queue);
  }
  return queue;
}

/**
 * Publishes a `participants_update` delta (core/realtime): changed participants, voterKeys that
 * came online or went offline, whether the leader is connected now (Live badge), and the
 * current story's counts (issue #8 section 1). The one place this push is assembled, for joins,
 * presence changes, the end of a grace, role changes and removals. Changes of one session are
 * coalesced (issue #10): at most one frame per window (participantsUpdateWindowMs of the room's
 * size), each built from one read of the room, and a REST join (`held`) and its WebSocket join
 * make one frame. In a room of more than SNAPSHOT_PARTICIPANT_WINDOW people the frame carries
 * the views and presence of the room window only (queries/participantWindow) and the counts,
 * so a burst of N joins costs each member O(N / window) small frames (issue #24 section 3).
 * Call it after the change committed.
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
    timing === "held"
      ? now + PARTICIPANT_JOIN_HOLD_MS
      : Math.max(now, queue.lastSent + participantsUpdateWindowMs(queue.people));
  let pending = queue.pending;
  if (!pending) {
    pending = {
      given: new Map(),
      refresh: new Set(),
      roleChanged: new Set(),
      windowChanged: false,
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
  for (const key of change.roleChanged ?? []) pending.roleChanged.add(key);
  if (change.windowChanged) pending.windowChanged = true;
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
  const run = queue.sending.then(() => sendNow(ctx, sessionId, queue, pending));
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
      Math.max(0, queue.lastSent + participantsUpdateWindowMs(queue.people) - Date.now()),
    );
    forget.unref();
  });
}

/**
 * Builds and publishes one frame: one read of the session row, one of the room (participants
 * with presence; the counts come from the same rows) and the current story's votes. In a big
 * room (roomWindowKeys) only the room window's people and presence go out in full, and those
 * whose role changed (issue #24 section 3).
 */
async function sendNow(ctx: AppContext, sessionId: string, queue: SessionQueue, pending: Pending): Promise<void> {
  const [session] = await ctx.db.select().from(pointingSessions).where(eq(pointingSessions.id, sessionId));
  if (!session) return;
  const people = await participantPresence(ctx.db, sessionId);
  queue.people = people.length;
  const progress = await currentRoundProgress(ctx.db, sessionId, people);
  const leaders = leaderKeysOf(session);
  const window = roomWindowKeys(people, leaders);
  const shown = (voterKey: string) => !window || window.has(voterKey) || pending.roleChanged.has(voterKey);
  const byId = new Map(people.map((p) => [p.row.id, p]));
  const sent = new Set<string>();
  const participants: ParticipantView[] = [];
  for (const [id, given] of pending.given) {
    if (!shown(given.voterKey)) continue;
    const now = byId.get(id);
    participants.push(now ? presentParticipant(now.row, now.user, ROOM_VIEWER, now.present) : given);
    sent.add(id);
  }
  for (const p of people) {
    const again =
      pending.refresh.has(p.voterKey) ||
      pending.roleChanged.has(p.voterKey) ||
      (window !== null && pending.windowChanged);
    if (again && shown(p.voterKey) && !sent.has(p.row.id)) {
      participants.push(presentParticipant(p.row, p.user, ROOM_VIEWER, p.present));
    }
  }
  const online = new Set(people.filter((p) => p.online).map((p) => p.voterKey));
  if (leaders.some((key) => !people.some((p) => p.voterKey === key))) {
    // A leader without a participant row (not joined yet): ask the presence table.
    for (const key of await ctx.hub.onlineVoters(sessionId, leaders)) online.add(key);
  }
  await ctx.hub.publish(sessionId, {
    type: "participants_update",
    sessionId,
    participants,
    online: [...pending.presence].flatMap(([key, on]) => (on && shown(key) ? [key] : [])),
    offline: [...pending.presence].flatMap(([key, on]) => (on || !shown(key) ? [] : [key])),
    leaderPresent: leaderPresent(session, online),
    ...progress,
    participantCounts: participantCountsOf(people),
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
