import { openDatabase } from "../db/database";
import { buildSession, buildStory, buildUser, joinMember } from "../testing/factories";
import { createScratchDatabase, startTwoInstances, type TwoInstances, testDbKind } from "../testing/testServer";
import { openSocket } from "../testing/wsClient";
import { Hub } from "./hub";

/**
 * Issue #10: on PostgreSQL a vote's `vote_update` NOTIFY travels with its COMMIT
 * (`Database.transactionThenNotify`: `COMMIT; SELECT pg_notify(...)`), and a NOTIFY that fails
 * is counted and reported instead of swallowed. PostgreSQL only (PGlite sends no NOTIFY).
 */
const maybe = testDbKind() === "postgres" ? describe : describe.skip;

maybe("vote pushes across instances (NOTIFY with the COMMIT)", () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await startTwoInstances();
  });
  afterAll(() => two?.close());

  it("sends every vote of a round to the other instance, in order, with its counts", async () => {
    const { a, b } = two;
    const { session, leader } = await buildSession(a.url);
    const story = await buildStory(leader, session.id);
    const member = await buildUser(a.url, { firstName: "Mo" });
    await joinMember(member, session.id);
    const leaderOnB = await openSocket(b.url, leader.client);
    leaderOnB.send({ type: "join_session", sessionId: session.id });
    await leaderOnB.next("session_snapshot");
    const failuresBefore = a.ctx.hub.notifyFailures;

    // The first vote starts the story (story_status_change first, both after the commit); the
    // later ones carry their NOTIFY with the COMMIT.
    for (const points of [3, 5, 8]) {
      const answer = await member.client.post<{ votedCount: number }>("/api/votes", { storyId: story.id, points });
      expect(answer.body.votedCount).toBe(1);
      const push = await leaderOnB.next("vote_update", (m) => m.voterKey === `u:${member.user.id}`);
      expect(push).toMatchObject({ storyId: story.id, votedCount: 1 });
      expect(push.vote?.points).toBeUndefined();
    }
    const types = leaderOnB.messages.map((m) => m.type).filter((t) => t !== "participants_update");
    expect(types.indexOf("story_status_change")).toBeLessThan(types.indexOf("vote_update"));
    expect(types.filter((t) => t === "vote_update")).toHaveLength(3);

    // A retraction (the `?` card) and a coffee card: counted 0 again, still pushed to B.
    await member.client.post("/api/votes", { storyId: story.id, points: "coffee" });
    expect(await leaderOnB.next("vote_update", (m) => m.vote?.coffee === true)).toMatchObject({ votedCount: 0 });
    await member.client.post("/api/votes", { storyId: story.id, points: null });
    expect(await leaderOnB.next("vote_update", (m) => m.vote === null)).toMatchObject({ votedCount: 0 });
    expect(a.ctx.hub.notifyFailures).toBe(failuresBefore);
    leaderOnB.close();
  });
});

maybe("a NOTIFY that fails", () => {
  it("is counted and reported, and the publish still resolves", async () => {
    const scratch = await createScratchDatabase();
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory://", poolSize: 1 });
    const hub = new Hub(database);
    const reported: string[] = [];
    hub.onNotifyError((_err, key) => reported.push(key));
    try {
      await database.close(); // every query (the NOTIFY too) now fails
      await hub.publish("00000000-0000-4000-8000-000000000001", { type: "resync", reason: "test" });
      expect(hub.notifyFailures).toBe(1);
      expect(reported).toEqual(["00000000-0000-4000-8000-000000000001"]);
    } finally {
      await scratch.drop();
    }
  });
});
