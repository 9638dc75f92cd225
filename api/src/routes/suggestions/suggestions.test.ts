import { randomUUID } from "node:crypto";
import type {
  ApproveSuggestionResult,
  CriteriaSuggestionView,
  SuggestCriterionResult,
} from "@pointwise/core/criteriaSuggestions";
import type { ParticipantView, StoryView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, joinGuest } from "../../testing/factories";
import { buildRoom } from "../../testing/room";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

/**
 * Issue #9 section 2 through the real server: acceptance-criteria suggestions (spec part 2
 * sections 4, 6 and 7): POST/GET /api/stories/{id}/suggestions, POST /api/suggestions/{id}/approve,
 * DELETE /api/suggestions/{id}, their pushes, and PointBot's pending suggestions.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]> };

/** A session with a story, its leader, a registered member and a guest, each a participant. */
const room = () => buildRoom(server.url, { storyTitle: "Export the sprint report" });

const suggestionsPath = (storyId: string) => `/api/stories/${storyId}/suggestions`;

describe("POST /api/stories/{id}/suggestions", () => {
  it("answers 401 without an identity and 403 to a user of another session", async () => {
    const { story } = await room();
    const anonymous = await new ApiClient(server.url).post<ErrorBody>(suggestionsPath(story.id), { content: "x" });
    expect(anonymous.status).toBe(401);
    const attacker = await buildSession(server.url);
    const foreign = await attacker.leader.client.post<ErrorBody>(suggestionsPath(story.id), { content: "Injected" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("PERMISSION_DENIED");
    // A guest of another session is no one here either.
    const otherGuest = await joinGuest(server.url, attacker.session.id, "Eve");
    expect((await otherGuest.client.post(suggestionsPath(story.id), { content: "Injected" })).status).toBe(401);
    const list = await attacker.leader.client.get(suggestionsPath(story.id));
    expect(list.status).toBe(403);
  });

  it("answers 400 for empty, blank, missing, too long, NUL and duplicate content, and stores nothing", async () => {
    const { story, guest, leader } = await room();
    const bodies: unknown[] = [
      { content: "" },
      { content: "   \n\t " },
      {},
      { content: 42 },
      { content: "x".repeat(1001) },
      { content: "bad\u0000byte" },
    ];
    for (const body of bodies) {
      for (const client of [guest.client, leader.client]) {
        const res = await client.post<ErrorBody>(suggestionsPath(story.id), body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("VALIDATION_ERROR");
        expect(res.body.errors?.content).toBeDefined();
      }
    }
    expect((await guest.client.post(suggestionsPath(story.id), { content: "x".repeat(1000) })).status).toBe(201);
    const first = await guest.client.post(suggestionsPath(story.id), { content: "Shows the totals" });
    expect(first.status).toBe(201);
    const again = await guest.client.post<ErrorBody>(suggestionsPath(story.id), { content: "  shows THE totals " });
    expect(again.status).toBe(400);
    expect(again.body.errors?.content).toEqual(["This criterion was already suggested"]);
    await leader.client.post(suggestionsPath(story.id), { content: "Lists every story" });
    const onStory = await guest.client.post<ErrorBody>(suggestionsPath(story.id), { content: "lists every story" });
    expect(onStory.body.errors?.content).toEqual(["This criterion is already on the story"]);
    const list = await leader.client.get<CriteriaSuggestionView[]>(suggestionsPath(story.id));
    expect(list.body.map((s) => s.content)).toEqual(["x".repeat(1000), "Shows the totals"]);
  });

  it("answers 404 for an unknown or malformed story id", async () => {
    const { leader } = await room();
    for (const id of [randomUUID(), "not-a-uuid"]) {
      expect((await leader.client.post(suggestionsPath(id), { content: "x" })).status).toBe(404);
      expect((await leader.client.get(suggestionsPath(id))).status).toBe(404);
    }
  });

  it("adds the leader's criterion directly (added_directly) and pushes story_updated to the others", async () => {
    const { story, leader, member, session } = await room();
    const ws = await openSocket(server.url, member.client);
    try {
      ws.send({ type: "join_session", sessionId: session.id });
      await ws.next("session_snapshot");
      const res = await leader.client.post<SuggestCriterionResult>(suggestionsPath(story.id), {
        content: "  Totals match the sum of final points  ",
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        type: "added_directly",
        content: "Totals match the sum of final points",
        story: { id: story.id, acceptanceCriteria: ["Totals match the sum of final points"] },
      });
      const push = await ws.next("story_updated");
      expect(push.story.acceptanceCriteria).toEqual(["Totals match the sum of final points"]);
      expect((await leader.client.get<CriteriaSuggestionView[]>(suggestionsPath(story.id))).body).toEqual([]);
    } finally {
      await ws.close();
    }
  });

  it("makes a guest's and a member's entries pending suggestions, pushed to everyone without e-mail", async () => {
    const { story, leader, member, guest, session } = await room();
    const ws = await openSocket(server.url, member.client);
    try {
      ws.send({ type: "join_session", sessionId: session.id });
      await ws.next("session_snapshot");
      const res = await guest.client.post<SuggestCriterionResult>(suggestionsPath(story.id), {
        content: "Empty sprints export an empty table",
      });
      expect(res.status).toBe(201);
      if (res.body.type !== "pending_approval") throw new Error(`unexpected ${res.body.type}`);
      expect(res.body.suggestion).toMatchObject({
        storyId: story.id,
        sessionId: session.id,
        content: "Empty sprints export an empty table",
        status: "pending",
        suggestedBy: { firstName: "Gus", email: null, voterKey: `p:${guest.join.participant.id}`, pointbot: false },
      });
      const push = await ws.next("criteria_suggestion_added");
      expect(push.suggestion).toEqual(res.body.suggestion);

      const mine = await member.client.post<SuggestCriterionResult>(suggestionsPath(story.id), {
        content: "Exports in under 2 seconds",
      });
      expect(mine.body).toMatchObject({
        type: "pending_approval",
        suggestion: { suggestedBy: { firstName: "Mia", email: member.email, voterKey: `u:${member.user.id}` } },
      });
      const memberPush = await ws.next("criteria_suggestion_added");
      expect(memberPush.suggestion.suggestedBy.email).toBeNull();
      // The story is unchanged until the leader approves.
      const stories = await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`);
      expect(stories.body[0]?.acceptanceCriteria).toEqual([]);
    } finally {
      await ws.close();
    }
  });

  it("lets an observer suggest, and refuses a removed participant", async () => {
    const { story, leader, guest, member, session } = await room();
    const people = (await leader.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`)).body;
    const memberId = people.find((p) => p.userId === member.user.id)?.id ?? "";
    await member.client.patch(`/api/sessions/${session.id}/participants/${memberId}`, { role: "observer" });
    expect((await member.client.post(suggestionsPath(story.id), { content: "Observed" })).status).toBe(201);

    await leader.client.delete(`/api/sessions/${session.id}/participants/${guest.join.participant.id}`);
    const removed = await guest.client.post<ErrorBody>(suggestionsPath(story.id), { content: "Still here?" });
    expect(removed.status).toBe(403);
    expect(removed.body.code).toBe("PARTICIPANT_REMOVED");
    expect((await guest.client.get<ErrorBody>(suggestionsPath(story.id))).body.code).toBe("PARTICIPANT_REMOVED");
  });
});

describe("GET /api/stories/{id}/suggestions", () => {
  it("lists the pending suggestions to every member, oldest first, e-mail only for the leader and the author", async () => {
    const { story, leader, member, guest } = await room();
    await member.client.post(suggestionsPath(story.id), { content: "First" });
    await guest.client.post(suggestionsPath(story.id), { content: "Second" });
    expect((await new ApiClient(server.url).get(suggestionsPath(story.id))).status).toBe(401);
    const asLeader = await leader.client.get<CriteriaSuggestionView[]>(suggestionsPath(story.id));
    expect(asLeader.status).toBe(200);
    expect(asLeader.body.map((s) => [s.content, s.suggestedBy.email])).toEqual([
      ["First", member.email],
      ["Second", null],
    ]);
    const asGuest = await guest.client.get<CriteriaSuggestionView[]>(suggestionsPath(story.id));
    expect(asGuest.body.map((s) => [s.content, s.suggestedBy.email])).toEqual([
      ["First", null],
      ["Second", null],
    ]);
    const asMember = await member.client.get<CriteriaSuggestionView[]>(suggestionsPath(story.id));
    expect(asMember.body[0]?.suggestedBy.email).toBe(member.email);
  });
});

describe("POST /api/suggestions/{id}/approve and DELETE /api/suggestions/{id}", () => {
  async function withSuggestion() {
    const built = await room();
    const res = await built.guest.client.post<SuggestCriterionResult>(suggestionsPath(built.story.id), {
      content: "CSV has a header row",
    });
    if (res.body.type !== "pending_approval") throw new Error("expected a pending suggestion");
    return { ...built, suggestion: res.body.suggestion };
  }

  it("answers 401 without an identity, 403 to another session's leader and to non-leaders", async () => {
    const { suggestion, guest, member } = await withSuggestion();
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.post(`/api/suggestions/${suggestion.id}/approve`)).status).toBe(401);
    expect((await anonymous.delete(`/api/suggestions/${suggestion.id}`)).status).toBe(401);
    const attacker = await buildSession(server.url);
    for (const client of [attacker.leader.client, guest.client, member.client]) {
      const approve = await client.post<ErrorBody>(`/api/suggestions/${suggestion.id}/approve`);
      expect(approve.status).toBe(403);
      expect(approve.body.code).toBe("PERMISSION_DENIED");
      const reject = await client.delete<ErrorBody>(`/api/suggestions/${suggestion.id}`);
      expect(reject.status).toBe(403);
    }
    // Still pending: nothing changed.
    const list = await member.client.get<CriteriaSuggestionView[]>(suggestionsPath(suggestion.storyId));
    expect(list.body.map((s) => s.id)).toEqual([suggestion.id]);
  });

  it("answers 404 for unknown, malformed and already handled suggestions", async () => {
    const { suggestion, leader } = await withSuggestion();
    for (const id of [randomUUID(), "nope", "%00"]) {
      expect((await leader.client.post(`/api/suggestions/${id}/approve`)).status).toBe(404);
      expect((await leader.client.delete(`/api/suggestions/${id}`)).status).toBe(404);
    }
    expect((await leader.client.post(`/api/suggestions/${suggestion.id}/approve`)).status).toBe(200);
    const twice = await leader.client.post<ErrorBody>(`/api/suggestions/${suggestion.id}/approve`);
    expect(twice.status).toBe(404);
    expect(twice.body.code).toBe("NOT_FOUND");
    expect((await leader.client.delete(`/api/suggestions/${suggestion.id}`)).status).toBe(404);
  });

  it("approves: the criterion joins the story, criteria_suggestion_approved reaches a second participant", async () => {
    const { suggestion, leader, member, story, session } = await withSuggestion();
    await leader.client.patch(`/api/stories/${story.id}`, { acceptanceCriteria: ["Opens from the menu"] });
    const ws = await openSocket(server.url, member.client);
    try {
      ws.send({ type: "join_session", sessionId: session.id });
      await ws.next("session_snapshot");
      const res = await leader.client.post<ApproveSuggestionResult>(`/api/suggestions/${suggestion.id}/approve`);
      expect(res.status).toBe(200);
      expect(res.body.suggestion).toMatchObject({ id: suggestion.id, status: "approved" });
      expect(res.body.story.acceptanceCriteria).toEqual(["Opens from the menu", "CSV has a header row"]);
      const push = await ws.next("criteria_suggestion_approved");
      expect(push.suggestion).toMatchObject({ id: suggestion.id, status: "approved", suggestedBy: { email: null } });
      expect(push.story.acceptanceCriteria).toEqual(["Opens from the menu", "CSV has a header row"]);
      expect((await member.client.get<CriteriaSuggestionView[]>(suggestionsPath(story.id))).body).toEqual([]);
    } finally {
      await ws.close();
    }
  });

  it("rejects: the suggestion leaves the list, the story is unchanged, criteria_suggestion_rejected is pushed", async () => {
    const { suggestion, leader, guest, story, session } = await withSuggestion();
    const ws = await openSocket(server.url, guest.client);
    try {
      ws.send({ type: "join_session", sessionId: session.id });
      await ws.next("session_snapshot");
      const res = await leader.client.delete<{ message: string; suggestion: CriteriaSuggestionView }>(
        `/api/suggestions/${suggestion.id}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.suggestion).toMatchObject({ id: suggestion.id, status: "rejected" });
      const push = await ws.next("criteria_suggestion_rejected");
      expect(push.suggestion).toMatchObject({ id: suggestion.id, status: "rejected" });
      expect((await guest.client.get<CriteriaSuggestionView[]>(suggestionsPath(story.id))).body).toEqual([]);
      const stories = await leader.client.get<StoryView[]>(`/api/sessions/${session.id}/stories`);
      expect(stories.body[0]?.acceptanceCriteria).toEqual([]);
    } finally {
      await ws.close();
    }
  });
});
