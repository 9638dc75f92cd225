import type { ApproveSuggestionResult, CriteriaSuggestionView } from "@pointwise/core/criteriaSuggestions";
import { eq } from "drizzle-orm";
import { acceptanceCriteriaSuggestions, pointingSessions } from "../db/schema";
import type { SessionAccess } from "../policies/sessionPolicy";
import { buildRoom } from "../testing/room";
import { startTestServer, type TestServer } from "../testing/testServer";
import { openSocket } from "../testing/wsClient";
import { addPendingSuggestions, POINTBOT_LOCAL_LABEL } from "./pointbotSuggestionAdder";

/**
 * PointBot's pending suggestions (issue #9 section 2, generate-criteria) stored by the real
 * command on the real server and database, and suggestions in a locked session.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const suggestionsPath = (storyId: string) => `/api/stories/${storyId}/suggestions`;

const room = () => buildRoom(server.url, { storyTitle: "Export the sprint report" });

it("refuses suggestions in a locked session (403 SESSION_LOCKED)", async () => {
  const { story, member, session } = await room();
  await server.ctx.db.update(pointingSessions).set({ locked: true }).where(eq(pointingSessions.id, session.id));
  const locked = await member.client.post<{ code: string }>(suggestionsPath(story.id), { content: "Locked out" });
  expect(locked.status).toBe(403);
  expect(locked.body.code).toBe("SESSION_LOCKED");
});

describe("addPendingSuggestions (PointBot's generate-criteria)", () => {
  it("stores cleaned, new criteria as PointBot's pending suggestions and pushes each", async () => {
    const { story, leader, member, session } = await room();
    await leader.client.post(suggestionsPath(story.id), { content: "Lists every story" });
    await member.client.post(suggestionsPath(story.id), { content: "Shows the totals" });
    const ws = await openSocket(server.url, member.client);
    try {
      ws.send({ type: "join_session", sessionId: session.id });
      await ws.next("session_snapshot");
      const [row] = await server.ctx.db.select().from(pointingSessions).where(eq(pointingSessions.id, session.id));
      if (!row) throw new Error("session missing");
      const access: SessionAccess = {
        session: row,
        user: null,
        participant: null,
        voterKey: null,
        isLeader: true,
        isMember: true,
        removed: false,
      };
      const created = await addPendingSuggestions(server.ctx, access, story.id, [
        "  Returns 400 for an unknown sprint  ",
        "lists every story",
        "SHOWS THE TOTALS",
        "",
        "bad\u0000",
        "Returns 400 for an unknown sprint",
        "y".repeat(1500),
      ]);
      expect(created.map((s) => s.content)).toEqual(["Returns 400 for an unknown sprint", "y".repeat(1000)]);
      expect(created[0]?.suggestedBy).toEqual({ firstName: POINTBOT_LOCAL_LABEL, voterKey: null, pointbot: true });
      const pushed = [await ws.next("criteria_suggestion_added"), await ws.next("criteria_suggestion_added")];
      expect(pushed.map((m) => m.suggestion.id)).toEqual(created.map((s) => s.id));
      const list = await member.client.get<CriteriaSuggestionView[]>(suggestionsPath(story.id));
      expect(list.body.map((s) => s.content)).toEqual(["Shows the totals", ...created.map((s) => s.content)]);
      // Approving PointBot's suggestion works as any other.
      const approve = await leader.client.post<ApproveSuggestionResult>(`/api/suggestions/${created[0]?.id}/approve`);
      expect(approve.body.story.acceptanceCriteria).toEqual(["Lists every story", "Returns 400 for an unknown sprint"]);
      const again = await addPendingSuggestions(server.ctx, access, story.id, ["Returns 400 for an unknown sprint"]);
      expect(again).toEqual([]);
      const rows = await server.ctx.db
        .select()
        .from(acceptanceCriteriaSuggestions)
        .where(eq(acceptanceCriteriaSuggestions.storyId, story.id));
      expect(rows.filter((r) => r.pointbotLabel === POINTBOT_LOCAL_LABEL)).toHaveLength(2);
    } finally {
      await ws.close();
    }
  });
});

it("keeps one author per suggestion in the database: a person, or PointBot alone", async () => {
  const { story, member } = await room();
  const insert = (values: Partial<typeof acceptanceCriteriaSuggestions.$inferInsert>) =>
    server.ctx.db.insert(acceptanceCriteriaSuggestions).values({ storyId: story.id, content: "x", ...values });
  await expect(insert({})).rejects.toThrow();
  await expect(insert({ pointbotLabel: "PointBot (local)", suggestedBy: member.user.id })).rejects.toThrow();
  await expect(insert({ pointbotLabel: "PointBot (local)" })).resolves.toBeDefined();
  await expect(insert({ suggestedBy: member.user.id })).resolves.toBeDefined();
});
