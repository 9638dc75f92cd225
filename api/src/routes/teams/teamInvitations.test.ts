import type {
  TeamInvitationAcceptance,
  TeamInvitationView,
  TeamInviteResult,
  TeamMemberView,
  TeamView,
} from "@pointwise/core/presented";
import { registerUser } from "../../commands/userRegistrar";
import { ApiClient } from "../../testing/apiClient";
import { buildUser, TEST_PASSWORD, type TestUser } from "../../testing/factories";
import { decodedMail, type SmtpCapture, startSmtpCapture } from "../../testing/smtpCapture";
import { expireTeamInvitations, storedTeamInvitation } from "../../testing/teamInvitations";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Invitations of addresses without an account (issue #11 section 1): 14 days, single use,
 * accepted by registering, signing in or opening the link; e-mailed through a local SMTP server.
 */
let server: TestServer;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      SMTP_FROM: "Pointwise <team@example.com>",
      PUBLIC_URL: "https://pw.example.com",
    },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const uniqueEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2, 9)}@example.com`;

async function buildTeam(): Promise<{ owner: TestUser; team: TeamView }> {
  const owner = await buildUser(server.url, { firstName: "Olga", lastName: "Owner" });
  const team = (await owner.client.post<TeamView>("/api/teams", { name: "Platform" })).body;
  return { owner, team };
}

async function invite(owner: TestUser, teamId: string, email: string, role = "member"): Promise<TeamInviteResult> {
  const res = await owner.client.post<TeamInviteResult>(`/api/teams/${teamId}/invite`, { email, role });
  expect(res.status).toBe(200);
  return res.body;
}

const tokenOf = (url: string | undefined) => url?.split("/invite/")[1] ?? "";
const accept = (client: ApiClient, token: string) =>
  client.post<TeamInvitationAcceptance & { code?: string }>(`/api/team-invitations/${token}/accept`);
const roleIn = async (owner: TestUser, teamId: string, userId: string) =>
  (await owner.client.get<TeamMemberView[]>(`/api/teams/${teamId}/members`)).body.find((m) => m.user.id === userId)
    ?.role;

describe("team invitations", () => {
  it("e-mails the link, lists it, and joins whoever registers with the address", async () => {
    const { owner, team } = await buildTeam();
    const email = uniqueEmail("nina");
    const result = await invite(owner, team.id, email.toUpperCase(), "moderator");
    expect(result).toEqual({ status: "invited", inviteUrl: expect.any(String), emailSent: true });
    expect(result.inviteUrl).toMatch(/^https:\/\/pw\.example\.com\/invite\/[A-Za-z0-9_-]{43}$/);
    const mail = smtp.mails.find((m) => m.to === email);
    expect(mail).toBeDefined();
    const text = decodedMail(mail?.data ?? "");
    expect(text).toContain(result.inviteUrl);
    expect(text).toContain("Olga Owner invited you");
    expect(text).toContain("From: Pointwise <team@example.com>");
    const pending = await owner.client.get<TeamInvitationView[]>(`/api/teams/${team.id}/invitations`);
    expect(pending.body).toEqual([
      {
        id: expect.any(String),
        email,
        role: "moderator",
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);
    const days = (Date.parse(pending.body[0]?.expiresAt ?? "") - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);
    // Only the hash is stored.
    const row = await storedTeamInvitation(server.ctx, email);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(tokenOf(result.inviteUrl));

    const nina = await buildUser(server.url, { email, firstName: "Nina" });
    expect((await nina.client.get<TeamView[]>("/api/teams")).body.map((t) => t.id)).toEqual([team.id]);
    expect(await roleIn(owner, team.id, nina.user.id)).toBe("moderator");
    expect((await owner.client.get(`/api/teams/${team.id}/invitations`)).body).toEqual([]);
    // Single use: the link no longer works once the invitation is accepted, except for the member it made.
    expect((await accept(nina.client, tokenOf(result.inviteUrl))).body).toEqual({ teamId: team.id });
    const other = await buildUser(server.url);
    expect((await accept(other.client, tokenOf(result.inviteUrl))).status).toBe(404);
  });

  it("joins the signed-in user who opens the link, once", async () => {
    const { owner, team } = await buildTeam();
    const result = await invite(owner, team.id, uniqueEmail("link"), "admin");
    const token = tokenOf(result.inviteUrl);
    expect((await accept(new ApiClient(server.url), token)).status).toBe(401);
    const opener = await buildUser(server.url);
    const joined = await accept(opener.client, token);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ teamId: team.id });
    expect(await roleIn(owner, team.id, opener.user.id)).toBe("admin");
    const second = await buildUser(server.url);
    const reused = await accept(second.client, token);
    expect([reused.status, reused.body.code]).toEqual([404, "NOT_FOUND"]);
    expect((await accept(opener.client, token)).body).toEqual({ teamId: team.id });
    expect((await accept(second.client, "made-up-token")).status).toBe(404);
    expect(await roleIn(owner, team.id, second.user.id)).toBeUndefined();
  });

  it("joins at sign-in with the invited address", async () => {
    const { owner, team } = await buildTeam();
    const email = uniqueEmail("login");
    await invite(owner, team.id, email);
    // An account made without the register route (as an operator might): the invitation waits for sign-in.
    const user = await registerUser(server.ctx, {
      email,
      firstName: "Lena",
      lastName: "Login",
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    } as Parameters<typeof registerUser>[1]);
    expect(await roleIn(owner, team.id, user.id)).toBeUndefined();
    const client = new ApiClient(server.url);
    const login = await client.post("/api/login", { email, password: TEST_PASSWORD, rememberMe: false });
    expect(login.status).toBe(200);
    expect(await roleIn(owner, team.id, user.id)).toBe("member");
  });

  it("expires after 14 days: neither the link nor registration joins", async () => {
    const { owner, team } = await buildTeam();
    const email = uniqueEmail("late");
    const result = await invite(owner, team.id, email);
    await expireTeamInvitations(server.ctx, email);
    expect((await owner.client.get(`/api/teams/${team.id}/invitations`)).body).toEqual([]);
    const opener = await buildUser(server.url);
    expect((await accept(opener.client, tokenOf(result.inviteUrl))).status).toBe(404);
    const late = await buildUser(server.url, { email });
    expect((await late.client.get("/api/teams")).body).toEqual([]);
  });

  it("renews on a second invite (old link dead) and cancels", async () => {
    const { owner, team } = await buildTeam();
    const email = uniqueEmail("again");
    const first = await invite(owner, team.id, email);
    const second = await invite(owner, team.id, email, "admin");
    expect(second.inviteUrl).not.toBe(first.inviteUrl);
    const opener = await buildUser(server.url);
    expect((await accept(opener.client, tokenOf(first.inviteUrl))).status).toBe(404);
    const [pending] = (await owner.client.get<TeamInvitationView[]>(`/api/teams/${team.id}/invitations`)).body;
    expect(pending?.role).toBe("admin");
    const cancelled = await owner.client.delete(`/api/teams/${team.id}/invitations/${pending?.id}`);
    expect(cancelled.status).toBe(200);
    expect((await owner.client.delete(`/api/teams/${team.id}/invitations/${pending?.id}`)).status).toBe(404);
    expect((await accept(opener.client, tokenOf(second.inviteUrl))).status).toBe(404);
  });

  it("guards the invitation list and cancel: 401, 403 for members and outsiders, 404 across teams", async () => {
    const victim = await buildTeam();
    const attacker = await buildTeam();
    await invite(victim.owner, victim.team.id, uniqueEmail("v"));
    const [pending] = (await victim.owner.client.get<TeamInvitationView[]>(`/api/teams/${victim.team.id}/invitations`))
      .body;
    const member = await buildUser(server.url);
    await invite(victim.owner, victim.team.id, member.email);
    const list = `/api/teams/${victim.team.id}/invitations`;
    const one = `${list}/${pending?.id}`;
    expect((await new ApiClient(server.url).get(list)).status).toBe(401);
    expect((await new ApiClient(server.url).delete(one)).status).toBe(401);
    for (const [client, code] of [
      [member.client, "PERMISSION_DENIED"],
      [attacker.owner.client, "TEAM_ACCESS_DENIED"],
    ] as const) {
      const get = await client.get<{ code: string }>(list);
      expect([get.status, get.body.code]).toEqual([403, code]);
      const del = await client.delete<{ code: string }>(one);
      expect([del.status, del.body.code]).toEqual([403, code]);
    }
    // The victim's invitation id through the attacker's own team: not found there.
    expect(
      (await attacker.owner.client.delete(`/api/teams/${attacker.team.id}/invitations/${pending?.id}`)).status,
    ).toBe(404);
    expect((await victim.owner.client.delete(`${list}/not-a-uuid`)).status).toBe(404);
    expect((await victim.owner.client.get<unknown[]>(list)).body).toHaveLength(1);
  });
});

describe("without SMTP_URL", () => {
  it("still answers the link to copy, emailSent false", async () => {
    const plain = await startTestServer();
    try {
      const owner = await buildUser(plain.url);
      const team = (await owner.client.post<TeamView>("/api/teams", { name: "Quiet" })).body;
      const res = await owner.client.post<TeamInviteResult>(`/api/teams/${team.id}/invite`, {
        email: uniqueEmail("quiet"),
      });
      expect(res.body).toEqual({
        status: "invited",
        inviteUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/invite\//),
        emailSent: false,
      });
    } finally {
      await plain.close();
    }
  });
});

describe("TEAM_INVITE_RATE_LIMIT_PER_HOUR", () => {
  it("answers 429 RATE_LIMITED once a user has sent their hourly invitations; others are not slowed", async () => {
    const limited = await startTestServer({ env: { TEAM_INVITE_RATE_LIMIT_PER_HOUR: "2" } });
    try {
      const owner = await buildUser(limited.url);
      const team = (await owner.client.post<TeamView>("/api/teams", { name: "Spam" })).body;
      const url = `/api/teams/${team.id}/invite`;
      expect((await owner.client.post(url, { email: uniqueEmail("a") })).status).toBe(200);
      expect((await owner.client.post(url, { email: uniqueEmail("b") })).status).toBe(200);
      const third = await owner.client.post<{ code: string }>(url, { email: uniqueEmail("c") });
      expect([third.status, third.body.code]).toEqual([429, "RATE_LIMITED"]);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
      const other = await buildUser(limited.url);
      const own = (await other.client.post<TeamView>("/api/teams", { name: "Fine" })).body;
      expect((await other.client.post(`/api/teams/${own.id}/invite`, { email: uniqueEmail("d") })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
