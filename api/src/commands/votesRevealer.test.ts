import { PARTICIPANT_ROLES } from "@pointwise/core/enumerations";
import type { ParticipantView, VoteView } from "@pointwise/core/presented";
import { expectedVoters } from "@pointwise/core/voters";
import { eq } from "drizzle-orm";
import { sessionParticipants } from "../db/schema";
import { buildSession, buildStory, joinGuest } from "../testing/factories";
import { startTestServer, type TestServer } from "../testing/testServer";

/**
 * The reveal rule counts expected voters in SQL with core's VOTING_ROLES; for every role this
 * checks that a non-leader may reveal exactly when core's expectedVoters have all voted
 * (spec part 2 section 4).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("revealing agrees with expectedVoters", () => {
  it.each(PARTICIPANT_ROLES)("with a silent participant whose role is %s", async (role) => {
    const { leader, session } = await buildSession(server.url);
    const story = await buildStory(leader, session.id);
    const voter = await joinGuest(server.url, session.id, "Vera");
    const silent = await joinGuest(server.url, session.id, "Sid");
    await server.ctx.db
      .update(sessionParticipants)
      .set({ role })
      .where(eq(sessionParticipants.id, silent.join.participant.id));
    expect((await leader.client.post("/api/votes", { storyId: story.id, points: 3 })).status).toBe(200);
    expect((await voter.client.post("/api/votes", { storyId: story.id, points: 5 })).status).toBe(200);

    const participants = (await leader.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`)).body;
    const votes = (await leader.client.get<VoteView[]>(`/api/sessions/${session.id}/votes`)).body;
    const allVoted = expectedVoters(participants).every((p) => votes.some((v) => v.voterKey === p.voterKey));
    expect(allVoted).toBe(role === "observer");

    const reveal = await voter.client.post(`/api/stories/${story.id}/reveal-votes`);
    expect(reveal.status).toBe(allVoted ? 200 : 403);
  });
});
