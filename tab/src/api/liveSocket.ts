import { CLOSE_REMOVED, type ClientMessage, type ServerMessage } from "@pointwise/core/realtime";
import { noteRoundTrip } from "./serverClock";

/**
 * Heartbeat (issue #8 section 5: a drop is shown within 2 s, even a dead connection that never
 * closes, e.g. a network cut). The client sends `ping` once nothing arrived for PING_IDLE_MS;
 * the server answers `pong`. A socket silent for DEAD_AFTER_MS is taken for dead. Checked every
 * CHECK_MS, so a cut is noticed at most DEAD_AFTER_MS + CHECK_MS = 1.7 s after it. A quiet
 * socket sends under 2 frames/s, far below the server's WS_FRAMES_PER_SECOND (20).
 */
export const PING_IDLE_MS = 600;
/** Silence (ms) after which the socket is taken for dead: a pong may take 900 ms. */
export const DEAD_AFTER_MS = 1500;
/** Interval (ms) of the heartbeat check. */
export const CHECK_MS = 200;
/**
 * A ping goes out at least this often (ms) even on a busy socket: each pong is a clock sample
 * (serverClock; issue #22 section 1), so the offset stays measured by recent round trips.
 */
export const CLOCK_PING_MS = 10_000;
/** Reconnect backoff: first delay (ms), doubled per failed attempt up to RECONNECT_MAX_MS, with jitter. */
export const RECONNECT_BASE_MS = 500;
/** Longest wait (ms) between reconnect attempts. */
export const RECONNECT_MAX_MS = 10_000;
/** WebSocket close code of a deliberate leave. */
export const NORMAL_CLOSURE = 1000;

/**
 * The delay before reconnect attempt `attempt` (0 for the first): exponential backoff with
 * jitter, between half and all of min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2^attempt), so a
 * whole room that lost its server does not come back at the same instant.
 * @param random a number in [0, 1) (Math.random)
 */
export function reconnectDelay(attempt: number, random: number = Math.random()): number {
  const cap = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(cap * (0.5 + random / 2));
}

/** What the live socket tells its owner. */
export interface LiveSocketHandlers {
  /** Called once per open socket: send join_session through `send`. */
  onOpen(send: (frame: ClientMessage) => void): void | Promise<void>;
  onMessage(message: ServerMessage): void;
  /** A drop was noticed (close, missed heartbeat, browser offline): show "Reconnecting...". */
  onDrop(): void;
}

/** Optional dependencies, injected by tests (defaults: the browser's). */
export interface LiveSocketEnvironment {
  createSocket?: (url: string) => WebSocket;
  now?: () => number;
  random?: () => number;
  /** The window whose online/offline events are followed; null to ignore them. */
  events?: Pick<Window, "addEventListener" | "removeEventListener"> | null;
  isOnline?: () => boolean;
}

/** A running live connection. */
export interface LiveSocket {
  /** Sends a frame when the socket is open (else drops it); true when sent. */
  send(frame: ClientMessage): boolean;
  /** Closes for good (code 1000) and stops reconnecting. */
  stop(): void;
}

/**
 * Keeps one WebSocket to `url` open (issue #8 section 5): joins on every open, notices a drop
 * within 2 s (close event, heartbeat silence, or the browser going offline), reconnects with
 * backoff and jitter (at once when the browser comes back online; never while it says it is
 * offline), and stops for good on `stop()`. The owner applies messages and shows the state.
 */
