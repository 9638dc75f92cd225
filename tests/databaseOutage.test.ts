import type { VoteView } from "@pointwise/core/presented";
import pg from "pg";
import type { ApiClient } from "../api/src/testing/apiClient";
import { buildSession, buildStory, joinGuest } from "../api/src/testing/factories";
import { openSocket, type TestSocket } from "../api/src/testing/wsClient";
import { type ServerProcess, startServerProcess } from "./support/serverProcess";
import { postgresBinDir, startThrowawayPostgres, type ThrowawayPostgres } from "./support/throwawayPostgres";

const OUTAGE_MS = 10_000;
const DECK = [1, 2, 3, 5, 8, 13, 21];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One call made by the load loop: when, and what came back. */
interface Call {
  at: number;
  status: number;
  code?: string;
  retryAfter: string | null;
  points?: number;
}

/**
 * Votes through `client` every 150 ms until stopped, recording every answer (a fetch that
 * fails outright counts as status 0).
 */
function voteLoop(client: ApiClient, storyId: string) {
  const calls: Call[] = [];
  /** Told of each answer as it is recorded. */
  const listeners: (() => void)[] = [];
  let running = true;
  let i = 0;
  const done = (async () => {
    while (running) {
      const points = DECK[i++ % DECK.length] as number;
      const at = Date.now();
      const res = await client
        .request<{ code?: string }>("POST", "/api/votes", { storyId, points })
        .catch(() => ({ status: 0, body: {} as { code?: string }, headers: new Headers() }));
      calls.push({ at, status: res.status, code: res.body?.code, retryAfter: res.headers.get("retry-after"), points });
      for (const told of listeners.splice(0)) told();
      await sleep(150);
    }
  })();
  return {
    calls,
    /** Resolves once the answers recorded so far satisfy `enough` (an event, not a pause). */
    async until(enough: (calls: Call[]) => boolean): Promise<void> {
      while (!enough(calls)) await new Promise<void>((resolve) => listeners.push(resolve));
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Waits until `url`/api/health answers 200 (the database is back for that process). */
async function waitHealthy(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url} not healthy within ${timeoutMs} ms`);
}

const bin = postgresBinDir();
if (!bin) console.warn("databaseOutage.test.ts skipped: no PostgreSQL binaries under /usr/lib/postgresql");

/**
 * Issue #6 part 3, "A server that survives its database": two server processes on a PostgreSQL
 * server of this test's own; the database is stopped for 10 s while clients vote and listen,
 * then started again; then the LISTEN connections alone are terminated. Both processes must
 * stay up, the outage must answer 503 SERVICE_UNAVAILABLE with Retry-After, and pushes must
 * cross instances again afterwards. Needs `api/dist` (npm run build:server).
 */
(bin ? describe : describe.skip)("a server that survives its database", () => {
  let db: ThrowawayPostgres;
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    db = await startThrowawayPostgres();
    a = await startServerProcess(db.url);
    b = await startServerProcess(db.url);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.destroy();
  }, 30_000);

  /** A session led on instance a with one story, a guest on instance b, both sockets joined. */
  async function joinedAcrossInstances(guestName: string) {
    const { leader, session } = await buildSession(a.url);
    const story = await buildStory(leader, session.id);
    const guest = await joinGuest(b.url, session.id, guestName);
    const leaderWs = await openSocket(a.url, leader.client);
    const guestWs = await openSocket(b.url, guest.client);
    sockets.push(leaderWs, guestWs);
    leaderWs.send({ type: "join_session", sessionId: session.id });
    guestWs.send({ type: "join_session", sessionId: session.id });
    await Promise.all([leaderWs.next("session_snapshot"), guestWs.next("session_snapshot")]);
    return { leader, session, story, guest, leaderWs, guestWs };
  }

  it("stays up through a 10 s outage, answers 503 during it and delivers pushes again after", async () => {
    const { leader, session, story, guest, leaderWs, guestWs } = await joinedAcrossInstances("Outage Olga");
    const guestKey = `p:${guest.join.participant.id}`;

    // Load: the guest votes on b over HTTP, the leader on a over the WebSocket.
    const load = voteLoop(guest.client, story.id);
    await load.until((calls) => calls.filter((c) => c.status === 200).length >= 3);
    const stoppedAt = Date.now();
    await db.stop();
    const healthDuring: { status: number; body: Record<string, unknown>; retryAfter: string | null }[] = [];
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      leaderWs.send({ type: "vote_update", storyId: story.id, points: 5 });
      for (const p of [a, b]) {
        const res = await fetch(`${p.url}/api/health`);
        healthDuring.push({
          status: res.status,
          body: (await res.json()) as Record<string, unknown>,
          retryAfter: res.headers.get("retry-after"),
        });
      }
      await sleep(1000);
    }
    expect(a.exitCode()).toBeNull();
    expect(b.exitCode()).toBeNull();
    const restartAt = Date.now();
    await db.start();
    await Promise.all([waitHealthy(a.url), waitHealthy(b.url)]);
    const recoveredMs = Date.now() - restartAt;
    // Clients are told to resync once LISTEN is back, rejoin and get a fresh snapshot.
    await Promise.all([leaderWs.next("resync", undefined, 20_000), guestWs.next("resync", undefined, 20_000)]);
    leaderWs.send({ type: "join_session", sessionId: session.id });
    guestWs.send({ type: "join_session", sessionId: session.id });
    await Promise.all([leaderWs.next("session_snapshot"), guestWs.next("session_snapshot")]);
    await load.until((calls) => calls.some((c) => c.at > restartAt && c.status === 200));
    await load.stop();

    // Both processes alive; the outage answered 503 SERVICE_UNAVAILABLE with Retry-After, never 500.
    expect(a.exitCode()).toBeNull();
    expect(b.exitCode()).toBeNull();
    const during = load.calls.filter((c) => c.at > stoppedAt + 500 && c.at < restartAt);
    expect(during.length).toBeGreaterThan(10);
    expect(load.calls.filter((c) => c.status >= 500 && c.status !== 503)).toEqual([]);
    expect(during.every((c) => c.status === 503 && c.code === "SERVICE_UNAVAILABLE" && Number(c.retryAfter) > 0)).toBe(
      true,
    );
    expect(healthDuring.length).toBeGreaterThan(0);
    for (const h of healthDuring) {
      expect(h.status).toBe(503);
      expect(h.body).toMatchObject({ status: "error", db: "postgres", database: "unreachable" });
      expect(typeof h.body.reason).toBe("string");
      expect(Number(h.retryAfter)).toBeGreaterThan(0);
    }
    const wsErrors = leaderWs.messages.filter((m) => m.type === "error");
    expect(wsErrors.length).toBeGreaterThan(0);
    expect(wsErrors.every((m) => m.type === "error" && m.code === "SERVICE_UNAVAILABLE")).toBe(true);
    // Calls resumed after the restart, and no acknowledged vote was lost.
    const acknowledged = load.calls.filter((c) => c.status === 200);
    const after = acknowledged.filter((c) => c.at > restartAt);
    expect(after.length).toBeGreaterThan(0);
    const mine = await guest.client.get<VoteView[]>(`/api/sessions/${session.id}/votes`);
    expect(mine.body.find((v) => v.voterKey === guestKey)?.points).toBe(acknowledged.at(-1)?.points);

    // After recovery a vote on one instance reaches a client of the other, both ways.
    await leader.client.post("/api/votes", { storyId: story.id, points: 21 });
    await guestWs.next("vote_update", (m) => m.voterKey === `u:${leader.user.id}`);
    await guest.client.post("/api/votes", { storyId: story.id, points: 3 });
    await leaderWs.next("vote_update", (m) => m.voterKey === guestKey);
    console.info(
      `database outage: ${during.length} calls during ${OUTAGE_MS} ms all 503 SERVICE_UNAVAILABLE; ` +
        `healthy ${recoveredMs} ms after restart; ${acknowledged.length} acknowledged votes kept`,
    );
  }, 90_000);

  it("re-opens a terminated LISTEN connection and pushes cross instances again", async () => {
    const { leader, session, story, guest, leaderWs, guestWs } = await joinedAcrossInstances("Reaped Rick");

    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and pid <> pg_backend_pid()",
      );
      expect(killed.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await Promise.all([leaderWs.next("resync", undefined, 15_000), guestWs.next("resync", undefined, 15_000)]);
    expect(a.exitCode()).toBeNull();
    expect(b.exitCode()).toBeNull();
    guestWs.send({ type: "join_session", sessionId: session.id });
    await guestWs.next("session_snapshot");

    await leader.client.post("/api/votes", { storyId: story.id, points: 8 });
    await guestWs.next("vote_update", (m) => m.voterKey === `u:${leader.user.id}`);
    await guest.client.post("/api/votes", { storyId: story.id, points: 2 });
    await leaderWs.next("vote_update", (m) => m.voterKey === `p:${guest.join.participant.id}`);
  }, 60_000);
});
