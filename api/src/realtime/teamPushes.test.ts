import type { TeamInviteResult, TeamView } from "@pointwise/core/presented";
import pg from "pg";
import { buildUser, type TestUser } from "../testing/factories";
import { roundTrip } from "../testing/room";
import {
  startTestServer,
  startTwoInstances,
  type TestServer,
  type TwoInstances,
  testDbKind,
} from "../testing/testServer";
import { openSocket, type TestSocket } from "../testing/wsClient";

/**
 * Team changes pushed live (issue #11 proof: "role change and removal seen live by the member"):
 * `watch_team` for members only, `team_updated` on role change, removal, added members and
 * edits, `team_access_revoked` for the removed member, `team_added` to the sockets of a user who
 * joins a team (`watch_my_teams`), and delivery across two instances.
 */

/** A team of `owner` (built when not given) with `member` (built when not given) added at once. */
async function buildTeam(
  url: string,
  people: { owner?: TestUser; member?: TestUser; name?: string } = {},
): Promise<{ team: TeamView; owner: TestUser; member: TestUser }> {
  const owner = people.owner ?? (await buildUser(url, { firstName: "Olga" }));
  const member = people.member ?? (await buildUser(url, { firstName: "Max" }));
  const team = (await owner.client.post<TeamView>("/api/teams", { name: people.name ?? "Platform" })).body;
  const res = await owner.client.post<TeamInviteResult>(`/api/teams/${team.id}/invite`, {
    email: member.email,
    role: "member",
  });
  expect(res.body).toEqual({ status: "added" });
  return { team, owner, member };
}

/** A socket of `user` watching `teamId` (the ack received). */
async function watch(url: string, user: TestUser, teamId: string): Promise<TestSocket> {
  const ws = await openSocket(url, user.client);
  ws.send({ type: "watch_team", teamId });
  await ws.next("ack", (m) => m.for === "watch_team");
  return ws;
}

/** A socket of `user` watching their own pushes (`watch_my_teams`; the ack received). */
async function watchMine(url: string, user: TestUser): Promise<TestSocket> {
  const ws = await openSocket(url, user.client);
  ws.send({ type: "watch_my_teams" });
  await ws.next("ack", (m) => m.for === "watch_my_teams");
  return ws;
}