export function openLiveSocket(
  url: () => string,
  handlers: LiveSocketHandlers,
  env: LiveSocketEnvironment = {},
): LiveSocket {
  const createSocket = env.createSocket ?? ((u: string) => new WebSocket(u));
  const now = env.now ?? (() => Date.now());
  const random = env.random ?? Math.random;
  const events = env.events === undefined ? (typeof window === "undefined" ? null : window) : env.events;
  const isOnline = env.isOnline ?? (() => typeof navigator === "undefined" || navigator.onLine !== false);

  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let lastHeard = 0;
  let lastPing = 0;
  let lastCheck = 0;
  /** Pings in flight: id -> local send time (a clock sample when its pong comes). */
  const pingsSent = new Map<number, number>();
  let nextPingId = 0;

  /** Sends a ping, remembering when, so its pong measures the round trip. */
  const ping = (target: WebSocket | null, at: number) => {
    lastPing = at;
    const id = nextPingId++;
    if (pingsSent.size > 16) pingsSent.clear(); // pongs that never came
    if (sendOn(target, { type: "ping", id })) pingsSent.set(id, at);
  };

  const sendOn = (target: WebSocket | null, frame: ClientMessage): boolean => {
    if (!target || target.readyState !== WebSocket.OPEN) return false;
    target.send(JSON.stringify(frame));
    return true;
  };

  /** Forgets the current socket without waiting for its close event (a dead one may never fire it). */
  const discard = () => {
    clearInterval(heartbeat);
    heartbeat = undefined;
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = null;
    old.onmessage = null;
    old.onclose = null;
    old.onerror = null;
    try {
      old.close(NORMAL_CLOSURE, "reconnect");
    } catch {
      /* already closed */
    }
  };

  const scheduleReconnect = (delay: number) => {
    clearTimeout(retry);
    if (stopped) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (!isOnline()) return; // the `online` event reconnects
      attempt += 1;
      connect();
    }, delay);
  };

  const dropped = () => {
    if (stopped) return;
    discard();
    handlers.onDrop();
    scheduleReconnect(reconnectDelay(attempt, random()));
  };

  const check = () => {
    const at = now();
    // Timers of a hidden tab are throttled: after a long gap, give the socket a fresh chance
    // (a full DEAD_AFTER_MS from a ping sent now) rather than a false drop.
    const throttled = at - lastCheck > 4 * CHECK_MS + DEAD_AFTER_MS;
    lastCheck = at;
    if (throttled) {
      lastHeard = at;
      ping(socket, at);
      return;
    }
    if (at - lastHeard > DEAD_AFTER_MS) return dropped();
    if ((at - lastHeard >= PING_IDLE_MS && at - lastPing >= PING_IDLE_MS) || at - lastPing >= CLOCK_PING_MS) {
      ping(socket, at);
    }
  };

  function connect() {
    if (stopped) return;
    discard();
    const opened = createSocket(url());
    socket = opened;
    opened.onopen = () => {
      lastHeard = now();
      lastCheck = lastHeard;
      heartbeat = setInterval(check, CHECK_MS);
      pingsSent.clear();
      // A first clock sample before the join, whose answer (the snapshot) may take a while.
      ping(opened, lastHeard);
      void handlers.onOpen((frame) => sendOn(opened, frame));
    };
    opened.onmessage = (event) => {
      lastHeard = now();
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch (error) {
        console.warn("Unreadable live message", error);
        return;
      }
      if (message.type === "pong") {
        const sentAt = message.id === undefined ? undefined : pingsSent.get(message.id);
        if (sentAt !== undefined && message.serverNow !== undefined) {
          pingsSent.delete(message.id as number);
          noteRoundTrip(sentAt, message.serverNow, lastHeard);
        }
      }
      if (
        message.type === "session_snapshot" ||
        (message.type === "ack" && (message.for === "watch_team" || message.for === "watch_my_teams"))
      )
        attempt = 0;
      handlers.onMessage(message);
    };
    opened.onclose = (event) => {
      if (socket !== opened) return;
      // The server ended it on purpose (code 1000), or the leader removed us (CLOSE_REMOVED,
      // issue #8 section 1; the page shows why): no reconnect.
      if (event.code === NORMAL_CLOSURE || event.code === CLOSE_REMOVED) {
        discard();
        stopped = true;
        return;
      }
      dropped();
    };
  }

  const onOffline = () => {
    if (socket) dropped();
  };
  const onOnline = () => {
    if (stopped || (socket && socket.readyState !== WebSocket.CLOSED)) return;
    clearTimeout(retry);
    connect();
  };
  events?.addEventListener("offline", onOffline);
  events?.addEventListener("online", onOnline);
  connect();

  return {
    send: (frame) => sendOn(socket, frame),
    stop() {
      stopped = true;
      clearTimeout(retry);
      events?.removeEventListener("offline", onOffline);
      events?.removeEventListener("online", onOnline);
      clearInterval(heartbeat);
      const old = socket;
      socket = null;
      if (old) {
        old.onclose = null;
        old.onmessage = null;
        old.onopen = null;
        try {
          old.close(NORMAL_CLOSURE, "leave");
        } catch {
          /* already closed */
        }
      }
    },
  };
}
