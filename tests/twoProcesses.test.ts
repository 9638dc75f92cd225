import pg from "pg";
import { buildSession, buildStory, joinGuest } from "../api/src/testing/factories";
import { createScratchDatabase } from "../api/src/testing/testServer";
import { openSocket } from "../api/src/testing/wsClient";
import { type ServerProcess, startServerProcess } from "./support/serverProcess";

/**
 * Two server processes on one PostgreSQL server: a vote sent to one reaches a client
 * connected to the other through LISTEN/NOTIFY (issue #2 section 5). Needs `api/dist`
 * (built by the test script).
 */
/** Rows in realtime_events (pushes too large for NOTIFY). */
async function countEvents(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>("select count(*)::int as n from realtime_events")).rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

describe("two server processes on one PostgreSQL server", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    [a, b] = await Promise.all([startServerProcess(scratch.url), startServerProcess(scratch.url)]);
  }, 30000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
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

    // An emoji reaction crosses instances too, inline in NOTIFY: nothing lands in realtime_events (issue #8 section 6).
    const events = await countEvents(scratch.url);
    guestWs.send({ type: "reaction", emoji: "🎉" });
    expect(await leaderWs.next("reaction")).toMatchObject({ emoji: "🎉", name: "Remote Rita" });
    expect(await countEvents(scratch.url)).toBe(events);
    await Promise.all([leaderWs.close(), guestWs.close()]);
  });
});
