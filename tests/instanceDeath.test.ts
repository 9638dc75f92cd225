import { buildSession, buildStory, joinGuest } from "../api/src/testing/factories";
import { createScratchDatabase } from "../api/src/testing/testServer";
import { openSocket, type TestSocket } from "../api/src/testing/wsClient";
import { type ServerProcess, startServerProcess } from "./support/serverProcess";

/** Issue #6 part 3: a dead instance's participants must go offline elsewhere in under this. */
const OFFLINE_WITHIN_MS = 15_000;

/**
 * A server process killed with SIGKILL leaves its presence rows behind; the other instance's
 * heartbeat must sweep them and tell its clients that the dead instance's voters (here the
 * leader: the Live badge) went offline, in under 15 s (issue #6 part 3). The leader was voting
 * on the killed instance: no acknowledged vote is lost, and its client is back with a snapshot
 * on the survivor at once. Needs `api/dist`.
 */
describe("an instance that dies", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let guestWs: TestSocket | undefined;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    [a, b] = await Promise.all([startServerProcess(scratch.url), startServerProcess(scratch.url)]);
  }, 30_000);
  afterAll(async () => {
    await guestWs?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await scratch?.drop();
  });

  it("loses no acknowledged vote and takes its participants offline (Live badge off) elsewhere within 15 s", async () => {
    const { leader, session } = await buildSession(a.url);
    const guest = await joinGuest(b.url, session.id, "Survivor Sam");
    const leaderKey = `u:${leader.user.id}`;
    const leaderWs = await openSocket(a.url, leader.client);
    leaderWs.send({ type: "join_session", sessionId: session.id });
    await leaderWs.next("session_snapshot");
    guestWs = await openSocket(b.url, guest.client);
    guestWs.send({ type: "join_session", sessionId: session.id });
    const snap = await guestWs.next("session_snapshot");
    expect(snap.presence.leaderPresent).toBe(true);
    expect(snap.presence.online).toContain(leaderKey);

    // The leader votes on a over its WebSocket, one vote after another's ack, when a is killed.
    const story = await buildStory(leader, session.id);
    const deck = [1, 2, 3, 5, 8, 13, 21];
    const sent: number[] = [];
    let lastAcked = -1;
    let streaming = true;
    let streamed: () => void = () => undefined;
    /** Five acks in: the stream is running when a dies (an event, not a pause). */
    const running = new Promise<void>((resolve) => {
      streamed = resolve;
    });
    const stream = (async () => {
      for (let i = 0; streaming; i++) {
        const points = deck[i % deck.length] as number;
        sent.push(points);
        leaderWs.send({ type: "vote_update", storyId: story.id, points });
        const ack = await leaderWs.next("ack", undefined, 2000).catch(() => null);
        if (!ack) break;
        lastAcked = sent.length - 1;
        if (lastAcked >= 5) streamed();
      }
    })();
    await running;
    const exited = new Promise((r) => a.child.once("exit", r));
    const killedAt = Date.now();
    a.child.kill("SIGKILL");
    await exited;
    streaming = false;
    await stream;
    expect(lastAcked).toBeGreaterThan(0);

    // The leader's client comes back on the surviving instance with a snapshot holding its vote:
    // the last acknowledged one or one sent after it (committed, ack lost with the process).
    const rejoinStart = Date.now();
    const back = await openSocket(b.url, leader.client);
    back.send({ type: "join_session", sessionId: session.id });
    const rejoined = await back.next("session_snapshot");
    const rejoinMs = Date.now() - rejoinStart;
    const mine = rejoined.votes.find((v) => v.voterKey === leaderKey && v.storyId === story.id);
    expect(sent.slice(lastAcked)).toContain(mine?.points);
    console.info(
      `instance death: ${lastAcked + 1} acknowledged votes, none lost; leader back with a snapshot on the other instance in ${rejoinMs} ms`,
    );
    await back.close();
    // The leader rejoined on b above and left again: wait for the offline that the sweep of a's rows brings.
    const update = await guestWs.next(
      "participants_update",
      (m) => m.offline.includes(leaderKey) && !m.leaderPresent,
      20_000,
    );
    const offlineAfterMs = Date.now() - killedAt;
    expect(update.leaderPresent).toBe(false);
    expect(offlineAfterMs).toBeLessThan(OFFLINE_WITHIN_MS);
    console.info(`instance death: leader offline on the other instance ${offlineAfterMs} ms after kill -9`);

    // And a fresh join on the survivor agrees: nobody of the dead instance is online.
    guestWs.send({ type: "join_session", sessionId: session.id });
    const after = await guestWs.next("session_snapshot");
    expect(after.presence.leaderPresent).toBe(false);
    expect(after.presence.online).not.toContain(leaderKey);
    expect(b.exitCode()).toBeNull();
  }, 40_000);
});
