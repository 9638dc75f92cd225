import { ApiClient } from "../testing/apiClient";
import { buildSession, buildStory, buildUser, joinGuest, type TestUser } from "../testing/factories";
import { insertInsight } from "../testing/insights";
import { startTestServer, type TestServer } from "../testing/testServer";

/**
 * Every route that needs an identity answers 401 without one, and every route on a session's
 * data answers 403 to a signed-in attacker who is not a member (STYLE.md point 3). The victim's
 * data is unchanged afterwards. The lists below are checked against the routes the app
 * registered (Fastify's `onRoute`, TestServer.routes): a new route fails this file until it is
 * listed, as guarded or as public with its reason (issue #24 section 4).
 */
let server: TestServer;
let victim: TestUser;
let attacker: TestUser;
let ids: {
  session: string;
  story: string;
  team: string;
  guest: string;
  suggestion: string;
  insight: string;
};

/** An id no row has (for routes whose guard runs before the lookup). */
const NONE = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  server = await startTestServer();
  const built = await buildSession(server.url, { title: "Victim's session" });
  victim = built.leader;
  const story = await buildStory(victim, built.session.id, { title: "Secret story" });
  await victim.client.post("/api/votes", { storyId: story.id, points: 13 });
  const team = await victim.client.post<{ id: string }>("/api/teams", { name: "Victims" });
  const guest = await joinGuest(server.url, built.session.id);
  // A guest's suggestion waits for the leader's approval; an insight row as PointBot writes it.
  const suggestion = await guest.client.post<{ suggestion: { id: string } }>(`/api/stories/${story.id}/suggestions`, {
    content: "Keeps the totals",
  });
  const insight = await insertInsight(server.ctx, built.session.id);
  ids = {
    session: built.session.id,
    story: story.id,
    team: team.body.id,
    guest: guest.join.participant.id,
    suggestion: suggestion.body.suggestion.id,
    insight: insight.id,
  };
  attacker = await buildUser(server.url, { firstName: "Mallory" });
});
afterAll(() => server.close());

type Route = [method: string, path: string, body?: unknown];

/** Values of the other `:params` of the templates below. */
const fixed: Record<string, string> = {
  token: "some-token",
  invitation: NONE,
  provider: "google",
  conversation: "19:meeting_guard@thread.v2",
};

/** Fills `:session`, `:story`, `:team`, `:guest`, `:suggestion`, `:insight`, `:victim` and `fixed` in a template. */
const resolve = (template: string) =>
  template.replace(/:([a-z]+)\b/g, (whole, key: string) => {
    if (key === "victim") return victim.user.id;
    if (key in ids) return ids[key as keyof typeof ids];
    return fixed[key] ?? whole;
  });

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
  ["GET", "/api/sessions/:session/card"],
  ["POST", "/api/sessions/:session/teams-message", {}],
  ["GET", "/api/sessions/:session/stories/window"],
  ["POST", "/api/sessions/:session/stories/import"],
  ["POST", "/api/stories/:story/move", { afterStoryId: null }],
  ["POST", "/api/suggestions/:suggestion/approve"],
  ["DELETE", "/api/suggestions/:suggestion"],
  ["DELETE", "/api/insights/:insight"],
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
  ["DELETE", "/api/teams/:team/invitations/:invitation"],
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
  ["POST", "/api/team-invitations/:token/accept"],
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
  ["GET", "/api/account/export"],
  ["DELETE", "/api/account"],
  ["DELETE", "/api/auth/providers/:provider"],
  ["POST", "/api/auth/change-password", { currentPassword: "Estimate8Points", newPassword: "Reestimate13Points" }],
  ["POST", "/api/auth/logout-all"],
  ["POST", "/api/auth/link/:provider"],
  ["POST", "/api/auth/link/bluesky", { handle: "someone.bsky.social" }],
  ["POST", "/api/stories/generate-enhanced-description", { title: "Checkout" }],
  ["PUT", "/api/meetings/:conversation/session", { title: "Stand-up" }],
];

/**
 * Routes that answer without an identity by design, each with where its own guard is (if any).
 * HEAD routes are Fastify's copies of GET routes (exposeHeadRoutes) and follow their GET.
 */
