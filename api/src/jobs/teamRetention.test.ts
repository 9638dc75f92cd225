import type { TeamAuditEntryView } from "@pointwise/core/presented";
import type { DataRetention } from "@pointwise/core/teamSchemas";
import { buildSession, buildStory, joinGuest, type TestUser } from "../testing/factories";
import { participantsOf } from "../testing/retention";
import { buildTeam } from "../testing/teamFactories";
import { startTestServer, type TestServer } from "../testing/testServer";
import { runRetention } from "./retention";

/**
 * Each team's own data retention (issue #22): the retention job deletes a team's sessions that
 * ended longer ago than the team's `dataRetention`, and its audit entries older than it;
 * `indefinite` never deletes, and sessions without a team are not touched. The job's clock is
 * injected (`runRetention(db, now)`): the sessions end now and the job runs "later".
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY_MS = 24 * 60 * 60 * 1000;
/** The job's clock `days` from now. */
const daysLater = (days: number) => new Date(Date.now() + days * DAY_MS);

/** A team with `dataRetention` (and the audit log on) and an archived session of its owner with a completed story. */
async function endedTeamSession(dataRetention: DataRetention) {
  const { team, owner } = await buildTeam(server.url, { settings: { dataRetention, auditLog: true } });
  const { session } = await buildSession(server.url, { leader: owner, teamId: team.id });
  const story = await buildStory(owner, session.id);
  await owner.client.post("/api/votes", { storyId: story.id, points: 5 });
  await owner.client.post(`/api/stories/${story.id}/reveal-votes`);
  await owner.client.patch(`/api/stories/${story.id}`, { status: "completed" });
  expect((await owner.client.patch(`/api/sessions/${session.id}/archive`)).status).toBe(200);
  return { team, owner, session };
}

const sessionStatus = async (owner: TestUser, sessionId: string) =>
  (await owner.client.get(`/api/sessions/${sessionId}`)).status;

describe("runRetention and the teams' data retention", () => {
  it("deletes a 3-month team's ended session after 3 months, with its audit entries, not before", async () => {
    const { team, owner, session } = await endedTeamSession("3_months");
    const early = await runRetention(server.ctx.db, daysLater(88));
    expect(early).toMatchObject({ ran: true });
    expect(await sessionStatus(owner, session.id)).toBe(200);
    expect((await owner.client.get<TeamAuditEntryView[]>(`/api/teams/${team.id}/audit`)).body).toHaveLength(1);

    const late = await runRetention(server.ctx.db, daysLater(93));
    expect(late.teamSessionsDeleted).toBeGreaterThanOrEqual(1);
    expect(late.teamAuditEntriesDeleted).toBeGreaterThanOrEqual(1);
    expect(await sessionStatus(owner, session.id)).toBe(404);
    expect(await participantsOf(server.ctx.db, session.id)).toEqual([]);
    expect((await owner.client.get<TeamAuditEntryView[]>(`/api/teams/${team.id}/audit`)).body).toEqual([]);
    // The team itself stays.
    expect((await owner.client.get(`/api/teams/${team.id}`)).status).toBe(200);
  });

  it.each([
    ["6_months", 179, 185],
    ["1_year", 360, 367],
    ["2_years", 725, 732],
  ] as const)("keeps a %s team's session until its retention has passed", async (retention, keptAt, goneAt) => {
    const { owner, session } = await endedTeamSession(retention);
    await runRetention(server.ctx.db, daysLater(keptAt));
    expect(await sessionStatus(owner, session.id)).toBe(200);
    await runRetention(server.ctx.db, daysLater(goneAt));
    expect(await sessionStatus(owner, session.id)).toBe(404);
  });

  it("never deletes an 'indefinite' team's sessions nor sessions without a team (their guests go after 30 days)", async () => {
    const kept = await endedTeamSession("indefinite");
    const { leader, session: personal } = await buildSession(server.url);
    await joinGuest(server.url, personal.id, "Gus");
    expect((await leader.client.patch(`/api/sessions/${personal.id}/archive`)).status).toBe(200);
    const result = await runRetention(server.ctx.db, daysLater(50 * 365));
    expect(result.ran).toBe(true);
    expect(await sessionStatus(kept.owner, kept.session.id)).toBe(200);
    expect((await kept.owner.client.get<unknown[]>(`/api/teams/${kept.team.id}/audit`)).body).toHaveLength(1);
    expect(await sessionStatus(leader, personal.id)).toBe(200);
    expect((await participantsOf(server.ctx.db, personal.id)).filter((p) => p.isAnonymous)).toEqual([]);
  });

  it("judges a session never archived by its last activity", async () => {
    const { team, owner } = await buildTeam(server.url, { settings: { dataRetention: "3_months" } });
    const { session } = await buildSession(server.url, { leader: owner, teamId: team.id });
    await buildStory(owner, session.id);
    await runRetention(server.ctx.db, daysLater(80));
    expect(await sessionStatus(owner, session.id)).toBe(200);
    await runRetention(server.ctx.db, daysLater(95));
    expect(await sessionStatus(owner, session.id)).toBe(404);
  });

  it("follows a changed retention at the next run", async () => {
    const { team, owner, session } = await endedTeamSession("2_years");
    await runRetention(server.ctx.db, daysLater(200));
    expect(await sessionStatus(owner, session.id)).toBe(200);
    await owner.client.patch(`/api/teams/${team.id}`, { settings: { dataRetention: "6_months" } });
    const result = await runRetention(server.ctx.db, daysLater(200));
    expect(result.teamSessionsDeleted).toBeGreaterThanOrEqual(1);
    expect(await sessionStatus(owner, session.id)).toBe(404);
  });
});
