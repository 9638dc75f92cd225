import { isOpenStory } from "@pointwise/core/storyRules";
import { STORY_STATUSES } from "@pointwise/core/storySchemas";
import { eq } from "drizzle-orm";
import { pointingSessions, stories, users } from "../db/schema";
import { startTestServer, type TestServer } from "../testing/testServer";
import { nextOpenStoryId } from "./activeStory";
import { sessionView } from "./sessionViews";

/**
 * The SQL filters on story status take core's OPEN_STORY_STATUSES; these tests check, status by
 * status, that the database answers what isOpenStory says (spec part 2 section 2).
 */
let server: TestServer;
let creatorId: string;
beforeAll(async () => {
  server = await startTestServer();
  const [user] = await server.ctx.db.insert(users).values({ email: "rules@example.com" }).returning();
  creatorId = user?.id ?? "";
});
afterAll(() => server.close());

/** A session holding one story of each status, in STORY_STATUSES order. */
async function sessionWithEveryStatus() {
  const db = server.ctx.db;
  const [session] = await db.insert(pointingSessions).values({ title: "rules", creatorId }).returning();
  if (!session) throw new Error("no session");
  const rows = await db
    .insert(stories)
    .values(STORY_STATUSES.map((status, position) => ({ sessionId: session.id, title: status, status, position })))
    .returning();
  return { session, rows };
}

describe("nextOpenStoryId agrees with isOpenStory", () => {
  it.each(STORY_STATUSES.map((status, position) => [status, position] as const))(
    "after the %s story, moves to the next story isOpenStory accepts",
    async (_status, position) => {
      const { session, rows } = await sessionWithEveryStatus();
      const ordered = [...rows].sort((a, b) => a.position - b.position);
      const expected =
        ordered.find((s) => s.position > position && isOpenStory(s)) ?? ordered.find((s) => isOpenStory(s));
      const next = await server.ctx.db.transaction((tx) => nextOpenStoryId(tx, session.id, position));
      expect(next).toBe(expected?.id ?? null);
    },
  );

  it("is null when no story is open", async () => {
    const { session } = await sessionWithEveryStatus();
    await server.ctx.db.update(stories).set({ status: "skipped" }).where(eq(stories.sessionId, session.id));
    expect(await server.ctx.db.transaction((tx) => nextOpenStoryId(tx, session.id, 0))).toBeNull();
  });
});

describe("a session's status counts open stories as isOpenStory does", () => {
  it.each(STORY_STATUSES)("a session whose only story is %s", async (status) => {
    const db = server.ctx.db;
    const [session] = await db.insert(pointingSessions).values({ title: status, creatorId }).returning();
    if (!session) throw new Error("no session");
    await db.insert(stories).values({ sessionId: session.id, title: status, status });
    const view = await sessionView(server.ctx, session);
    expect(view.status === "completed").toBe(!isOpenStory({ status }));
  });
});
