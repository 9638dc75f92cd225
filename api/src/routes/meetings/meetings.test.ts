import type { SessionView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildUser } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const chat = () => `19:meeting_${Math.random().toString(36).slice(2)}@thread.v2`;
const url = (id: string) => `/api/meetings/${encodeURIComponent(id)}/session`;

describe("/api/meetings/:conversationId/session", () => {
  it("binds a new session to a meeting chat; anyone can find it; only its leader can rebind", async () => {
    const chatId = chat();
    const anon = new ApiClient(server.url);
    expect((await anon.get<{ code: string }>(url(chatId))).status).toBe(404);
    const leader = await buildUser(server.url);
    const created = await leader.client.request<SessionView>("PUT", url(chatId), { title: "Sprint 9 refinement" });
    expect(created.status).toBe(200);
    expect(created.body.title).toBe("Sprint 9 refinement");
    expect((await anon.get<{ sessionId: string }>(url(chatId))).body).toEqual({ sessionId: created.body.id });

    const other = await buildUser(server.url);
    const own = await buildSession(server.url, { leader: other });
    const hijack = await other.client.request<{ code: string }>("PUT", url(chatId), { sessionId: own.session.id });
    expect(hijack.status).toBe(403);
    const second = await buildSession(server.url, { leader });
    const rebind = await leader.client.request<SessionView>("PUT", url(chatId), { sessionId: second.session.id });
    expect(rebind.body.id).toBe(second.session.id);
  });

  it("validates and requires sign-in to bind", async () => {
    const chatId = chat();
    expect((await new ApiClient(server.url).request("PUT", url(chatId), { title: "x" })).status).toBe(401);
    const me = await buildUser(server.url);
    const bad = await me.client.request<{ code: string }>("PUT", url(chatId), { title: "" });
    expect(bad.status).toBe(400);
    const stranger = await buildSession(server.url);
    expect((await me.client.request("PUT", url(chatId), { sessionId: stranger.session.id })).status).toBe(403);
    expect(
      (await me.client.request("PUT", url(chatId), { sessionId: "00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(404);
  });

  it("answers malformed conversation ids with 400, never a 500 (issue #7)", async () => {
    const me = await buildUser(server.url);
    for (const raw of ["%00", "19%3Aa%00b", "%0A", "a%7F"]) {
      const path = `/api/meetings/${raw}/session`;
      const get = await me.client.get<{ code: string }>(path);
      const put = await me.client.request<{ code: string }>("PUT", path, { title: "Sprint" });
      for (const res of [get, put])
        expect({ raw, status: res.status, code: res.body.code }).toEqual({
          raw,
          status: 400,
          code: "VALIDATION_ERROR",
        });
    }
    const tenant = await me.client.request<{ code: string }>("PUT", url(chat()), {
      title: "Sprint",
      tenantId: "\u0000",
    });
    expect(tenant.status).toBe(400);
  });
});
