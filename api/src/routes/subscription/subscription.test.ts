import type { SessionView, SubscriptionStatusView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildUser, joinGuest, type TestUser } from "../../testing/factories";
import { lockedSessionTitles, setSessionUpdatedAt, setSubscriptionStatus } from "../../testing/plans";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

/**
 * Plans in self-hosted mode (no STRIPE_SECRET_KEY; issue #11 sections 2 and 3): choosing a plan
 * switches it at once, cancel returns to free at once, a downgrade locks the sessions beyond the
 * free limit (the most recently updated stay unlocked) and an upgrade unlocks them; the plan
 * gates and SUBSCRIPTION_INACTIVE. Every route: 401, 403 (CSRF), 400, success.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const choose = (user: TestUser, plan: unknown) =>
  user.client.post<{ upgraded?: boolean; plan?: string; message?: string; url?: string; code?: string }>(
    "/api/subscription/create-checkout-session",
    { plan },
  );
const statusOf = async (user: TestUser) =>
  (await user.client.get<SubscriptionStatusView>("/api/subscription/status")).body;
const lockedTitles = (userId: string) => lockedSessionTitles(server.ctx, userId);

describe("guards", () => {
  it.each([
    ["GET", "/api/subscription/status"],
    ["POST", "/api/subscription/create-checkout-session"],
    ["POST", "/api/subscription/create-portal-session"],
    ["POST", "/api/subscription/cancel"],
  ])("%s %s answers 401 without a sign-in", async (method, path) => {
    const res = await new ApiClient(server.url).request<{ code: string }>(
      method,
      path,
      method === "POST" ? { plan: "basic" } : undefined,
    );
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it.each(["/api/subscription/create-checkout-session", "/api/subscription/cancel"])(
    "POST %s answers 403 without the CSRF token and changes nothing",
    async (path) => {
      const user = await buildUser(server.url);
      const res = await user.client.request<{ code: string }>("POST", path, { plan: "pro" }, { csrf: false });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("CSRF_VALIDATION_FAILED");
      expect((await statusOf(user)).plan).toBe("free");
    },
  );

  it.each([["selfhosted"], ["enterprise"], [""], [42], [null]])("400 for the plan %p", async (plan) => {
    const user = await buildUser(server.url);
    const res = await choose(user, plan);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect((await statusOf(user)).plan).toBe("free");
  });

  it("the billing portal is 400 in self-hosted mode, and the webhook too", async () => {
    const user = await buildUser(server.url);
    const portal = await user.client.post<{ code: string }>("/api/subscription/create-portal-session");
    expect(portal.status).toBe(400);
    expect(portal.body.code).toBe("VALIDATION_ERROR");
    const hook = await fetch(`${server.url}/api/subscription/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: "{}",
    });
    expect(hook.status).toBe(400);
  });
});

describe("self-hosted mode", () => {
  it("status of a new user: free and active (the free plan needs no subscription; issue #22), 3, synced", async () => {
    const user = await buildUser(server.url);
    expect(await statusOf(user)).toEqual({
      plan: "free",
      status: "active",
      sessionsThisMonth: 0,
      sessionsOwned: 0,
      limit: 3,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      synced: true,
      billing: "selfhosted",
    });
  });

  it("upgrades at once: the fourth session is created; cancel returns to free and locks the oldest", async () => {
    const user = await buildUser(server.url);
    const ids: Record<string, string> = {};
    for (const title of ["A", "B", "C"])
      ids[title] = (await buildSession(server.url, { leader: user, title })).session.id;
    const refused = await user.client.post<{ code: string }>("/api/sessions", { title: "D" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("SUBSCRIPTION_LIMIT_REACHED");

    const upgraded = await choose(user, "basic");
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toEqual({ upgraded: true, plan: "basic", message: "You're now on the Basic plan." });
    expect(await statusOf(user)).toMatchObject({ plan: "basic", status: "active", limit: null, sessionsOwned: 3 });
    const fourth = await user.client.post<SessionView>("/api/sessions", { title: "D" });
    expect(fourth.status).toBe(201);
    ids.D = fourth.body.id;

    // B is the most recently updated; A the least: A is the one locked on the way down.
    const at = (title: string, iso: string) => setSessionUpdatedAt(server.ctx, ids[title] ?? "", new Date(iso));
    await at("A", "2026-01-01T00:00:00Z");
    await at("C", "2026-01-02T00:00:00Z");
    await at("D", "2026-01-03T00:00:00Z");
    await at("B", "2026-01-04T00:00:00Z");
    const cancelled = await user.client.post<{ message: string }>("/api/subscription/cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toMatch(/Free plan/);
    // The paid subscription ended; the free plan it returned to is active (issue #22).
    expect(await statusOf(user)).toMatchObject({ plan: "free", status: "active", limit: 3, sessionsOwned: 4 });
    expect(await lockedTitles(user.user.id)).toEqual(["A"]);
    const sessions = await user.client.get<SessionView[]>("/api/sessions");
    expect(sessions.body.filter((s) => s.locked).map((s) => s.title)).toEqual(["A"]);

    // Upgrading unlocks every session.
    expect((await choose(user, "pro")).body).toMatchObject({ upgraded: true, plan: "pro" });
    expect(await lockedTitles(user.user.id)).toEqual([]);
    // Choosing free directly is a switch too.
    expect((await choose(user, "free")).body).toMatchObject({ upgraded: true, plan: "free" });
    expect(await lockedTitles(user.user.id)).toEqual(["A"]);
  });

  it("a guest in a session that gets locked is told live (session_updated, locked)", async () => {
    const user = await buildUser(server.url);
    await choose(user, "basic");
    const ids: string[] = [];
    for (const title of ["W", "X", "Y", "Z"])
      ids.push((await buildSession(server.url, { leader: user, title })).session.id);
    const oldest = ids[0] ?? "";
    for (const [i, id] of ids.entries()) await setSessionUpdatedAt(server.ctx, id, new Date(Date.UTC(2026, 1, 1 + i)));
    const guest = await joinGuest(server.url, oldest, "Gus");
    const ws = await openSocket(server.url, guest.client);
    try {
      ws.send({ type: "join_session", sessionId: oldest });
      await ws.next("session_snapshot");
      await choose(user, "free");
      const update = await ws.next("session_updated", (m) => m.session.locked);
      expect(update.session.id).toBe(oldest);
      await choose(user, "pro");
      await ws.next("session_updated", (m) => !m.session.locked);
    } finally {
      await ws.close();
    }
  });

  it("another user's choice changes only their own plan (attacker/victim)", async () => {
    const victim = await buildUser(server.url);
    const attacker = await buildUser(server.url);
    await choose(victim, "pro");
    await attacker.client.post("/api/subscription/cancel");
    expect((await statusOf(victim)).plan).toBe("pro");
  });
});

describe("plan gates (core/plans) and SUBSCRIPTION_INACTIVE", () => {
  it("insights need basic; past_due answers SUBSCRIPTION_INACTIVE; free answers PLAN_UPGRADE_REQUIRED", async () => {
    const { leader, session } = await buildSession(server.url);
    const insights = () =>
      leader.client.get<{ code: string; requiredPlan?: string; currentPlan?: string }>(
        `/api/sessions/${session.id}/insights`,
      );
    const gated = await insights();
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ code: "PLAN_UPGRADE_REQUIRED", requiredPlan: "basic", currentPlan: "free" });
    await choose(leader, "basic");
    expect((await insights()).status).toBe(200);
    await setSubscriptionStatus(server.ctx, leader.user.id, "past_due");
    const inactive = await insights();
    expect(inactive.status).toBe(403);
    expect(inactive.body).toMatchObject({
      code: "SUBSCRIPTION_INACTIVE",
      message: "Your subscription is not active. Please update your payment method.",
    });
  });

  it("past_due creates up to the free limit, then SUBSCRIPTION_INACTIVE; nothing is locked", async () => {
    const user = await buildUser(server.url);
    await choose(user, "pro");
    for (const title of ["A", "B", "C", "D"]) await buildSession(server.url, { leader: user, title });
    await setSubscriptionStatus(server.ctx, user.user.id, "past_due");
    const refused = await user.client.post<{ code: string }>("/api/sessions", { title: "E" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("SUBSCRIPTION_INACTIVE");
    expect(await lockedTitles(user.user.id)).toEqual([]);
  });
});
