import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { buildSession, buildStory, joinGuest } from "../api/src/testing/factories";
import { createScratchDatabase } from "../api/src/testing/testServer";
import { openSocket } from "../api/src/testing/wsClient";

const SERVER = path.resolve(__dirname, "../api/dist/server.js");

/** Starts `node api/dist/server.js` on a free port and resolves once /api/health answers. */
async function startProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("server did not start within 10 s");
}

/**
 * Two server processes on one PostgreSQL server: a vote sent to one reaches a client
 * connected to the other through LISTEN/NOTIFY (issue #2 section 5). Needs `api/dist`
 * (built by the test script).
 */
describe("two server processes on one PostgreSQL server", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: { url: string; child: ChildProcess };
  let b: { url: string; child: ChildProcess };
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    [a, b] = await Promise.all([startProcess(scratch.url), startProcess(scratch.url)]);
  }, 30000);
  afterAll(async () => {
    for (const p of [a, b]) {
      if (!p) continue;
      const exited = new Promise((r) => p.child.once("exit", r));
      p.child.kill("SIGTERM");
      await exited;
    }
    await scratch?.drop();
  });

  it("fans a vote and a large push out to the other instance, and shares presence", async () => {
    const { leader, session } = await buildSession(a.url);
    const story = await buildStory(leader, session.id);
    const guest = await joinGuest(b.url, session.id, "Remote Rita");

    const leaderWs = await openSocket(a.url, leader.client);
    leaderWs.send({ type: "join_session", sessionId: session.id });
    await leaderWs.next("session_snapshot");
    const guestWs = await openSocket(b.url, guest.client);
    guestWs.send({ type: "join_session", sessionId: session.id });
    const snap = await guestWs.next("session_snapshot");
    expect(snap.presence.leaderPresent).toBe(true); // the leader is connected to instance a

    await leader.client.post("/api/votes", { storyId: story.id, points: 13 });
    const push = await guestWs.next("vote_update");
    expect(push).toMatchObject({ storyId: story.id, voterKey: `u:${leader.user.id}`, votedCount: 1 });
    expect(push.vote?.points).toBeUndefined();

    // A push over NOTIFY's 8000-byte limit travels through the events table.
    const long = "x".repeat(4999);
    await leader.client.patch(`/api/stories/${story.id}`, { description: long });
    const updated = await guestWs.next("story_updated");
    expect(updated.story.description).toBe(long);

    // And back: a guest's vote on b reaches the leader on a.
    await guest.client.post("/api/votes", { storyId: story.id, points: 3 });
    const back = await leaderWs.next("vote_update", (m) => m.voterKey === `p:${guest.join.participant.id}`);
    expect(back.votedCount).toBe(2);
    await Promise.all([leaderWs.close(), guestWs.close()]);
  });
});
