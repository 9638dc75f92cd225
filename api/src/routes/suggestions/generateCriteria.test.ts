import { randomUUID } from "node:crypto";
import type { CriteriaSuggestionView } from "@pointwise/core/criteriaSuggestions";
import { ApiClient } from "../../testing/apiClient";
import { buildSession } from "../../testing/factories";
import { type OpenAiStub, openAiStubEnv, startOpenAiStub } from "../../testing/openaiStub";
import { buildRoom } from "../../testing/room";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

/**
 * POST /api/stories/{id}/generate-criteria (issue #9 section 2; spec part 2 section 7): the
 * leader asks PointBot for acceptance criteria, stored as pending suggestions authored by the
 * engine and pushed to the room; the model's failure stores nothing.
 */
type ErrorBody = { code: string; message: string };
const generatePath = (storyId: string) => `/api/stories/${storyId}/generate-criteria`;

/** A REST story from a real backlog (usergrid), so the local engine has specifics to work with. */
const REST_STORY = {
  title: "GET /assets/{uuid}/data should return 404 when the asset has no data",
  description: "Calling GET /assets/UUID/data on an asset without binary data answers 500. It should answer 404.",
};

/** A room (buildRoom) whose story is REST_STORY. */
const roomOf = (url: string) =>
  buildRoom(url, { storyTitle: REST_STORY.title, storyDescription: REST_STORY.description });

describe("generate-criteria on the local engine", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const room = () => roomOf(server.url);

  it("answers 401 without an identity, 403 to another session's leader and to a member, 404 for bad ids", async () => {
    const { story, member, guest } = await room();
    expect((await new ApiClient(server.url).post(generatePath(story.id))).status).toBe(401);
    const attacker = await buildSession(server.url);
    const foreign = await attacker.leader.client.post<ErrorBody>(generatePath(story.id));
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("PERMISSION_DENIED");
    expect((await member.client.post<ErrorBody>(generatePath(story.id))).body.code).toBe("PERMISSION_DENIED");
    expect((await guest.client.post(generatePath(story.id))).status).toBe(403);
    // A malformed story id is no story, as on every story route (404, not 400).
    expect((await attacker.leader.client.post(generatePath("not-a-uuid"))).status).toBe(404);
    expect((await attacker.leader.client.post(generatePath(randomUUID()))).status).toBe(404);
  });

  it("stores PointBot's specific criteria as pending suggestions and pushes each to the room", async () => {
    const { leader, member, story, session } = await room();
    const ws = await openSocket(server.url, member.client);
    ws.send({ type: "join_session", sessionId: session.id });
    await ws.next("session_snapshot");

    const res = await leader.client.post<{ suggestions: CriteriaSuggestionView[] }>(generatePath(story.id));
    expect(res.status).toBe(201);
    const made = res.body.suggestions;
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((s) => s.status === "pending" && s.suggestedBy.pointbot)).toBe(true);
    // Specific to the story, not a template: a REST story's criteria name its status codes.
    expect(made.map((s) => s.content).join("\n")).toMatch(/404/);

    const pushed = await ws.next("criteria_suggestion_added");
    expect(made.map((s) => s.id)).toContain(pushed.suggestion.id);
    const listed = await member.client.get<CriteriaSuggestionView[]>(`/api/stories/${story.id}/suggestions`);
    expect(listed.body.map((s) => s.id).sort()).toEqual(made.map((s) => s.id).sort());

    // Asking again repeats nothing already pending.
    const again = await leader.client.post<{ suggestions: CriteriaSuggestionView[] }>(generatePath(story.id));
    expect(again.status).toBe(201);
    const contents = new Set(made.map((s) => s.content));
    expect(again.body.suggestions.filter((s) => contents.has(s.content))).toEqual([]);
    await ws.close();
  });
});

describe("generate-criteria on the OpenAI-compatible engine", () => {
  let server: TestServer;
  let stub: OpenAiStub;
  beforeAll(async () => {
    stub = await startOpenAiStub();
    server = await startTestServer({ env: openAiStubEnv(stub) });
  });
  afterAll(async () => {
    await server.close();
    await stub.close();
  });

  it("labels the suggestions with the model's name, and stores nothing when the model answers garbage (502)", async () => {
    const { leader, story } = await roomOf(server.url);
    stub.reply({ content: JSON.stringify({ suggestions: ["Answers 404 Not Found for an asset without data"] }) });
    const ok = await leader.client.post<{ suggestions: CriteriaSuggestionView[] }>(generatePath(story.id));
    expect(ok.status).toBe(201);
    expect(ok.body.suggestions.map((s) => s.content)).toEqual(["Answers 404 Not Found for an asset without data"]);
    expect(ok.body.suggestions[0]?.suggestedBy.firstName).toBe("gpt-test-mini");

    stub.reply({ content: "Sure! Here are some criteria: ..." });
    const failed = await leader.client.post<ErrorBody>(generatePath(story.id));
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe("AI_UNAVAILABLE");
    const listed = await leader.client.get<CriteriaSuggestionView[]>(`/api/stories/${story.id}/suggestions`);
    expect(listed.body).toHaveLength(1);
  });
});
