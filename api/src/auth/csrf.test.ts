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
