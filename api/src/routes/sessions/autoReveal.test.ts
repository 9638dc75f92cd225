import type { SessionView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildUser, joinGuest, joinMember } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

/** The session's `autoReveal` setting (issue #8 sections 2 and 7): create, PATCH, session object. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("autoReveal on the session", () => {
  it("is off by default and can be set on create", async () => {
    const { session } = await buildSession(server.url);
    expect(session.autoReveal).toBe(false);
    const leader = await buildUser(server.url);
    const created = await leader.client.post<SessionView>("/api/sessions", { title: "Auto", autoReveal: true });
    expect(created.status).toBe(201);
    expect(created.body.autoReveal).toBe(true);
    const read = await leader.client.get<SessionView>(`/api/sessions/${created.body.id}`);
    expect(read.body.autoReveal).toBe(true);
    const listed = await leader.client.get<SessionView[]>("/api/sessions");
    expect(listed.body.find((s) => s.id === created.body.id)?.autoReveal).toBe(true);
  });

  it("answers 400 for a value that is not a boolean, on create and PATCH", async () => {
    const { leader, session } = await buildSession(server.url);
    for (const autoReveal of ["yes", 1, null]) {
      const created = await leader.client.post<{ code: string; errors: Record<string, string[]> }>("/api/sessions", {
        title: "Bad",
        autoReveal,
      });
      expect(created.status).toBe(400);
      expect(created.body.errors.autoReveal).toEqual(["Auto-reveal must be true or false"]);
      const patched = await leader.client.patch<{ code: string }>(`/api/sessions/${session.id}`, { autoReveal });
      expect(patched.status).toBe(400);
      expect(patched.body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("is switched by the leader with PATCH and pushed as session_updated", async () => {
    const { leader, session } = await buildSession(server.url);
    const guest = await joinGuest(server.url, session.id);
    const ws = await openSocket(server.url, guest.client);
    ws.send({ type: "join_session", sessionId: session.id });
    await ws.next("session_snapshot");
    const on = await leader.client.patch<SessionView>(`/api/sessions/${session.id}`, { autoReveal: true });
    expect(on.status).toBe(200);
    expect(on.body.autoReveal).toBe(true);
    expect(on.body.title).toBe(session.title);
    expect((await ws.next("session_updated")).session.autoReveal).toBe(true);
    const off = await leader.client.patch<SessionView>(`/api/sessions/${session.id}`, { autoReveal: false });
    expect(off.body.autoReveal).toBe(false);
    expect((await ws.next("session_updated")).session.autoReveal).toBe(false);
    await ws.close();
  });

  it("answers 401 without sign-in and 403 to a member, a guest and another session's leader", async () => {
    const { leader, session } = await buildSession(server.url);
    const member = await buildUser(server.url);
    await joinMember(member, session.id);
    const guest = await joinGuest(server.url, session.id);
    const other = await buildSession(server.url);
    const path = `/api/sessions/${session.id}`;
    expect((await new ApiClient(server.url).patch(path, { autoReveal: true })).status).toBe(401);
    for (const client of [member.client, guest.client, other.leader.client]) {
      const res = await client.patch<{ code: string }>(path, { autoReveal: true });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("PERMISSION_DENIED");
    }
    expect((await leader.client.get<SessionView>(path)).body.autoReveal).toBe(false);
  });
});