describe("watch_team on one instance", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("pushes a role change and the removal to the member, who then loses the watch", async () => {
    const { team, owner, member } = await buildTeam(server.url);
    // A second team of both: its pushes to the member pass the same per-socket check, in order.
    const marker = (await buildTeam(server.url, { owner, member, name: "Marker" })).team;
    const memberWs = await watch(server.url, member, team.id);
    memberWs.send({ type: "watch_team", teamId: marker.id });
    await memberWs.next("ack", (m) => m.for === "watch_team" && m.teamId === marker.id);
    const ownerWs = await watch(server.url, owner, team.id);
    try {
      const changed = await owner.client.patch(`/api/teams/${team.id}/members/${member.user.id}`, { role: "admin" });
      expect(changed.status).toBe(200);
      expect(await memberWs.next("team_updated")).toEqual({
        type: "team_updated",
        teamId: team.id,
        change: "member_role",
        userId: member.user.id,
      });
      await ownerWs.next("team_updated", (m) => m.change === "member_role");

      const removed = await owner.client.delete(`/api/teams/${team.id}/members/${member.user.id}`);
      expect(removed.status).toBe(200);
      expect(await memberWs.next("team_access_revoked")).toEqual({ type: "team_access_revoked", teamId: team.id });
      expect(await ownerWs.next("team_updated", (m) => m.change === "member_removed")).toMatchObject({
        userId: member.user.id,
      });

      // Unsubscribed: a later change reaches the owner but no longer the removed member. The
      // owner's frame says the hub handed the edit to the team's watchers; the marker team's
      // edit, handed out after it, reaches the member's socket after any frame of the first.
      await owner.client.patch(`/api/teams/${team.id}`, { name: "Core" });
      await ownerWs.next("team_updated", (m) => m.change === "team_edited");
      await owner.client.patch(`/api/teams/${marker.id}`, { name: "Marker 2" });
      await memberWs.next("team_updated", (m) => m.teamId === marker.id && m.change === "team_edited");
      expect(memberWs.messages.filter((m) => m.type === "team_updated" && m.teamId === team.id)).toHaveLength(1);
      expect(memberWs.messages.filter((m) => m.type === "team_access_revoked")).toHaveLength(1);
    } finally {
      await memberWs.close();
      await ownerWs.close();
    }
  });

  it("pushes members added, by invitation accepted at registration", async () => {
    const { team, owner } = await buildTeam(server.url);
    const ownerWs = await watch(server.url, owner, team.id);
    try {
      const email = `newcomer-${Date.now()}@example.com`;
      const invited = await owner.client.post<TeamInviteResult>(`/api/teams/${team.id}/invite`, {
        email,
        role: "member",
      });
      expect(invited.body.status).toBe("invited");
      const newcomer = await buildUser(server.url, { email });
      expect(await ownerWs.next("team_updated")).toEqual({
        type: "team_updated",
        teamId: team.id,
        change: "members_added",
        userId: newcomer.user.id,
      });
    } finally {
      await ownerWs.close();
    }
  });

  it("tells the added user's own sockets (watch_my_teams) and nobody else's: added at once, or by link", async () => {
    const owner = await buildUser(server.url, { firstName: "Olga" });
    const newcomer = await buildUser(server.url, { firstName: "Nia" });
    const bystander = await buildUser(server.url);
    const team = (await owner.client.post<TeamView>("/api/teams", { name: "Platform" })).body;
    const other = (await owner.client.post<TeamView>("/api/teams", { name: "Mobile" })).body;
    const mine = await watchMine(server.url, newcomer);
    const theirs = await watchMine(server.url, bystander);
    try {
      // An existing account is added at once.
      const added = await owner.client.post<TeamInviteResult>(`/api/teams/${team.id}/invite`, {
        email: newcomer.email,
        role: "member",
      });
      expect(added.body).toEqual({ status: "added" });
      expect(await mine.next("team_added")).toEqual({ type: "team_added", teamId: team.id });

      // An invitation of another address, accepted by its link while signed in as the newcomer.
      const invited = await owner.client.post<TeamInviteResult>(`/api/teams/${other.id}/invite`, {
        email: `link-${Date.now()}@example.com`,
        role: "member",
      });
      const token = invited.body.inviteUrl?.split("/invite/")[1] ?? "";
      const accepted = await newcomer.client.post(`/api/team-invitations/${token}/accept`, {});
      expect(accepted.status).toBe(200);
      expect(await mine.next("team_added", (m) => m.teamId === other.id)).toEqual({
        type: "team_added",
        teamId: other.id,
      });

      // Sending it twice changes nothing: the next addition arrives once. `team_added` is handed
      // to the sockets before the answer, so a round trip after it is the barrier.
      mine.send({ type: "watch_my_teams" });
      await mine.next("ack", (m) => m.for === "watch_my_teams");
      const third = (await owner.client.post<TeamView>("/api/teams", { name: "Data" })).body;
      await owner.client.post<TeamInviteResult>(`/api/teams/${third.id}/invite`, {
        email: newcomer.email,
        role: "member",
      });
      await mine.next("team_added", (m) => m.teamId === third.id);
      await roundTrip(mine);
      expect(mine.messages.filter((m) => m.type === "team_added").map((m) => m.teamId)).toEqual([
        team.id,
        other.id,
        third.id,
      ]);
      // A bystander's socket hears none of it.
      await roundTrip(theirs);
      expect(theirs.messages.some((m) => m.type === "team_added")).toBe(false);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it("refuses watch_my_teams on a signed-out socket", async () => {
    const anonymous = await openSocket(server.url);
    try {
      anonymous.send({ type: "watch_my_teams" });
      expect(await anonymous.next("error")).toMatchObject({ code: "UNAUTHORIZED" });
      anonymous.send({ type: "watch_my_teams", accessToken: 5 });
      expect(await anonymous.next("error", (m) => m.code === "VALIDATION_ERROR")).toMatchObject({
        code: "VALIDATION_ERROR",
      });
    } finally {
      await anonymous.close();
    }
  });

  it("refuses outsiders, signed-out sockets and unknown teams", async () => {
    const { team } = await buildTeam(server.url);
    const outsider = await buildUser(server.url);
    const ws = await openSocket(server.url, outsider.client);
    const anonymous = await openSocket(server.url);
    try {
      ws.send({ type: "watch_team", teamId: team.id });
      expect(await ws.next("error")).toMatchObject({ code: "TEAM_ACCESS_DENIED" });
      ws.send({ type: "watch_team", teamId: "00000000-0000-4000-8000-000000000000" });
      expect(await ws.next("error")).toMatchObject({ code: "NOT_FOUND" });
      ws.send({ type: "watch_team" });
      expect(await ws.next("error")).toMatchObject({ code: "VALIDATION_ERROR" });
      anonymous.send({ type: "watch_team", teamId: team.id });
      expect(await anonymous.next("error")).toMatchObject({ code: "UNAUTHORIZED" });
      expect(ws.messages.some((m) => m.type === "ack")).toBe(false);
    } finally {
      await ws.close();
      await anonymous.close();
    }
  });
});

const maybe = testDbKind() === "postgres" ? describe : describe.skip;

maybe("watch_team across two instances", () => {
  let two: TwoInstances;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    two = await startTwoInstances();
    ({ a, b } = two);
  });
  afterAll(() => two?.close());

  it("delivers a role change and the removal made on A to the member watching on B", async () => {
    const { team, owner, member } = await buildTeam(a.url);
    const memberWs = await watch(b.url, member, team.id);
    try {
      await owner.client.patch(`/api/teams/${team.id}/members/${member.user.id}`, { role: "admin" });
      expect(await memberWs.next("team_updated")).toMatchObject({ change: "member_role", userId: member.user.id });
      await owner.client.delete(`/api/teams/${team.id}/members/${member.user.id}`);
      expect(await memberWs.next("team_access_revoked")).toEqual({ type: "team_access_revoked", teamId: team.id });
    } finally {
      await memberWs.close();
    }
  }, 30_000);

  it("tells a user watching on B that the owner on A added them", async () => {
    const owner = await buildUser(a.url, { firstName: "Olga" });
    const newcomer = await buildUser(a.url, { firstName: "Nia" });
    const team = (await owner.client.post<TeamView>("/api/teams", { name: "Platform" })).body;
    const mine = await watchMine(b.url, newcomer);
    try {
      await owner.client.post<TeamInviteResult>(`/api/teams/${team.id}/invite`, {
        email: newcomer.email,
        role: "member",
      });
      expect(await mine.next("team_added")).toEqual({ type: "team_added", teamId: team.id });
    } finally {
      await mine.close();
    }
  }, 30_000);

  it("tells a watcher to resync when LISTEN was lost, and delivers again after", async () => {
    const { team, owner, member } = await buildTeam(a.url);
    const memberWs = await watch(b.url, member, team.id);
    const admin = new pg.Client({ connectionString: two.databaseUrl });
    await admin.connect();
    try {
      // Only this scratch database's LISTEN connections (the server is shared).
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where query ilike 'LISTEN%' and datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(killed.rowCount).toBe(2);
      await memberWs.next("resync", undefined, 15_000);
      expect(memberWs.messages.filter((m) => m.type === "resync")).toHaveLength(1);
      await owner.client.patch(`/api/teams/${team.id}/members/${member.user.id}`, { role: "admin" });
      expect(await memberWs.next("team_updated", undefined, 10_000)).toMatchObject({ change: "member_role" });
    } finally {
      await admin.end();
      await memberWs.close();
    }
  }, 40_000);
});
