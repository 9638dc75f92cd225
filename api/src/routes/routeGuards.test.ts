import { ApiClient } from "../testing/apiClient";
import { buildSession, buildStory, buildUser, joinGuest, type TestUser } from "../testing/factories";
import { startTestServer, type TestServer } from "../testing/testServer";

/**
 * Every route that needs an identity answers 401 without one, and every route on a session's
 * data answers 403 to a signed-in attacker who is not a member (STYLE.md point 3). The victim's
 * data is unchanged afterwards.
 */
let server: TestServer;
let victim: TestUser;
let attacker: TestUser;
let ids: { session: string; story: string; team: string; guest: string };

beforeAll(async () => {
  server = await startTestServer();
  const built = await buildSession(server.url, { title: "Victim's session" });
  victim = built.leader;
  const story = await buildStory(victim, built.session.id, { title: "Secret story" });
  await victim.client.post("/api/votes", { storyId: story.id, points: 13 });
  const team = await victim.client.post<{ id: string }>("/api/teams", { name: "Victims" });
  const guest = await joinGuest(server.url, built.session.id);
  ids = { session: built.session.id, story: story.id, team: team.body.id, guest: guest.join.participant.id };
  attacker = await buildUser(server.url, { firstName: "Mallory" });
});
afterAll(() => server.close());

type Route = [method: string, path: string, body?: unknown];

/** Fills `:session`, `:story`, `:team`, `:guest` and `:victim` in a route template. */
const resolve = (template: string) =>
  template.replace(/:(session|story|team|guest|victim)\b/g, (_m, key: string) =>
    key === "victim" ? victim.user.id : ids[key as keyof typeof ids],
  );

const sessionRoutes: Route[] = [
  ["GET", "/api/sessions/:session"],
  ["PATCH", "/api/sessions/:session", { title: "Owned" }],
  ["DELETE", "/api/sessions/:session"],
  ["PATCH", "/api/sessions/:session/archive"],
  ["PATCH", "/api/sessions/:session/unarchive"],
  ["GET", "/api/sessions/:session/participants"],
  ["POST", "/api/sessions/:session/participants", { email: "someone@example.com" }],
  ["GET", "/api/sessions/:session/invitations"],
  ["PATCH", "/api/sessions/:session/participants/:guest", { role: "observer" }],
  ["DELETE", "/api/sessions/:session/participants/:guest"],
  ["POST", "/api/sessions/:session/active-story", { storyId: "00000000-0000-4000-8000-000000000000" }],
  ["GET", "/api/sessions/:session/stories"],
  ["POST", "/api/sessions/:session/stories", { title: "Injected" }],
  ["GET", "/api/sessions/:session/votes"],
  ["GET", "/api/sessions/:session/export.md"],
  ["GET", "/api/sessions/:session/export.csv"],
  ["PATCH", "/api/stories/:story", { title: "Owned" }],
  ["DELETE", "/api/stories/:story"],
  ["DELETE", "/api/stories/:story/ticket"],
  ["POST", "/api/stories/:story/reveal-votes"],
  ["POST", "/api/stories/:story/new-round"],
  ["GET", "/api/stories/:story/votes"],
  ["GET", "/api/stories/:story/rounds"],
  ["POST", "/api/stories/:story/timer", { seconds: 60 }],
  ["DELETE", "/api/stories/:story/timer"],
  ["PUT", "/api/sessions/:session/story-order"],
  ["GET", "/api/sessions/:session/insights"],
  ["POST", "/api/sessions/:session/insights/regenerate"],
  ["GET", "/api/sessions/:session/summary"],
  ["GET", "/api/stories/:story/suggestions"],
  ["POST", "/api/stories/:story/suggestions", { content: "Injected" }],
  ["POST", "/api/stories/:story/generate-criteria"],
  ["GET", "/api/stories/:story/estimate-suggestion"],
  ["POST", "/api/integrations/jira/create-ticket"],
  ["POST", "/api/sessions/:session/jira/create-tickets"],
  ["POST", "/api/sessions/:session/jira/search", {}],
  ["POST", "/api/sessions/:session/jira/import", { keys: ["PW-1"] }],
  ["POST", "/api/stories/:story/jira/sync"],
  ["POST", "/api/votes"],
  ["GET", "/api/votes/:story/:victim"],
  ["GET", "/api/votes/:story/anonymous/:guest"],
];

