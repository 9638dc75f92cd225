import { and, eq, sql } from "drizzle-orm";
import { castVoteIfUnchanged, type VoteState } from "../commands/voteWriter";
import {
  pointingSessions,
  realtimeInstances,
  realtimePresence,
  sessionParticipants,
  stories,
  users,
  votes,
} from "../db/schema";
import { startTestServer, type TestServer } from "../testing/testServer";
import { participantPresence, roundProgress } from "./roundProgress";

/**
 * The vote's one statement (issue #10): it writes only when the story and session are as the
 * caller expected, under the story's lock, and its counts agree with `roundProgress`. On both
 * databases (the suite runs on PGlite and on the PostgreSQL server).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * A voting story in a fibonacci session: the creator (online), a guest online, a guest whose
 * grace runs, a guest gone (no grace), an observer online; the creator and the gone guest voted.
 */
async function room() {
  const db = server.ctx.db;
  const [creator] = await db
    .insert(users)
    .values({ email: `rp-${Math.random().toString(36).slice(2)}@example.com` })
    .returning();
  if (!creator) throw new Error("no user");
  const [session] = await db.insert(pointingSessions).values({ title: "rp", creatorId: creator.id }).returning();
  if (!session) throw new Error("no session");
  const [story] = await db.insert(stories).values({ sessionId: session.id, title: "s", status: "voting" }).returning();
  if (!story) throw new Error("no story");
  await db.update(pointingSessions).set({ activeStoryId: story.id }).where(eq(pointingSessions.id, session.id));
  const guest = (displayName: string, role: "participant" | "observer" = "participant", presentUntil?: unknown) =>
    db
      .insert(sessionParticipants)
      .values({
        sessionId: session.id,
        displayName,
        isAnonymous: true,
        role,
        presentUntil: presentUntil === undefined ? null : sql`now() + interval '30 seconds'`,
      })
      .returning()
      .then((rows) => rows[0] as NonNullable<(typeof rows)[0]>);
  await db.insert(sessionParticipants).values({ sessionId: session.id, userId: creator.id, role: "creator" });
  const online = await guest("Ann");
  const grace = await guest("Gus", "participant", "grace");
  const gone = await guest("Gone");
  const observer = await guest("Obs", "observer");
  const live = [`u:${creator.id}`, `p:${online.id}`, `p:${observer.id}`];
  // Connected through a live instance of their own (hub: presence counts while its row is fresh).
  const instanceId = `test-${session.id}`;
  await db.insert(realtimeInstances).values({ instanceId });
  await db.insert(realtimePresence).values(live.map((voterKey) => ({ instanceId, sessionId: session.id, voterKey })));
  await db.insert(votes).values([
    { storyId: story.id, userId: creator.id, points: 3 },
    { storyId: story.id, participantId: gone.id, points: 8 },
  ]);
  const state: VoteState = {
    sessionId: session.id,
    status: "voting",
    votesRevealed: false,
    scale: "fibonacci",
    customDeck: null,
    locked: false,
    archived: false,
    activeStoryId: story.id,
    autoReveal: false,
  };
  return { session, story, creator, online, grace, gone, observer, state };
}

const vote = (storyId: string, participantId: string, points: number | null, coffee = false) => ({
  storyId,
  userId: null,
  participantId,
  points,
  coffee,
  now: new Date(),
});
const options = { write: true, touch: false, graceSeconds: 30 };