const publicRoutes: [method: string, path: string, why: string][] = [
  ["GET", "/*", "the web app's files"],
  ["GET", "/ws", "the upgrade; every frame checks the session policy (wsRoute.test)"],
  ["GET", "/api/health", "liveness"],
  ["GET", "/api/hot-reload-test", "build check of the web app"],
  ["GET", "/api/openapi.json", "the API description"],
  ["GET", "/api/csrf-token", "issued before sign-in"],
  ["GET", "/api/auth/providers", "the sign-in page lists them"],
  ["GET", "/api/auth/:provider", "starts a sign-in"],
  ["GET", "/api/auth/:provider/callback", "ends a sign-in (state checked)"],
  ["GET", "/api/auth/bluesky", "starts a sign-in"],
  ["GET", "/api/auth/bluesky/callback", "ends a sign-in (state checked)"],
  ["GET", "/api/auth/bluesky/client-metadata.json", "read by the Bluesky server"],
  ["GET", "/api/login", "redirects to the sign-in page"],
  ["POST", "/api/login", "signs in"],
  ["GET", "/api/logout", "signs out whoever calls"],
  ["POST", "/api/logout", "signs out whoever calls"],
  ["POST", "/api/register", "creates an account"],
  ["POST", "/api/auth/forgot-password", "by e-mail address"],
  ["POST", "/api/auth/reset-password", "by the e-mailed token"],
  ["POST", "/api/sessions/:session/join-anonymous", "a guest joins by name (team setting checked)"],
  ["GET", "/api/sessions/:session/join-info", "the join page's title and rules, rate limited"],
  ["GET", "/api/meetings/:conversation/session", "which session a meeting runs; its data stays guarded"],
  ["POST", "/api/messages", "Bot Framework's signed token (bot.test)"],
  ["POST", "/api/subscription/webhook", "Stripe's signature (subscription tests)"],
];

const send = (client: ApiClient, [method, path, body]: Route) =>
  client.request<{ code: string }>(
    method,
    resolve(path),
    path.endsWith("/stories/import")
      ? "title\nInjected"
      : path === "/api/votes"
        ? { storyId: ids.story, points: 1 }
        : path.endsWith("/create-ticket")
          ? { storyId: ids.story }
          : path.endsWith("/story-order")
            ? { storyIds: [ids.story] }
            : body,
    path.endsWith("/stories/import") ? { contentType: "text/csv" } : {},
  );

/** A route's shape with its parameters' names left out: `GET /api/sessions/:/card`. */
const shape = (method: string, path: string) => `${method} ${path.replace(/:[A-Za-z]+/g, ":")}`;

describe("the lists cover the app's routes (from Fastify's onRoute)", () => {
  const listed = () => [...sessionRoutes, ...teamRoutes, ...userRoutes, ...publicRoutes].map((r) => shape(r[0], r[1]));

  it("lists every registered route, as guarded or as public", () => {
    const known = new Set(listed());
    const registered = server.routes.filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS");
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.map((r) => shape(r.method, r.url)).filter((r) => !known.has(r))).toEqual([]);
  });

  it("lists no route the app does not have, and each HEAD route has its GET", () => {
    const registered = new Set(server.routes.map((r) => shape(r.method, r.url)));
    expect(listed().filter((r) => !registered.has(r))).toEqual([]);
    const heads = server.routes.filter((r) => r.method === "HEAD");
    expect(heads.filter((r) => !registered.has(shape("GET", r.url)))).toEqual([]);
  });
});

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

describe("the Teams card and summary routes (issue #24 section 4: missed by the hand-made list)", () => {
  it("GET /api/sessions/{id}/card: the voting card for a member, 404 for no session", async () => {
    const res = await victim.client.get<{ card: { type: string; body: unknown[] } }>(
      `/api/sessions/${ids.session}/card`,
    );
    expect(res.status).toBe(200);
    expect(res.body.card.type).toBe("AdaptiveCard");
    expect(JSON.stringify(res.body.card)).toContain("Secret story");
    expect((await victim.client.get(`/api/sessions/${NONE}/card`)).status).toBe(404);
  });

  it("POST /api/sessions/{id}/teams-message: 400 for a malformed body, the summary for a member", async () => {
    const bad = await victim.client.post<{ code: string }>(`/api/sessions/${ids.session}/teams-message`, {
      completedStories: "many",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    const res = await victim.client.post<{ posted: boolean; message: string }>(
      `/api/sessions/${ids.session}/teams-message`,
      {},
    );
    expect(res.status).toBe(200);
    expect(res.body.posted).toBe(false);
    expect(res.body.message).toContain("Victim's session");
  });
});
