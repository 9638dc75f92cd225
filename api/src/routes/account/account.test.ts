import type { SessionView, TeamMemberView, TeamView, VoteView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildStory, buildUser, joinGuest, joinMember, type TestUser } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Your data (issue #13 sections 2-4): GET /api/account/export and DELETE /api/account, including
 * that the other members' data stays untouched.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Ada owns a team (Bob admin, Carol member) and a team session all three vote in; a solo session; Bob's session Ada voted in. */
async function world() {
  const ada = await buildUser(server.url, { firstName: "Ada", lastName: "Lovelace" });
  const bob = await buildUser(server.url, { firstName: "Bob" });
  const carol = await buildUser(server.url, { firstName: "Carol" });
  const team = (await ada.client.post<TeamView>("/api/teams", { name: "Platform" })).body;
  await ada.client.post(`/api/teams/${team.id}/invite`, { email: carol.email, role: "member" });
  await ada.client.post(`/api/teams/${team.id}/invite`, { email: bob.email, role: "admin" });
  const { session: shared } = await buildSession(server.url, { leader: ada, title: "Team planning", teamId: team.id });
  const story = await buildStory(ada, shared.id, { title: "Checkout" });
  await joinMember(carol, shared.id);
  await joinMember(bob, shared.id);
  for (const [who, points] of [
    [ada, 3],
    [bob, 5],
    [carol, 8],
  ] as const) {
    expect((await who.client.post("/api/votes", { storyId: story.id, points })).status).toBe(200);
  }
  expect(
    (await bob.client.post(`/api/stories/${story.id}/suggestions`, { content: "Bob: handles coupons" })).status,
  ).toBe(201);
  await ada.client.post(`/api/stories/${story.id}/reveal-votes`);
  const { session: solo } = await buildSession(server.url, { leader: ada, title: "Solo" });
  const soloStory = await buildStory(ada, solo.id);
  const guest = await joinGuest(server.url, solo.id, "Gus");
  await guest.client.post("/api/votes", { storyId: soloStory.id, points: 2 });
  const { session: bobs } = await buildSession(server.url, { leader: bob, title: "Bob's planning" });
  const bobStory = await buildStory(bob, bobs.id);
  await joinMember(ada, bobs.id);
  await ada.client.post("/api/votes", { storyId: bobStory.id, points: 13 });
  expect(
    (await ada.client.post(`/api/stories/${bobStory.id}/suggestions`, { content: "Ada: handles refunds" })).status,
  ).toBe(201);
  await bob.client.post("/api/votes", { storyId: bobStory.id, points: 1 });
  await bob.client.post(`/api/stories/${bobStory.id}/reveal-votes`);
  return { ada, bob, carol, team, shared, story, solo, bobs, bobStory };
}

const votesOf = async (viewer: TestUser, sessionId: string) =>
  (await viewer.client.get<VoteView[]>(`/api/sessions/${sessionId}/votes`)).body;

describe("GET /api/account/export", () => {
  it("answers 401 signed out", async () => {
    const res = await new ApiClient(server.url).get<{ code: string }>("/api/account/export");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("downloads profile, teams, sessions led, votes and suggestions as a JSON attachment, without secrets", async () => {
    const { ada, team, shared, solo, bobs } = await world();
    const res = await ada.client.get<Record<string, unknown>>("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="pointwise-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.body as {
      profile: { id: string; email: string; firstName: string };
      teams: { id: string; name: string; isOwner: boolean; role: string }[];
      sessionsLed: { id: string; title: string; stories: { title: string }[] }[];
      sessionsJoined: { sessionId: string }[];
      votes: { sessionId: string; points: number }[];
      suggestions: { content: string }[];
    };
    expect(data.profile).toMatchObject({ id: ada.user.id, email: ada.email, firstName: "Ada" });
    expect(data.teams).toEqual([expect.objectContaining({ id: team.id, name: "Platform", isOwner: true })]);
    expect(data.sessionsLed.map((s) => s.id).sort()).toEqual([shared.id, solo.id].sort());
    expect(data.sessionsLed.find((s) => s.id === shared.id)?.stories.map((s) => s.title)).toEqual(["Checkout"]);
    expect(data.sessionsJoined.map((s) => s.sessionId)).toContain(bobs.id);
    expect(data.votes.map((v) => [v.sessionId, v.points]).sort()).toEqual(
      [
        [shared.id, 3],
        [bobs.id, 13],
      ].sort(),
    );
    expect(data.suggestions.map((s) => s.content)).toEqual(["Ada: handles refunds"]);
    const text = JSON.stringify(data);
    for (const secret of ["passwordHash", "$argon2", "tokenHash", "stripeCustomerId", "sid"]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("DELETE /api/account", () => {
  it("answers 401 signed out, 403 without CSRF, 400 without or with a wrong confirmation", async () => {
    const anonymous = await new ApiClient(server.url).request<{ code: string }>("DELETE", "/api/account", {
      confirmEmail: "x@example.com",
    });
    expect(anonymous.status).toBe(401);
    const ada = await buildUser(server.url);
    const csrf = await ada.client.request<{ code: string }>(
      "DELETE",
      "/api/account",
      { confirmEmail: ada.email },
      { csrf: false },
    );
    expect(csrf.status).toBe(403);
    expect(csrf.body.code).toBe("CSRF_VALIDATION_FAILED");
    const missing = await ada.client.request<{ code: string; errors: Record<string, string[]> }>(
      "DELETE",
      "/api/account",
      {},
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors.confirmEmail).toEqual(["Type your email address to confirm"]);
    const wrong = await ada.client.request<{ code: string; errors: Record<string, string[]> }>(
      "DELETE",
      "/api/account",
      {
        confirmEmail: "someone-else@example.com",
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("VALIDATION_ERROR");
    expect(wrong.body.errors.confirmEmail).toEqual(["Type your account's email address to confirm"]);
    expect((await ada.client.get("/api/auth/user")).status).toBe(200);
  });

  it("deletes the account, hands team and sessions on, and leaves the other members' data untouched", async () => {
    const { ada, bob, carol, team, shared, story, solo, bobs, bobStory } = await world();
    const adaPhone = new ApiClient(server.url);
    await adaPhone.post("/api/login", { email: ada.email, password: ada.password });
    const res = await ada.client.request<Record<string, unknown>>("DELETE", "/api/account", {
      confirmEmail: ` ${ada.email.toUpperCase()} `,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Your account and personal data have been deleted.",
      teamsTransferred: 1,
      teamsDeleted: 0,
      sessionsTransferred: 1,
      sessionsDeleted: 1,
    });
    // Signed out everywhere, and the account is gone.
    expect((await ada.client.get("/api/auth/user")).status).toBe(401);
    expect((await adaPhone.get("/api/auth/user")).status).toBe(401);
    const login = await new ApiClient(server.url).post("/api/login", { email: ada.email, password: ada.password });
    expect(login.status).toBe(401);
    // The team passes to Bob (admin before member), Carol stays a member.
    const members = (await bob.client.get<TeamMemberView[]>(`/api/teams/${team.id}/members`)).body;
    expect(members.map((m) => [m.user.id, m.role]).sort()).toEqual(
      [
        [bob.user.id, "owner"],
        [carol.user.id, "member"],
      ].sort(),
    );
    // The team session passes to the registered participant present longest (Carol joined first).
    const passed = (await carol.client.get<SessionView>(`/api/sessions/${shared.id}`)).body;
    expect(passed.creatorId).toBe(carol.user.id);
    expect(passed.leaderId).toBe(carol.user.id);
    const sharedVotes = await votesOf(carol, shared.id);
    expect(sharedVotes.filter((v) => v.storyId === story.id).map((v) => [v.userId, v.points])).toEqual(
      expect.arrayContaining([
        [bob.user.id, 5],
        [carol.user.id, 8],
      ]),
    );
    expect(sharedVotes.some((v) => v.userId === ada.user.id)).toBe(false);
    const suggestions = (await carol.client.get<{ content: string }[]>(`/api/stories/${story.id}/suggestions`)).body;
    expect(suggestions.map((s) => s.content)).toEqual(["Bob: handles coupons"]);
    // The solo session (only a guest besides Ada) is deleted.
    expect((await new ApiClient(server.url).get(`/api/sessions/${solo.id}/join-info`)).status).toBe(404);
    // Bob's own session keeps Bob's vote; Ada's is gone.
    const bobVotes = (await votesOf(bob, bobs.id)).filter((v) => v.storyId === bobStory.id);
    expect(bobVotes.map((v) => [v.userId, v.points])).toEqual([[bob.user.id, 1]]);
    const bobSuggestions = (await bob.client.get<unknown[]>(`/api/stories/${bobStory.id}/suggestions`)).body;
    expect(bobSuggestions).toEqual([]);
  });

  it("deletes a team nobody else is in", async () => {
    const ada = await buildUser(server.url);
    const team = (await ada.client.post<TeamView>("/api/teams", { name: "Alone" })).body;
    const res = await ada.client.request<{ teamsDeleted: number }>("DELETE", "/api/account", {
      confirmEmail: ada.email,
    });
    expect(res.body.teamsDeleted).toBe(1);
    const bob = await buildUser(server.url);
    expect((await bob.client.get(`/api/teams/${team.id}`)).status).toBe(404);
  });
});
