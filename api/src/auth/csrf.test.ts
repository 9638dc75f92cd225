import { ApiClient } from "../testing/apiClient";
import { buildUser, joinGuest } from "../testing/factories";
import { startTestServer, type TestServer } from "../testing/testServer";

/**
 * CSRF is skipped for a header credential only when nothing ambient (sign-in session, `pt_`
 * cookie) authenticates the request too (issue #7 "Smaller holes"). Attacker: a page that gets
 * the victim's browser to send an unsafe request carrying some `X-Participant-Token`.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it("refuses a cookie-authenticated DELETE that carries a participant header but no CSRF token", async () => {
  const victim = await buildUser(server.url);
  const session = await victim.client.post<{ id: string }>("/api/sessions", { title: "Keep me" });
  const attack = await victim.client.request<{ code: string }>(
    "DELETE",
    `/api/sessions/${session.body.id}`,
    undefined,
    {
      csrf: false,
      headers: { "x-participant-token": "anything" },
    },
  );
  expect(attack.status).toBe(403);
  expect(attack.body.code).toBe("CSRF_VALIDATION_FAILED");
  expect((await victim.client.get(`/api/sessions/${session.body.id}`)).status).toBe(200);
  // Same for a Teams bearer header riding along with the sign-in cookie.
  const bearer = await victim.client.request<{ code: string }>(
    "DELETE",
    `/api/sessions/${session.body.id}`,
    undefined,
    {
      csrf: false,
      headers: { authorization: "Bearer x" },
    },
  );
  expect(bearer.status).toBe(403);
  expect((await victim.client.get(`/api/sessions/${session.body.id}`)).status).toBe(200);
});

it("refuses a guest's pt_ cookie with a participant header and no CSRF token; the header alone still votes", async () => {
  const owner = await buildUser(server.url);
  const session = await owner.client.post<{ id: string }>("/api/sessions", { title: "Guests" });
  const story = await owner.client.post<{ id: string }>(`/api/sessions/${session.body.id}/stories`, { title: "S" });
  const guest = await joinGuest(server.url, session.body.id, "Gwen");
  const vote = { storyId: story.body.id, points: 3 };
  const withCookie = await guest.client.request<{ code: string }>("POST", "/api/votes", vote, {
    csrf: false,
    headers: { "x-participant-token": "not-hers" },
  });
  expect(withCookie.status).toBe(403);
  expect(withCookie.body.code).toBe("CSRF_VALIDATION_FAILED");
  // A non-browser client: only the header, no cookies at all.
  const headerOnly = await new ApiClient(server.url).request("POST", "/api/votes", vote, {
    csrf: false,
    headers: { "x-participant-token": guest.join.participantToken },
  });
  expect(headerOnly.status).toBe(200);
});

describe("CSRF tokens are bound to the sign-in session (issue #23 section 7)", () => {
  /**
   * Attacker: someone who can set the victim's `csrf-token` cookie (a sibling subdomain, plain
   * http on the way) and so plants a token they know, then has the victim's browser send it
   * along with the victim's own sign-in cookie.
   */
  const planted = (victim: ApiClient, token: string) => {
    victim.cookies.set("csrf-token", token);
    return victim;
  };

  it("refuses a token from another session or an anonymous one with the victim's session cookie", async () => {
    const victim = await buildUser(server.url);
    const session = await victim.client.post<{ id: string }>("/api/sessions", { title: "Keep me" });
    const attacker = await buildUser(server.url);
    const attackerToken = await attacker.client.csrf();
    const anonymous = new ApiClient(server.url);
    const anonymousToken = await anonymous.csrf();
    const victimToken = victim.client.cookies.get("csrf-token") ?? "";
    for (const token of [attackerToken, anonymousToken]) {
      planted(victim.client, token);
      const attack = await victim.client.request<{ code: string }>(
        "DELETE",
        `/api/sessions/${session.body.id}`,
        undefined,
        { csrf: false, headers: { "x-csrf-token": token } },
      );
      expect(attack.status).toBe(403);
      expect(attack.body.code).toBe("CSRF_VALIDATION_FAILED");
      // The same through the "Sign out?" page's form field.
      planted(victim.client, token);
      const form = await victim.client.request<{ code: string }>("POST", "/api/logout", `_csrf=${token}`, {
        csrf: false,
        contentType: "application/x-www-form-urlencoded",
      });
      expect(form.status).toBe(403);
    }
    // Still signed in, the session still there; the victim's own token works.
    planted(victim.client, victimToken);
    expect((await victim.client.get(`/api/sessions/${session.body.id}`)).status).toBe(200);
    expect((await victim.client.delete(`/api/sessions/${session.body.id}`)).status).toBe(200);
  });

  it("gives a fresh token with sign-in and with sign-out; guests keep working with anonymous tokens", async () => {
    const member = await buildUser(server.url);
    const browser = new ApiClient(server.url);
    const before = await browser.csrf();
    const login = await browser.post("/api/login", { email: member.email, password: member.password });
    expect(login.status).toBe(200);
    // The answer to the sign-in set a token of the new session; the one from before no longer passes.
    const signedIn = browser.cookies.get("csrf-token");
    expect(signedIn).toBeDefined();
    expect(signedIn).not.toBe(before);
    planted(browser, before);
    const stale = await browser.request<{ code: string }>(
      "POST",
      "/api/sessions",
      { title: "Stale" },
      {
        csrf: false,
        headers: { "x-csrf-token": before },
      },
    );
    expect(stale.status).toBe(403);
    planted(browser, signedIn ?? "");
    const created = await browser.post<{ id: string }>("/api/sessions", { title: "Fresh" });
    expect(created.status).toBe(201);
    // GET /api/csrf-token answers the cookie's token while it is valid.
    expect((await browser.get<{ csrfToken: string }>("/api/csrf-token")).body.csrfToken).toBe(signedIn);

    // Sign-out answers with an anonymous token, which a guest's join then uses.
    const logout = await browser.post("/api/logout");
    expect(logout.status).toBe(303);
    const signedOut = browser.cookies.get("csrf-token");
    expect(signedOut).not.toBe(signedIn);
    const join = await browser.post(`/api/sessions/${created.body.id}/join-anonymous`, { displayName: "Gus" });
    expect(join.status).toBe(201);
    // The signed-in token is refused once signed out, like any token of another binding.
    const old = await browser.request<{ code: string }>(
      "POST",
      `/api/sessions/${created.body.id}/join-anonymous`,
      { displayName: "Gus again" },
      { csrf: false, headers: { "x-csrf-token": signedIn ?? "" } },
    );
    expect(old.status).toBe(403);
  });
});
