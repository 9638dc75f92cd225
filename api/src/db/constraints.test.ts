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
