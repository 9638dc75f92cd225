import { buildSession, joinGuest } from "../api/src/testing/factories";
import { createScratchDatabase } from "../api/src/testing/testServer";
import { openSocket, type TestSocket } from "../api/src/testing/wsClient";
import { type ServerProcess, startServerProcess } from "./support/serverProcess";

/** Issue #6 part 3: a dead instance's participants must go offline elsewhere in under this. */
const OFFLINE_WITHIN_MS = 15_000;

/**
 * A server process killed with SIGKILL leaves its presence rows behind; the other instance's
 * heartbeat must sweep them and tell its clients that the dead instance's voters (here the
 * leader: the Live badge) went offline, in under 15 s (issue #6 part 3). Needs `api/dist`.
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

  it("takes its participants offline and the leader's Live badge off in the other instance within 15 s", async () => {
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

    const exited = new Promise((r) => a.child.once("exit", r));
    const killedAt = Date.now();
    a.child.kill("SIGKILL");
    await exited;
    const update = await guestWs.next("participants_update", (m) => m.offline.includes(leaderKey), 20_000);
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
