import type { ClientMessage, ServerMessage } from "@pointwise/core/realtime";
import {
  CHECK_MS,
  CLOCK_PING_MS,
  DEAD_AFTER_MS,
  openLiveSocket,
  PING_IDLE_MS,
  RECONNECT_MAX_MS,
  reconnectDelay,
} from "./liveSocket";
import { clockOffsetMs, resetServerClock } from "./serverClock";

/** A stand-in for the browser's WebSocket: the test opens, feeds and closes it by hand. */
class FakeSocket {
  readyState: number = WebSocket.CONNECTING;
  sent: ClientMessage[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = WebSocket.CLOSED;
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  receive(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The server or the network closed it. */
  drop(code = 1006) {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.({ code });
  }
}

function harness(online = true) {
  const sockets: FakeSocket[] = [];
  const events = new EventTarget();
  const state = { online, drops: 0, messages: [] as ServerMessage[] };
  const live = openLiveSocket(
    () => "ws://test/ws",
    {
      onOpen: (send) => {
        send({ type: "join_session", sessionId: "s1" });
      },
      onMessage: (m) => state.messages.push(m),
      onDrop: () => {
        state.drops += 1;
      },
    },
    {
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      now: () => Date.now(),
      random: () => 0.5,
      events: events as unknown as Window,
      isOnline: () => state.online,
    },
  );
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { sockets, last, events, state, live };
}

beforeEach(() => {
  jest.useFakeTimers({ now: 1_000_000 });
  resetServerClock();
});
afterEach(() => jest.useRealTimers());

describe("live socket heartbeat and reconnect (issue #8 section 5)", () => {
  it("joins on open and pings only when the socket has been quiet for PING_IDLE_MS", () => {
    const h = harness();
    h.last().open();
    // A clock sample goes first (issue #22 section 1), then the join.
    expect(h.last().sent).toEqual([
      { type: "ping", id: 0 },
      { type: "join_session", sessionId: "s1" },
    ]);
    jest.advanceTimersByTime(PING_IDLE_MS + CHECK_MS);
    expect(h.last().sent.filter((f) => f.type === "ping")).toHaveLength(2);
    // Answered pongs keep it alive; a quiet socket sends under 2 frames per second.
    for (let i = 0; i < 50; i++) {
      jest.advanceTimersByTime(CHECK_MS);
      if (h.last().sent.at(-1)?.type === "ping" && i % 3 === 0) h.last().receive({ type: "pong" });
    }
    expect(h.state.drops).toBe(0);
    const pings = h.last().sent.filter((f) => f.type === "ping").length;
    expect(pings).toBeLessThanOrEqual(Math.ceil((51 * CHECK_MS) / 1000) * 2);
    h.live.stop();
  });

  it("takes a silent socket for dead within 2 s, without waiting for a close event, and reconnects", () => {
    const h = harness();
    h.last().open();
    h.last().receive({ type: "pong" });
    const first = h.last();
    jest.advanceTimersByTime(DEAD_AFTER_MS);
    expect(h.state.drops).toBe(0);
    jest.advanceTimersByTime(CHECK_MS + 1);
    expect(h.state.drops).toBe(1);
    expect(DEAD_AFTER_MS + CHECK_MS).toBeLessThan(2000);
    expect(first.closedWith).toBe(1000); // let go of, its handlers detached
    expect(first.onmessage).toBeNull();
    jest.advanceTimersByTime(reconnectDelay(0, 0.5));
    expect(h.sockets).toHaveLength(2);
    h.live.stop();
  });

  it("backs off with jitter while the server stays away, and starts over after a snapshot", () => {
    expect(reconnectDelay(0, 0)).toBe(250);
    expect(reconnectDelay(0, 0.999)).toBeLessThanOrEqual(500);
    expect(reconnectDelay(3, 0.5)).toBe(3000);
    expect(reconnectDelay(20, 0.999)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    const h = harness();
    h.last().drop();
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = h.sockets.length;
      let waited = 0;
      while (h.sockets.length === before) {
        jest.advanceTimersByTime(50);
        waited += 50;
      }
      waits.push(waited);
      h.last().drop();
    }
    expect(waits).toEqual([400, 750, 1500, 3000]);
    const count = h.sockets.length;
    while (h.sockets.length === count) jest.advanceTimersByTime(50);
    h.last().open();
    h.last().receive({ type: "session_snapshot" } as ServerMessage);
    h.last().drop();
    const before = h.sockets.length;
    jest.advanceTimersByTime(400);
    expect(h.sockets.length).toBe(before + 1);
    h.live.stop();
  });

  it("drops at once when the browser goes offline, waits offline, and reconnects at once when back", () => {
    const h = harness();
    h.last().open();
    h.state.online = false;
    h.events.dispatchEvent(new Event("offline"));
    expect(h.state.drops).toBe(1);
    jest.advanceTimersByTime(30_000);
    expect(h.sockets).toHaveLength(1);
    h.state.online = true;
    h.events.dispatchEvent(new Event("online"));
    expect(h.sockets).toHaveLength(2);
    h.live.stop();
  });

  it("stops for good: no reconnect after stop(), nor after the server's normal close", () => {
    const h = harness();
    h.last().open();
    h.live.stop();
    expect(h.sockets[0]?.closedWith).toBe(1000);
    jest.advanceTimersByTime(60_000);
    expect(h.sockets).toHaveLength(1);
    const g = harness();
    g.last().open();
    g.last().drop(1000);
    jest.advanceTimersByTime(60_000);
    expect(g.sockets).toHaveLength(1);
    expect(g.state.drops).toBe(0);
    g.live.stop();
  });

  it("gives a throttled background tab a fresh chance instead of a false drop", () => {
    const h = harness();
    h.last().open();
    // Timers of a hidden tab fire late: the clock jumps 10 s between two checks.
    jest.setSystemTime(Date.now() + 10_000);
    jest.advanceTimersByTime(CHECK_MS);
    expect(h.state.drops).toBe(0);
    expect(h.last().sent.at(-1)).toMatchObject({ type: "ping" });
    h.live.stop();
  });

  it("measures the clock offset from each ping's round trip, and pings a busy socket every CLOCK_PING_MS", () => {
    const h = harness();
    h.last().open();
    const sentAt = Date.now();
    jest.advanceTimersByTime(100);
    // The server's clock is 5 s ahead: it answered halfway through a 100 ms round trip.
    h.last().receive({ type: "pong", id: 0, serverNow: sentAt + 5_050 });
    expect(clockOffsetMs()).toBe(5_000);
    // A pong that answers no ping of ours is no sample.
    h.last().receive({ type: "pong", id: 99, serverNow: 0 });
    expect(clockOffsetMs()).toBe(5_000);
    // A socket that hears something every CHECK_MS still pings for the clock.
    const before = h.last().sent.filter((f) => f.type === "ping").length;
    for (let t = 0; t < CLOCK_PING_MS; t += CHECK_MS) {
      jest.advanceTimersByTime(CHECK_MS);
      h.last().receive({ type: "reaction", sessionId: "s1", emoji: "👍", voterKey: "p:x", name: "X" });
    }
    expect(h.last().sent.filter((f) => f.type === "ping").length).toBe(before + 1);
    h.live.stop();
  });
});
