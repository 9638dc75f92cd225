import { sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../testing/testServer";
import { pointingSessions, sessionParticipants, stories, users, votes } from "./schema";

/** The "Database checks" of spec part 1 section 5 hold in the database itself. */
describe("database constraints", () => {
  let server: TestServer;
  let userId: string;
  let sessionId: string;
  let storyId: string;
  beforeAll(async () => {
    server = await startTestServer();
    const db = server.ctx.db;
    const [u] = await db.insert(users).values({ email: "c@example.com" }).returning();
    userId = u?.id ?? "";
    const [s] = await db.insert(pointingSessions).values({ title: "t", creatorId: userId }).returning();
    sessionId = s?.id ?? "";
    const [st] = await db.insert(stories).values({ sessionId, title: "s" }).returning();
    storyId = st?.id ?? "";
  });
  afterAll(() => server.close());

  const rejects = (p: Promise<unknown>) => expect(p).rejects.toThrow();

  it("refuses points and final points outside 0-999", async () => {
    await rejects(server.ctx.db.insert(votes).values({ storyId, userId, points: 1000 }));
    await rejects(server.ctx.db.update(stories).set({ finalPoints: -1 }).where(sql`id = ${storyId}`));
    await rejects(server.ctx.db.insert(votes).values({ storyId, userId, points: 999.5 }));
    await rejects(server.ctx.db.update(stories).set({ finalPoints: 999.5 }).where(sql`id = ${storyId}`));
  });

  it("keeps one decimal place and a coffee card without points (issue #8 section 4)", async () => {
    const db = server.ctx.db;
    const [st] = await db.insert(stories).values({ sessionId, title: "decimals" }).returning();
    const id = st?.id ?? "";
    const [half] = await db.insert(votes).values({ storyId: id, userId, points: 0.5 }).returning();
    expect(half?.points).toBe(0.5);
    const [ann] = await db.insert(users).values({ email: "ann@example.com" }).returning();
    const annId = ann?.id ?? "";
    await rejects(db.insert(votes).values({ storyId: id, userId: annId, points: 3, coffee: true }));
    await rejects(db.insert(votes).values({ storyId: id, userId: annId, points: null }));
    const [coffee] = await db
      .insert(votes)
      .values({ storyId: id, userId: annId, points: null, coffee: true })
      .returning();
    expect(coffee).toMatchObject({ points: null, coffee: true });
    const [story] = await db.update(stories).set({ finalPoints: 0.5 }).where(sql`id = ${id}`).returning();
    expect(story?.finalPoints).toBe(0.5);
    const [deck] = await db
      .update(pointingSessions)
      .set({ customDeck: [0.5, 1.5, 999.9] })
      .where(sql`id = ${sessionId}`)
      .returning();
    expect(deck?.customDeck).toEqual([0.5, 1.5, 999.9]);
  });

  it("needs exactly one voter per vote and one vote per story and voter", async () => {
    await rejects(server.ctx.db.insert(votes).values({ storyId, points: 3 }));
    await server.ctx.db.insert(votes).values({ storyId, userId, points: 3 });
    await rejects(server.ctx.db.insert(votes).values({ storyId, userId, points: 5 }));
  });

  it("needs final points for consensus, and keeps archived sessions inactive", async () => {
    await rejects(server.ctx.db.update(stories).set({ consensus: true }).where(sql`id = ${storyId}`));
    await rejects(
      server.ctx.db
        .update(pointingSessions)
        .set({ archivedAt: new Date(), isActive: true })
        .where(sql`id = ${sessionId}`),
    );
    await rejects(server.ctx.db.update(pointingSessions).set({ maxParticipants: 501 }).where(sql`id = ${sessionId}`));
  });

  it("checks e-mail format, oauth pairs and anonymous display names", async () => {
    await rejects(server.ctx.db.insert(users).values({ email: "not-an-email" }));
    await rejects(server.ctx.db.insert(users).values({ email: "o@example.com", oauthProvider: "microsoft" }));
    await rejects(server.ctx.db.insert(sessionParticipants).values({ sessionId, isAnonymous: true }));
  });

  it("cascades a session's deletion to its stories and votes", async () => {
    await server.ctx.db.delete(pointingSessions).where(sql`id = ${sessionId}`);
    const left = await server.ctx.db.select().from(votes);
    expect(left).toEqual([]);
  });
});