describe("castVoteIfUnchanged", () => {
  it("stores the vote when the state is as expected, with the counts roundProgress gives after it", async () => {
    const { story, online, state } = await room();
    const cast = await castVoteIfUnchanged(server.ctx.db, state, vote(story.id, online.id, 5), options);
    expect(cast).toMatchObject({ found: true, written: true, state, row: { points: 5, coffee: false } });
    // Expected voters: the creator, Ann (online) and Gus (grace); the gone guest's vote does not count.
    if (!cast.found || !cast.written) throw new Error("not written");
    expect(cast.counts).toEqual({ votedCount: 2, expectedVoters: 3 });
    expect(await roundProgress(server.ctx.db, state.sessionId, story.id)).toEqual(cast.counts);
    // Changing the vote counts it once; a coffee card takes it out of the count.
    const again = await castVoteIfUnchanged(server.ctx.db, state, vote(story.id, online.id, 8), options);
    expect(again.found && again.written && again.counts).toEqual({ votedCount: 2, expectedVoters: 3 });
    const coffee = await castVoteIfUnchanged(server.ctx.db, state, vote(story.id, online.id, null, true), options);
    expect(coffee.found && coffee.written && coffee.counts).toEqual({ votedCount: 1, expectedVoters: 3 });
    expect(await roundProgress(server.ctx.db, state.sessionId, story.id)).toEqual({ votedCount: 1, expectedVoters: 3 });
  });

  it("writes nothing and returns the state found when the story or session changed", async () => {
    const { session, story, online, state } = await room();
    const db = server.ctx.db;
    await db.update(stories).set({ votesRevealed: true }).where(eq(stories.id, story.id));
    await db
      .update(pointingSessions)
      .set({ estimationScale: "custom", customDeck: [1.5, 4] })
      .where(eq(pointingSessions.id, session.id));
    const stale = await castVoteIfUnchanged(db, state, vote(story.id, online.id, 5), options);
    expect(stale).toEqual({
      found: true,
      written: false,
      state: { ...state, votesRevealed: true, scale: "custom", customDeck: [1.5, 4] },
    });
    const mine = and(eq(votes.storyId, story.id), eq(votes.participantId, online.id));
    expect(await db.select().from(votes).where(mine)).toEqual([]);
    // With the state now expected, it is written (the rules are the caller's: voteCaster).
    if (!stale.found) throw new Error("not found");
    const fresh = await castVoteIfUnchanged(db, stale.state, vote(story.id, online.id, 4), options);
    expect(fresh).toMatchObject({ written: true, row: { points: 4 } });
  });

  it("only locks and reads with write off, and finds no unknown story", async () => {
    const { story, online, state } = await room();
    const read = await castVoteIfUnchanged(server.ctx.db, state, vote(story.id, online.id, 5), {
      ...options,
      write: false,
    });
    expect(read).toEqual({ found: true, written: false, state });
    const unknown = await castVoteIfUnchanged(
      server.ctx.db,
      state,
      vote("00000000-0000-4000-8000-000000000000", online.id, 5),
      options,
    );
    expect(unknown).toEqual({ found: false });
  });

  it("renews the voter's grace with touch, and counts them present in the same statement", async () => {
    const { story, gone, state } = await room();
    const db = server.ctx.db;
    const cast = await castVoteIfUnchanged(db, state, vote(story.id, gone.id, 13), { ...options, touch: true });
    // The gone guest is back: expected voters 4 (creator, Ann, Gus, Gone), voted 2 (creator, Gone).
    expect(cast.found && cast.written && cast.counts).toEqual({ votedCount: 2, expectedVoters: 4 });
    const [row] = await db
      .select({ running: sql<boolean>`${sessionParticipants.presentUntil} > now()` })
      .from(sessionParticipants)
      .where(eq(sessionParticipants.id, gone.id));
    expect(row?.running).toBe(true);
    expect(await roundProgress(db, state.sessionId, story.id)).toEqual({ votedCount: 2, expectedVoters: 4 });
  });
});

describe("participantPresence", () => {
  it("reads the room in join order with users, presence and names exactly as stored", async () => {
    const { session, creator, online, grace, gone, observer } = await room();
    const db = server.ctx.db;
    // The room comes back as one JSON value: a name JSON must escape survives unchanged.
    const tricky = 'Zoë "Z" \\ O\'Brien </script> 🚀\n\ttab';
    const [odd] = await db
      .insert(sessionParticipants)
      .values({ sessionId: session.id, displayName: tricky, isAnonymous: true, role: "participant" })
      .returning();
    const [removed] = await db
      .insert(sessionParticipants)
      .values({ sessionId: session.id, displayName: "Left", isAnonymous: true, removedAt: new Date() })
      .returning();
    if (!odd || !removed) throw new Error("no participant");
    const people = await participantPresence(db, session.id);
    const byKey = new Map(people.map((p) => [p.voterKey, p]));
    // Join order; the removed participant is left out.
    expect(people.map((p) => p.voterKey)).toEqual([
      `u:${creator.id}`,
      `p:${online.id}`,
      `p:${grace.id}`,
      `p:${gone.id}`,
      `p:${observer.id}`,
      `p:${odd.id}`,
    ]);
    expect(byKey.get(`p:${odd.id}`)?.row.displayName).toBe(tricky);
    expect(byKey.get(`u:${creator.id}`)?.user).toEqual({
      id: creator.id,
      email: creator.email,
      firstName: creator.firstName,
      lastName: creator.lastName,
      profileImageUrl: creator.profileImageUrl,
    });
    expect(byKey.get(`p:${online.id}`)?.user).toBeNull();
    expect(byKey.get(`p:${observer.id}`)?.row).toMatchObject({ role: "observer", isAnonymous: true, userId: null });
    const [stored] = await db.select().from(sessionParticipants).where(eq(sessionParticipants.id, grace.id));
    expect(byKey.get(`p:${grace.id}`)?.row.joinedAt.getTime()).toBe(stored?.joinedAt.getTime());
    expect(byKey.get(`p:${grace.id}`)?.row.presentUntil?.getTime()).toBe(stored?.presentUntil?.getTime());
    // Online through a live instance; present while online or within the grace.
    const flags = people.map((p) => [p.online, p.present]);
    expect(flags).toEqual([
      [true, true],
      [true, true],
      [false, true],
      [false, false],
      [true, true],
      [false, false],
    ]);
  });

  it("reads an empty room as no one", async () => {
    const { creator } = await room();
    const [session] = await server.ctx.db
      .insert(pointingSessions)
      .values({ title: "empty", creatorId: creator.id })
      .returning();
    if (!session) throw new Error("no session");
    expect(await participantPresence(server.ctx.db, session.id)).toEqual([]);
  });
});