const teamRoutes: Route[] = [
  ["GET", "/api/teams/:team"],
  ["GET", "/api/teams/:team/members"],
  ["GET", "/api/teams/:team/sessions"],
  ["PATCH", "/api/teams/:team", { name: "Owned" }],
  ["PATCH", "/api/teams/:team", { settings: { allowAnonymousParticipants: false, privateTeam: false } }],
  ["GET", "/api/teams/:team/audit"],
  ["DELETE", "/api/teams/:team"],
  ["POST", "/api/teams/:team/invite", { email: "mallory@example.com", role: "admin" }],
  ["PATCH", "/api/teams/:team/members/:victim", { role: "member" }],
  ["DELETE", "/api/teams/:team/members/:victim"],
  ["GET", "/api/teams/:team/invitations"],
  ["DELETE", "/api/teams/:team/invitations/00000000-0000-4000-8000-000000000000"],
];

const userRoutes: Route[] = [
  ["GET", "/api/auth/user"],
  ["PATCH", "/api/auth/user/profile", { firstName: "X" }],
  ["POST", "/api/profile/password", { currentPassword: "Estimate8Points", newPassword: "Reestimate13Points" }],
  ["GET", "/api/sessions"],
  ["GET", "/api/sessions/archived"],
  ["POST", "/api/sessions", { title: "x" }],
  ["POST", "/api/sessions/:session/join"],
  ["GET", "/api/teams"],
  ["POST", "/api/teams", { name: "x" }],
  ["GET", "/api/subscription/status"],
  ["POST", "/api/team-invitations/some-token/accept"],
  ["POST", "/api/subscription/create-checkout-session", { plan: "pro" }],
  ["POST", "/api/subscription/create-portal-session"],
  ["POST", "/api/subscription/cancel"],
  ["GET", "/api/integrations"],
  ["GET", "/api/integrations/jira/projects"],
  [
    "POST",
    "/api/integrations/jira",
    { serverUrl: "https://team.atlassian.net", email: "a@example.com", apiToken: "t" },
  ],
  [
    "POST",
    "/api/teams/integration/test",
    { type: "jira", config: { serverUrl: "https://team.atlassian.net", email: "a@example.com", apiToken: "t" } },
  ],
];

const send = (client: ApiClient, [method, path, body]: Route) =>
  client.request<{ code: string }>(
    method,
    resolve(path),
    path === "/api/votes"
      ? { storyId: ids.story, points: 1 }
      : path.endsWith("/create-ticket")
        ? { storyId: ids.story }
        : path.endsWith("/story-order")
          ? { storyIds: [ids.story] }
          : body,
  );

describe("401 without an identity", () => {
  it.each([...sessionRoutes, ...teamRoutes, ...userRoutes].map((r) => [`${r[0]} ${r[1]}`, r] as const))(
    "%s",
    async (_name, route) => {
      const res = await send(new ApiClient(server.url), route);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("UNAUTHORIZED");
    },
  );
});

describe("403 for a signed-in attacker", () => {
  it.each(sessionRoutes.map((r) => [`${r[0]} ${r[1]}`, r] as const))("%s", async (_name, route) => {
    const res = await send(attacker.client, route);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("PERMISSION_DENIED");
  });

  it.each(teamRoutes.map((r) => [`${r[0]} ${r[1]}`, r] as const))("%s", async (_name, route) => {
    const res = await send(attacker.client, route);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("TEAM_ACCESS_DENIED");
  });

  it("left the victim's data as it was", async () => {
    const session = await victim.client.get<{ title: string; archivedAt: string | null }>(
      `/api/sessions/${ids.session}`,
    );
    expect(session.body).toMatchObject({ title: "Victim's session", archivedAt: null });
    const stories = await victim.client.get<{ title: string; votesRevealed: boolean }[]>(
      `/api/sessions/${ids.session}/stories`,
    );
    expect(stories.body).toEqual([
      expect.objectContaining({ title: "Secret story", votesRevealed: false, timerEndsAt: null }),
    ]);
    const votes = await victim.client.get<{ points?: number }[]>(`/api/stories/${ids.story}/votes`);
    expect(votes.body.map((v) => v.points)).toEqual([13]);
    const team = await victim.client.get<{ name: string; settings: Record<string, unknown> }>(`/api/teams/${ids.team}`);
    expect(team.body.name).toBe("Victims");
    expect(team.body.settings).toMatchObject({ allowAnonymousParticipants: true, privateTeam: true });
    const members = await victim.client.get<{ role: string }[]>(`/api/teams/${ids.team}/members`);
    expect(members.body.map((m) => m.role)).toEqual(["owner"]);
  });
});
