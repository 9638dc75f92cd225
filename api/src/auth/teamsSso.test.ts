import type { UserView } from "@pointwise/core/presented";
import { teamMembers } from "../db/schema";
import { ApiClient } from "../testing/apiClient";
import { type EntraStub, startEntraStub } from "../testing/entraStub";
import { buildSession, buildUser } from "../testing/factories";
import { startTestServer, type TestServer } from "../testing/testServer";
import { openSocket } from "../testing/wsClient";

let entra: EntraStub;
let server: TestServer;
beforeAll(async () => {
  entra = await startEntraStub({ audienceHost: "pointwise.test" });
  server = await startTestServer({
    env: { AAD_APP_CLIENT_ID: entra.clientId, ENTRA_JWKS_URL: entra.jwksUrl, PUBLIC_URL: "https://pointwise.test" },
  });
});
afterAll(async () => {
  await server.close();
  await entra.close();
});

const asBearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const me = (token: string) =>
  new ApiClient(server.url).request<UserView & { code?: string }>("GET", "/api/auth/user", undefined, asBearer(token));

describe("Teams SSO bearer tokens", () => {
  it("accepts a valid token and maps tid+oid to one user, created on first use", async () => {
    const oid = "0b5c8f5e-1d2a-4b6c-9e7f-8a9b0c1d2e3f";
    const token = await entra.issueToken({ oid, name: "Ada Lovelace", preferred_username: "ada@contoso.com" });
    const first = await me(token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ firstName: "Ada", lastName: "Lovelace", email: "ada@contoso.com" });
    const again = await me(await entra.issueToken({ oid, name: "Ada Lovelace" }));
    expect(again.body.id).toBe(first.body.id);
  });

  it("refuses expired, wrong-audience, wrong-issuer and badly signed tokens", async () => {
    const cases = [
      await entra.issueToken({ expiresIn: -3600 }),
      await entra.issueToken({ aud: "api://evil.example/00000000-0000-4000-8000-000000000000" }),
      await entra.issueToken({ iss: "https://login.microsoftonline.com/11111111-1111-4111-8111-111111111111/v2.0" }),
      await entra.issueToken({}, { foreignKey: true }),
      "not.a.jwt",
    ];
    for (const token of cases) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("UNAUTHORIZED");
    }
    expect((await me(cases[0] as string)).body).toMatchObject({ message: "Teams token expired" });
  });

  it("authenticates unsafe calls without a CSRF token, and WebSocket joins", async () => {
    const token = await entra.issueToken({ name: "Grace Hopper" });
    const client = new ApiClient(server.url);
    const created = await client.request<{ id: string }>(
      "POST",
      "/api/sessions",
      { title: "From Teams" },
      { csrf: false, ...asBearer(token) },
    );
    expect(created.status).toBe(201);
    const ws = await openSocket(server.url);
    ws.send({ type: "join_session", sessionId: created.body.id, accessToken: token });
    const snap = await ws.next("session_snapshot");
    expect(snap.you.isLeader).toBe(true);
    ws.send({
      type: "join_session",
      sessionId: created.body.id,
      accessToken: await entra.issueToken({ expiresIn: -3600 }),
    });
    expect(await ws.next("error")).toMatchObject({ code: "UNAUTHORIZED" });
    await ws.close();
  });

  it("lets a Teams-only team member join a team session over the socket (SSO kept across the participant reload)", async () => {
    const owner = await buildUser(server.url);
    const team = await owner.client.post<{ id: string }>("/api/teams", { name: "Teams crew" });
    const { session } = await buildSession(server.url, { leader: owner, teamId: team.body.id });
    const token = await entra.issueToken({ name: "Katherine Johnson" });
    const teamsUser = (await me(token)).body;
    await server.ctx.db.insert(teamMembers).values({ teamId: team.body.id, userId: teamsUser.id });
    const ws = await openSocket(server.url);
    ws.send({ type: "join_session", sessionId: session.id, accessToken: token });
    const snap = await ws.next("session_snapshot");
    expect(snap.you).toEqual({ voterKey: `u:${teamsUser.id}`, isLeader: false });
    expect(snap.participants.map((p) => p.userId)).toContain(teamsUser.id);
    expect(ws.messages.filter((m) => m.type === "error")).toEqual([]);
    await ws.close();
  });

  it("keeps out tenants that are not on the allow-list", async () => {
    const strict = await startTestServer({
      env: {
        AAD_APP_CLIENT_ID: entra.clientId,
        ENTRA_JWKS_URL: entra.jwksUrl,
        PUBLIC_URL: "https://pointwise.test",
        ALLOWED_TENANT_IDS: "22222222-2222-4222-8222-222222222222",
      },
    });
    try {
      const res = await new ApiClient(strict.url).request<{ code: string }>(
        "GET",
        "/api/auth/user",
        undefined,
        asBearer(await entra.issueToken()),
      );
      expect(res.status).toBe(401);
      const allowed = await entra.issueToken({ tid: "22222222-2222-4222-8222-222222222222" });
      expect(
        (await new ApiClient(strict.url).request("GET", "/api/auth/user", undefined, asBearer(allowed))).status,
      ).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it("refuses every token when SSO is not configured", async () => {
    const plain = await startTestServer();
    try {
      const res = await new ApiClient(plain.url).request(
        "GET",
        "/api/auth/user",
        undefined,
        asBearer(await entra.issueToken()),
      );
      expect(res.status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
