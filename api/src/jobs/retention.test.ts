import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/database";
import { buildSession } from "../testing/factories";
import { ageSession, participantsOf, roundVotesOf, votesOnStory } from "../testing/retention";
import { buildRoom } from "../testing/room";
import { createScratchDatabase, startTestServer, type TestServer, testDbKind } from "../testing/testServer";
import { runRetention } from "./retention";

/**
 * The retention job (issue #13 section 2; spec part 2 section 2): anonymous participants' data
 * goes 30 days after their session ended; registered people's data and the stories stay.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A session with a story, a registered member and a guest who both voted and the guest suggested. */
async function room(baseUrl = server.url) {
  const { leader, session, story, member, guest } = await buildRoom(baseUrl);
  expect((await member.client.post("/api/votes", { storyId: story.id, points: 3 })).status).toBe(200);
  expect((await guest.client.post("/api/votes", { storyId: story.id, points: 5 })).status).toBe(200);
  await guest.client.post(`/api/stories/${story.id}/suggestions`, { content: "Works offline" });
  return { leader, session, story, member, guest };
}

const guestsOf = async (sessionId: string) =>
  (await participantsOf(server.ctx.db, sessionId)).filter((p) => p.isAnonymous);

describe("runRetention", () => {
  it("deletes the guests of a session archived over 30 days ago, with their votes and their names in earlier rounds", async () => {
    const { leader, session, story, member, guest } = await room();
    await leader.client.post(`/api/stories/${story.id}/reveal-votes`);
    await leader.client.post(`/api/stories/${story.id}/new-round`);
    expect((await roundVotesOf(server.ctx.db, story.id)).length).toBe(2);
    await ageSession(server.ctx.db, session.id, 31, true);
    const result = await runRetention(server.ctx.db);
    expect(result.ran).toBe(true);
    expect(result.anonymousParticipantsDeleted).toBeGreaterThanOrEqual(1);
    expect(await guestsOf(session.id)).toEqual([]);
    const members = await participantsOf(server.ctx.db, session.id);
    expect(members.map((p) => p.userId)).toContain(member.user.id);
    const rounds = await roundVotesOf(server.ctx.db, story.id);
    expect(rounds).toEqual([{ userId: member.user.id, participantId: null }]);
    expect(rounds.some((v) => v.participantId === guest.join.participant.id)).toBe(false);
    // The story is kept; the guest's suggestion went with the guest.
    const stories = await leader.client.get<{ id: string }[]>(`/api/sessions/${session.id}/stories`);
    expect(stories.body.map((s) => s.id)).toContain(story.id);
    expect((await leader.client.get<unknown[]>(`/api/stories/${story.id}/suggestions`)).body).toEqual([]);
  });

  it("keeps the guests of a session that ended 29 days ago or is still going", async () => {
    const recent = await room();
    await ageSession(server.ctx.db, recent.session.id, 29, true);
    const live = await room();
    await runRetention(server.ctx.db);
    expect(await guestsOf(recent.session.id)).toHaveLength(1);
    expect(await guestsOf(live.session.id)).toHaveLength(1);
    expect((await votesOnStory(server.ctx.db, recent.story.id)).length).toBe(2);
  });

  it("treats a session never archived as ended at its last activity", async () => {
    const { session, story, member } = await room();
    await ageSession(server.ctx.db, session.id, 31, false);
    await runRetention(server.ctx.db);
    expect(await guestsOf(session.id)).toEqual([]);
    expect(await votesOnStory(server.ctx.db, story.id)).toEqual([
      { userId: member.user.id, participantId: null, points: 3 },
    ]);
  });

  (testDbKind() === "postgres" ? it : it.skip)("skips (ran: false) while another instance holds the lock", async () => {
    const other = await openDatabase({ databaseUrl: server.ctx.config.databaseUrl, dataDir: "", poolSize: 1 });
    try {
      await other.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(13020613)`);
        expect((await runRetention(server.ctx.db)).ran).toBe(false);
      });
      expect((await runRetention(server.ctx.db)).ran).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe("npm run -s retention", () => {
  it("runs the job once against the configured database and prints the result", async () => {
    const root = path.resolve(__dirname, "../../..");
    const dataDir = mkdtempSync(path.join(tmpdir(), "pw-retention-"));
    const scratch = testDbKind() === "postgres" ? await createScratchDatabase() : undefined;
    const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir };
    try {
      const seeded = await startTestServer({ ...(scratch ? { databaseUrl: scratch.url } : {}), env });
      const { leader, session } = await room(seeded.url);
      await ageSession(seeded.ctx.db, session.id, 31, true);
      // A team session ended 400 days ago: past the team's default retention of 1 year (issue #22).
      const team = await leader.client.post<{ id: string }>("/api/teams", { name: "Kept a year" });
      const { session: teamSession } = await buildSession(seeded.url, { leader, teamId: team.body.id });
      await ageSession(seeded.ctx.db, teamSession.id, 400, true);
      await seeded.close();
      const { NODE_OPTIONS: _jestFlags, ...parentEnv } = process.env;
      const { stdout } = await promisify(execFile)("npm", ["run", "-s", "retention"], {
        cwd: root,
        env: { ...parentEnv, LOG_LEVEL: "silent", NODE_ENV: "test", ...env },
      });
      const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
      expect(result).toMatchObject({ ran: true, anonymousParticipantsDeleted: 1, teamSessionsDeleted: 1 });
      const again = await promisify(execFile)("npm", ["run", "-s", "retention"], {
        cwd: root,
        env: { ...parentEnv, LOG_LEVEL: "silent", NODE_ENV: "test", ...env },
      });
      expect(JSON.parse(again.stdout.trim())).toMatchObject({
        ran: true,
        anonymousParticipantsDeleted: 0,
        teamSessionsDeleted: 0,
        teamAuditEntriesDeleted: 0,
      });
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two runs of `npm run retention` (tsx compiles the CLI each time): 20 s on a quiet machine,
    // over 60 s on a loaded one.
  }, 180_000);
});
