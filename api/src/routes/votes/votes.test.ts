import type { VoteView } from "@pointwise/core/presented";
import { ApiClient } from "../../testing/apiClient";
import { buildSession, buildStory, buildUser, joinGuest, joinMember } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function room() {
  const { leader, session } = await buildSession(server.url);
  const story = await buildStory(leader, session.id, { title: "Checkout" });
  const member = await buildUser(server.url, { firstName: "Mia" });
  await joinMember(member, session.id);
  const guest = await joinGuest(server.url, session.id, "Gus");
  return { leader, session, story, member, guest };
}

describe("POST /api/votes", () => {
  it("saves, changes and retracts the caller's own vote", async () => {
    const { story, member } = await room();
    const first = await member.client.post<{ vote: VoteView; votedCount: number }>("/api/votes", {
      storyId: story.id,
      points: 3,
    });
    expect(first.status).toBe(200);
    expect(first.body.vote).toMatchObject({ points: 3, voterKey: `u:${member.user.id}`, displayName: "Mia User" });
    expect(first.body.votedCount).toBe(1);
    const changed = await member.client.post<{ vote: VoteView }>("/api/votes", { storyId: story.id, points: 8 });
    expect(changed.body.vote.points).toBe(8);
    const retracted = await member.client.post<{ vote: null; votedCount: number }>("/api/votes", {
      storyId: story.id,
      points: "?",
    });
    expect(retracted.body).toEqual({ vote: null, votedCount: 0 });
  });

  it("keeps a guest's vote separate from users' votes", async () => {
    const { story, guest, leader } = await room();
    await guest.client.post("/api/votes", { storyId: story.id, points: 5 });
    await leader.client.post("/api/votes", { storyId: story.id, points: 5 });
    const mine = await guest.client.get<{ points: number }>(
      `/api/votes/${story.id}/anonymous/${guest.join.participant.id}`,
    );
    expect(mine.body.points).toBe(5);
    expect((await leader.client.get<VoteView[]>(`/api/stories/${story.id}/votes`)).body).toHaveLength(2);
  });

  it("refuses cards outside the deck, other people's ids, strangers and the signed-out", async () => {
    const { story, member, leader, guest } = await room();
    const off = await member.client.post<{ code: string; errors: Record<string, string[]> }>("/api/votes", {
      storyId: story.id,
      points: 4,
    });
    expect(off.status).toBe(400);
    expect(off.body.errors.points).toEqual(["Vote must be one of: 0, ½, 1, 2, 3, 5, 8, 13, 21, ?, coffee"]);
    expect((await member.client.post("/api/votes", { storyId: story.id, points: 1000 })).status).toBe(400);
    expect((await member.client.post("/api/votes", { storyId: "x", points: 3 })).status).toBe(400);
    expect((await member.client.post("/api/votes", { storyId: story.id, points: 2.5 })).status).toBe(400);
    expect((await member.client.post("/api/votes", { storyId: story.id, points: 0.25 })).status).toBe(400);
    expect((await member.client.post("/api/votes", { storyId: story.id, points: "tea" })).status).toBe(400);
    const spoof = await member.client.post<{ code: string }>("/api/votes", {
      storyId: story.id,
      points: 3,
      userId: leader.user.id,
    });
    expect(spoof.status).toBe(403);
    const spoofGuest = await member.client.post("/api/votes", {
      storyId: story.id,
      points: 3,
      participantId: guest.join.participant.id,
    });
    expect(spoofGuest.status).toBe(403);
    const attacker = await buildUser(server.url);
    expect((await attacker.client.post("/api/votes", { storyId: story.id, points: 3 })).status).toBe(403);
    expect((await new ApiClient(server.url).post("/api/votes", { storyId: story.id, points: 3 })).status).toBe(401);
    expect((await leader.client.get<VoteView[]>(`/api/stories/${story.id}/votes`)).body).toEqual([]);
  });

  it("refuses a vote on a story that is not the group's active story with 409 STORY_NOT_ACTIVE", async () => {
    const { leader, session, story, member } = await room();
    const later = await buildStory(leader, session.id, { title: "Refunds" });
    const early = await member.client.post<{ code: string; message: string }>("/api/votes", {
      storyId: later.id,
      points: 3,
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: "STORY_NOT_ACTIVE", message: expect.stringContaining("Sync to vote") });
    expect((await member.client.post("/api/votes", { storyId: story.id, points: 3 })).status).toBe(200);
    expect((await leader.client.post(`/api/sessions/${session.id}/active-story`, { storyId: later.id })).status).toBe(
      200,
    );
    expect((await member.client.post("/api/votes", { storyId: later.id, points: 5 })).status).toBe(200);
    const stale = await member.client.post<{ code: string }>("/api/votes", { storyId: story.id, points: 5 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("STORY_NOT_ACTIVE");
  });

  it("uses the session's deck: t-shirt sizes are stored as numbers", async () => {
    const { leader, session } = await buildSession(server.url, { estimationScale: "tshirt" });
    const story = await buildStory(leader, session.id);
    expect((await leader.client.post("/api/votes", { storyId: story.id, points: 3 })).status).toBe(200);
    expect((await leader.client.post("/api/votes", { storyId: story.id, points: 21 })).status).toBe(400);
    // The t-shirt deck offers the coffee card only, not 0 or ½ (issue #8 section 4).
    expect((await leader.client.post("/api/votes", { storyId: story.id, points: 0.5 })).status).toBe(400);
    expect((await leader.client.post("/api/votes", { storyId: story.id, points: "coffee" })).status).toBe(200);
  });

  it("takes 0 and ½ on numeric decks and one decimal place on custom decks", async () => {
    const { leader, session } = await buildSession(server.url, { estimationScale: "custom", customDeck: [1.5, 4] });
    const story = await buildStory(leader, session.id);
    for (const points of [0, 0.5, 1.5, 4]) {
      const cast = await leader.client.post<{ vote: VoteView }>("/api/votes", { storyId: story.id, points });
      expect(cast.status).toBe(200);
      expect(cast.body.vote.points).toBe(points);
    }
    expect((await leader.client.post("/api/votes", { storyId: story.id, points: 2 })).status).toBe(400);
    const bad = await buildSession(server.url, { estimationScale: "custom", customDeck: [1.25, 4] }).catch(() => null);
    expect(bad).toBeNull();
  });

  it("takes the coffee card as a break request everyone sees, never counted as a vote", async () => {
    const { story, session, leader, member, guest } = await room();
    await guest.client.post("/api/votes", { storyId: story.id, points: 8 });
    const coffee = await member.client.post<{ vote: VoteView; votedCount: number }>("/api/votes", {
      storyId: story.id,
      points: "coffee",
    });
    expect(coffee.status).toBe(200);
    expect(coffee.body.vote).toMatchObject({ coffee: true, voterKey: `u:${member.user.id}` });
    expect(coffee.body.vote.points).toBeUndefined();
    expect(coffee.body.votedCount).toBe(1);
    const seen = (await leader.client.get<VoteView[]>(`/api/sessions/${session.id}/votes`)).body;
    expect(seen.find((v) => v.coffee)).toMatchObject({ voterKey: `u:${member.user.id}` });
    const cast = await leader.client.post<{ votedCount: number }>("/api/votes", { storyId: story.id, points: 5 });
    expect(cast.body.votedCount).toBe(2);
    // Members may reveal once everyone voted; a break request is not a vote.
    expect((await member.client.post(`/api/stories/${story.id}/reveal-votes`)).status).toBe(403);
    const changed = await member.client.post<{ vote: VoteView; votedCount: number }>("/api/votes", {
      storyId: story.id,
      points: 3,
    });
    expect(changed.body.vote.coffee).toBeUndefined();
    expect(changed.body.votedCount).toBe(3);
    expect((await member.client.post(`/api/stories/${story.id}/reveal-votes`)).status).toBe(200);
  });

  it("closes voting once revealed", async () => {
    const { story, leader, member } = await room();
    await leader.client.post(`/api/stories/${story.id}/reveal-votes`);
    const late = await member.client.post<{ code: string }>("/api/votes", { storyId: story.id, points: 3 });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("VOTING_CLOSED");
  });
});

describe("vote secrecy (DESIGN.md)", () => {
  it("no response carries another person's points before reveal; all after", async () => {
    const { story, session, leader, member, guest } = await room();
    await leader.client.post("/api/votes", { storyId: story.id, points: 13 });
    await member.client.post("/api/votes", { storyId: story.id, points: 2 });
    await guest.client.post("/api/votes", { storyId: story.id, points: 21 });
    for (const [client, own] of [
      [member.client, 2],
      [guest.client, 21],
    ] as const) {
      for (const url of [`/api/stories/${story.id}/votes`, `/api/sessions/${session.id}/votes`]) {
        const votes = (await client.get<VoteView[]>(url)).body;
        expect(votes).toHaveLength(3);
        expect(votes.filter((v) => v.points !== undefined).map((v) => v.points)).toEqual([own]);
      }
    }
    const peek = await member.client.get<{ code: string }>(`/api/votes/${story.id}/${leader.user.id}`);
    expect(peek.status).toBe(403);
    const peekGuest = await member.client.get(`/api/votes/${story.id}/anonymous/${guest.join.participant.id}`);
    expect(peekGuest.status).toBe(403);
    expect((await member.client.get<{ points: number }>(`/api/votes/${story.id}/${member.user.id}`)).body.points).toBe(
      2,
    );
    expect(JSON.stringify((await member.client.get(`/api/sessions/${session.id}/votes`)).body)).not.toMatch(
      /"points":(13|21)/,
    );

    const revealed = await member.client.post<{ code: string }>(`/api/stories/${story.id}/reveal-votes`);
    expect(revealed.status).toBe(200); // everyone has voted: any member may reveal
    const all = (await member.client.get<VoteView[]>(`/api/stories/${story.id}/votes`)).body;
    expect(all.map((v) => v.points).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([2, 13, 21]);
    expect((await member.client.get<{ points: number }>(`/api/votes/${story.id}/${leader.user.id}`)).body.points).toBe(
      13,
    );
  });
});

describe("POST /api/stories/:id/reveal-votes", () => {
  it("lets the leader force a reveal; members wait for everyone", async () => {
    const { story, leader, member } = await room();
    await member.client.post("/api/votes", { storyId: story.id, points: 5 });
    const early = await member.client.post<{ code: string }>(`/api/stories/${story.id}/reveal-votes`);
    expect(early.status).toBe(403);
    expect((await new ApiClient(server.url).post(`/api/stories/${story.id}/reveal-votes`)).status).toBe(401);
    const forced = await leader.client.post<{ results: Record<string, unknown>; votes: VoteView[] }>(
      `/api/stories/${story.id}/reveal-votes`,
    );
    expect(forced.status).toBe(200);
    expect(forced.body.results).toMatchObject({ voteCount: 1, average: 5, consensus: true, label: "Good Alignment" });
    expect(forced.body.votes[0]?.points).toBe(5);
    expect((await leader.client.post("/api/stories/00000000-0000-4000-8000-000000000000/reveal-votes")).status).toBe(
      404,
    );
  });
});
