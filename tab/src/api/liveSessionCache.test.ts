/**
 * @jest-environment jsdom
 */
import type { ParticipantView, SessionView, StoryView, VoteView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { QueryClient } from "@tanstack/react-query";
import { buildParticipant, buildSession, buildSnapshot, buildStory, buildVote } from "../testing/viewFactories";
import { applyServerMessage, INITIAL_LIVE_STATE, type LiveState } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";
import { queueComplete, readQueue, votesLoaded } from "./storyQueueCache";

const SID = "session-1";

/** A cache filled by a snapshot, and readers of what the session screen reads. */
function cacheWith(snapshot: Parameters<typeof buildSnapshot>[0] = {}) {
  const client = new QueryClient();
  const apply = (message: ServerMessage) => applyServerMessage(client, SID, message);
  apply(buildSnapshot(snapshot));
  return {
    apply,
    session: () => client.getQueryData<SessionView>(queryKeys.session(SID)),
    stories: () => client.getQueryData<StoryView[]>(queryKeys.stories(SID)) ?? [],
    votes: () => client.getQueryData<VoteView[]>(queryKeys.votes(SID)) ?? [],
    participants: () => client.getQueryData<ParticipantView[]>(queryKeys.participants(SID)) ?? [],
    live: () => client.getQueryData<LiveState>(queryKeys.live(SID)) ?? INITIAL_LIVE_STATE,
  };
}

describe("applyServerMessage: session_snapshot", () => {
  it("replaces everything, with stories in queue order and the live state set", () => {
    const cache = cacheWith({
      stories: [buildStory({ id: "b", position: 1 }), buildStory({ id: "a", position: 0 })],
      votes: [buildVote()],
      participants: [buildParticipant()],
      presence: { online: ["p:p1"], leaderPresent: true },
      you: { voterKey: "p:p1", isLeader: false },
    });
    expect(cache.stories().map((s) => s.id)).toEqual(["a", "b"]);
    expect(cache.votes()).toHaveLength(1);
    expect(cache.participants().map((p) => p.id)).toEqual(["p1"]);
    expect(cache.live()).toMatchObject({
      presence: { online: ["p:p1"], leaderPresent: true },
      you: { voterKey: "p:p1", isLeader: false },
      deleted: false,
    });
  });

  it("drops what an earlier snapshot held", () => {
    const cache = cacheWith({ votes: [buildVote()] });
    cache.apply(buildSnapshot());
    expect(cache.votes()).toEqual([]);
  });
});

describe("applyServerMessage: vote_update", () => {
  const update = (voterKey: string, vote: VoteView | null): ServerMessage => ({
    type: "vote_update",
    sessionId: SID,
    storyId: "story-1",
    voterKey,
    vote,
    votedCount: 1,
    expectedVoters: 2,
  });

  it("adds someone else's vote without points (secrecy before reveal)", () => {
    const cache = cacheWith();
    cache.apply(update("p:p1", buildVote({ voterKey: "p:p1", userId: null, participantId: "p1" })));
    expect(cache.votes()).toEqual([expect.objectContaining({ voterKey: "p:p1", hasVoted: true })]);
    expect(cache.votes()[0]?.points).toBeUndefined();
  });

  it("keeps the points of our own vote when the broadcast hides them", () => {
    const cache = cacheWith({ votes: [buildVote({ points: 5 })] });
    cache.apply(update("u:u1", buildVote({ updatedAt: "2026-01-02T00:00:00.000Z" })));
    expect(cache.votes()).toEqual([expect.objectContaining({ voterKey: "u:u1", points: 5 })]);
    expect(cache.votes()[0]?.updatedAt).toBe("2026-01-02T00:00:00.000Z");
  });

  it("removes a retracted vote, and only that voter's vote on that story", () => {
    const cache = cacheWith({
      votes: [
        buildVote(),
        buildVote({ voterKey: "p:p1", userId: null, participantId: "p1" }),
        buildVote({ storyId: "story-2" }),
      ],
    });
    cache.apply(update("u:u1", null));
    expect(cache.votes().map((v) => `${v.storyId} ${v.voterKey}`)).toEqual(["story-1 p:p1", "story-2 u:u1"]);
  });
});

describe("applyServerMessage: votes_revealed", () => {
  it("updates the story and replaces its votes with the revealed ones, other stories untouched", () => {
    const cache = cacheWith({
      stories: [buildStory(), buildStory({ id: "story-2", position: 1 })],
      votes: [buildVote(), buildVote({ storyId: "story-2", points: 3 })],
    });
    cache.apply({
      type: "votes_revealed",
      sessionId: SID,
      story: buildStory({ votesRevealed: true, status: "voting" }),
      votes: [buildVote({ points: 8 }), buildVote({ voterKey: "p:p1", userId: null, participantId: "p1", points: 5 })],
      results: {
        voteCount: 2,
        average: 6.5,
        min: 5,
        max: 8,
        consensus: false,
        label: "Good Alignment",
        distribution: [],
        mode: null,
      },
    });
    expect(cache.stories().find((s) => s.id === "story-1")?.votesRevealed).toBe(true);
    expect(cache.votes().map((v) => `${v.storyId} ${v.voterKey} ${v.points}`)).toEqual([
      "story-2 u:u1 3",
      "story-1 u:u1 8",
      "story-1 p:p1 5",
    ]);
  });
});

describe("applyServerMessage: participants_update", () => {
  it("merges changed participants by id and applies presence deltas", () => {
    const cache = cacheWith({
      participants: [buildParticipant({ id: "p1" }), buildParticipant({ id: "p2", voterKey: "p:p2" })],
      presence: { online: ["p:p1", "p:p2"], leaderPresent: false },
    });
    cache.apply({
      type: "participants_update",
      sessionId: SID,
      participants: [
        buildParticipant({ id: "p2", voterKey: "p:p2", role: "observer" }),
        buildParticipant({ id: "p3", voterKey: "p:p3" }),
      ],
      online: ["p:p3", "p:p1"],
      offline: ["p:p2"],
      leaderPresent: true,
      currentStoryId: null,
      votedCount: 0,
      expectedVoters: 2,
    });
    expect(cache.participants().map((p) => `${p.id} ${p.role}`)).toEqual([
      "p1 participant",
      "p2 observer",
      "p3 participant",
    ]);
    expect(cache.live().presence).toEqual({ online: ["p:p1", "p:p3"], leaderPresent: true });
    expect(cache.live().you?.voterKey).toBe("u:u1");
  });

  it("applies a batched join delta (issue #10: a burst of joins in one frame) and an echo of the joiner itself", () => {
    const cache = cacheWith({
      participants: [buildParticipant({ id: "p1" }), buildParticipant({ id: "p2", voterKey: "p:p2" })],
      presence: { online: ["p:p1", "p:p2"], leaderPresent: true },
    });
    const joined = (id: string) => buildParticipant({ id, voterKey: `p:${id}` });
    cache.apply({
      type: "participants_update",
      sessionId: SID,
      participants: [joined("p3"), joined("p4"), joined("p5")],
      online: ["p:p3", "p:p4"],
      offline: [],
      leaderPresent: true,
      currentStoryId: "story-1",
      votedCount: 0,
      expectedVoters: 5,
    });
    // The next window: p5's socket came up, and p2 (already known) is sent again unchanged.
    cache.apply({
      type: "participants_update",
      sessionId: SID,
      participants: [joined("p2")],
      online: ["p:p5"],
      offline: [],
      leaderPresent: true,
      currentStoryId: "story-1",
      votedCount: 0,
      expectedVoters: 5,
    });
    expect(cache.participants().map((p) => p.id)).toEqual(["p1", "p2", "p3", "p4", "p5"]);
    expect(cache.live().presence).toEqual({ online: ["p:p1", "p:p2", "p:p3", "p:p4", "p:p5"], leaderPresent: true });
  });

  it("keeps the e-mail the leader's snapshot gave when a push (never carrying e-mail) updates the person", () => {
    const user = { id: "u2", firstName: "Mia", email: "mia@example.com", profileImageUrl: null };
    const cache = cacheWith({ participants: [buildParticipant({ id: "p2", userId: "u2", user })] });
    const { email: _hidden, ...pushed } = user;
    cache.apply({
      type: "participants_update",
      sessionId: SID,
      participants: [buildParticipant({ id: "p2", userId: "u2", role: "observer", user: pushed })],
      online: [],
      offline: [],
      leaderPresent: true,
      currentStoryId: null,
      votedCount: 0,
      expectedVoters: 1,
    });
    expect(cache.participants()[0]).toMatchObject({ role: "observer", user: { email: "mia@example.com" } });
  });
});

describe("applyServerMessage: story frames", () => {
  it("inserts a created story in position order and removes a deleted one with its votes", () => {
    const cache = cacheWith({
      stories: [buildStory({ id: "a", position: 0 }), buildStory({ id: "c", position: 2 })],
      votes: [buildVote({ storyId: "a" }), buildVote({ storyId: "c" })],
    });
    cache.apply({
      type: "story_update",
      sessionId: SID,
      action: "created",
      story: buildStory({ id: "b", position: 1 }),
    });
    expect(cache.stories().map((s) => s.id)).toEqual(["a", "b", "c"]);
    cache.apply({ type: "story_update", sessionId: SID, action: "deleted", story: buildStory({ id: "a" }) });
    expect(cache.stories().map((s) => s.id)).toEqual(["b", "c"]);
    expect(cache.votes().map((v) => v.storyId)).toEqual(["c"]);
  });

  it("replaces a story on a status change and on an edit, keeping the order", () => {
    const cache = cacheWith({ stories: [buildStory({ id: "a", position: 0 }), buildStory({ id: "b", position: 1 })] });
    cache.apply({
      type: "story_status_change",
      sessionId: SID,
      story: buildStory({ id: "a", status: "completed", finalPoints: 5 }),
    });
    cache.apply({
      type: "story_updated",
      sessionId: SID,
      story: buildStory({ id: "b", position: 1, title: "Renamed" }),
    });
    expect(cache.stories().map((s) => `${s.id} ${s.status} ${s.title}`)).toEqual([
      "a completed Login page",
      "b pending Renamed",
    ]);
  });

  it("keeps a newer Jira write-back state over an older view of the story (issue #12 section 3)", () => {
    const cache = cacheWith({ stories: [buildStory()] });
    const at = (s: number) => `2026-01-01T00:00:0${s}.000Z`;
    const sync = (status: "ok" | "failed" | "pending", s: number) => ({ status, at: at(s) });
    cache.apply({ type: "story_updated", sessionId: SID, story: buildStory({ jiraSync: sync("pending", 1) }) });
    cache.apply({ type: "story_updated", sessionId: SID, story: buildStory({ jiraSync: sync("ok", 2) }) });
    // The leader's PATCH answer, read before the write-back, arrives last.
    cache.apply({ type: "story_updated", sessionId: SID, story: buildStory({ status: "completed", finalPoints: 5 }) });
    expect(cache.stories()[0]).toMatchObject({ status: "completed", jiraSync: sync("ok", 2) });
    cache.apply({ type: "story_updated", sessionId: SID, story: buildStory({ jiraSync: sync("failed", 3) }) });
    expect(cache.stories()[0]?.jiraSync).toEqual(sync("failed", 3));
  });

  it("takes a story with another ticket as it comes, write-back state cleared", () => {
    const cache = cacheWith({
      stories: [buildStory({ ticketNumber: "PW-1", jiraSync: { status: "failed", at: "2026-01-01T00:00:01.000Z" } })],
    });
    cache.apply({ type: "story_updated", sessionId: SID, story: buildStory({ ticketNumber: null, jiraSync: null }) });
    expect(cache.stories()[0]).toMatchObject({ ticketNumber: null, jiraSync: null });
  });

  it("adds imported stories and clears a story's votes when a new round starts", () => {
    const cache = cacheWith({ stories: [buildStory()], votes: [buildVote({ points: 3 })] });
    cache.apply({
      type: "stories_imported",
      sessionId: SID,
      stories: [buildStory({ id: "x", position: 5 })],
      count: 1,
    });
    cache.apply({ type: "round_started", sessionId: SID, story: buildStory({ round: 2 }) });
    expect(cache.stories().map((s) => `${s.id} ${s.round}`)).toEqual(["story-1 2", "x 1"]);
    expect(cache.votes()).toEqual([]);
  });
});

describe("applyServerMessage: stories_reordered", () => {
  it("puts the stories in the pushed order", () => {
    const cache = cacheWith({
      stories: [
        buildStory({ id: "a", position: 0 }),
        buildStory({ id: "b", position: 1 }),
        buildStory({ id: "c", position: 2 }),
      ],
    });
    cache.apply({ type: "stories_reordered", sessionId: SID, storyIds: ["c", "a", "b"] });
    expect(cache.stories().map((s) => `${s.id} ${s.position}`)).toEqual(["c 0", "a 1", "b 2"]);
  });
});

describe("applyServerMessage: session frames", () => {
  it("moves the active story and tells the page by a window event", () => {
    const cache = cacheWith();
    const heard: unknown[] = [];
    const listener = (e: Event) => heard.push((e as CustomEvent).detail);
    window.addEventListener("active-story-changed", listener);
    cache.apply({ type: "active_story_changed", sessionId: SID, storyId: "story-2", timestamp: "t1" });
    window.removeEventListener("active-story-changed", listener);
    expect(cache.session()?.activeStoryId).toBe("story-2");
    expect(heard).toEqual([{ storyId: "story-2", timestamp: "t1" }]);
  });

  it("replaces the session on session_updated and marks it deleted on session_deleted", () => {
    const cache = cacheWith();
    cache.apply({ type: "session_updated", session: buildSession({ title: "Renamed" }) });
    expect(cache.session()?.title).toBe("Renamed");
    cache.apply({ type: "session_deleted", sessionId: SID });
    expect(cache.live().deleted).toBe(true);
  });
});

describe("a window of a big queue (issue #22 section 3)", () => {
  /** Stories s0 ... s{n-1} at positions 0 ... n-1. */
  const queue = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => buildStory({ id: `s${from + i}`, position: from + i }));
  /** A snapshot of stories s10 ... s14 of a 100-story queue. */
  const windowed = () => {
    const client = new QueryClient();
    const apply = (message: ServerMessage) => applyServerMessage(client, SID, message);
    const session = buildSession({ activeStoryId: "s12" });
    apply(
      buildSnapshot({
        session: { ...session, stats: { ...session.stats, totalStories: 100, openStories: 100 } },
        stories: queue(5, 10),
        storyWindow: { offset: 10, total: 100 },
        currentStoryId: "s12",
      }),
    );
    const index = () => readQueue(client, SID);
    return { client, apply, index };
  };

  it("places the window's ids at their indexes of the queue, and knows the queue is not all here", () => {
    const { client, index } = windowed();
    expect(index().total).toBe(100);
    expect(index().ids.slice(9, 16)).toEqual([undefined, "s10", "s11", "s12", "s13", "s14", undefined]);
    expect(queueComplete(client, SID)).toBe(false);
    expect(votesLoaded(client, SID)).toEqual(new Set(["s10", "s11", "s12", "s13", "s14"]));
  });

  it("moves a story within the index when both ends are read, and forgets the index when not", () => {
    const { apply, index } = windowed();
    apply({ type: "story_moved", sessionId: SID, storyId: "s14", afterStoryId: "s10" });
    expect(index().ids.slice(10, 15)).toEqual(["s10", "s14", "s11", "s12", "s13"]);
    apply({ type: "story_moved", sessionId: SID, storyId: "s11", afterStoryId: "s99" });
    expect(index().ids.filter(Boolean)).toEqual([]);
    expect(index().total).toBe(100);
  });

  it("puts a story added by hand after the one its push names, one longer", () => {
    const { apply, index } = windowed();
    const story = buildStory({ id: "new", position: 13 });
    const storyStats = { ...buildSession().stats, totalStories: 101, openStories: 101 };
    apply({ type: "story_update", sessionId: SID, action: "created", story, afterStoryId: "s12", storyStats });
    expect(index().total).toBe(101);
    expect(index().ids.slice(12, 15)).toEqual(["s12", "new", "s13"]);
  });

  it("keeps a small queue whole in the cache: a move renumbers it as the server does", () => {
    const client = new QueryClient();
    applyServerMessage(client, SID, buildSnapshot({ stories: queue(4) }));
    expect(queueComplete(client, SID)).toBe(true);
    applyServerMessage(client, SID, { type: "story_moved", sessionId: SID, storyId: "s3", afterStoryId: null });
    const stories = client.getQueryData<StoryView[]>(queryKeys.stories(SID)) ?? [];
    expect(stories.map((s) => `${s.id}@${s.position}`)).toEqual(["s3@0", "s0@1", "s1@2", "s2@3"]);
  });
});

describe("applyServerMessage: a big room's counts (issue #24 section 3)", () => {
  it("keeps the room's and the round's counts from the snapshot, participants_update and vote_update", () => {
    const cache = cacheWith({
      participants: [buildParticipant({ id: "p1" })],
      currentStoryId: "s1",
      votedCount: 3,
      expectedVoters: 400,
      participantCounts: { total: 420, present: 400 },
    });
    expect(cache.live().participantCounts).toEqual({ total: 420, present: 400 });
    expect(cache.live().round).toEqual({ storyId: "s1", votedCount: 3, expectedVoters: 400 });
    // Someone beyond the people held joined: counts only.
    cache.apply({
      type: "participants_update",
      sessionId: SID,
      participants: [],
      online: [],
      offline: [],
      leaderPresent: true,
      currentStoryId: "s1",
      votedCount: 3,
      expectedVoters: 401,
      participantCounts: { total: 421, present: 401 },
    });
    expect(cache.participants().map((p) => p.id)).toEqual(["p1"]);
    expect(cache.live().participantCounts).toEqual({ total: 421, present: 401 });
    // Someone beyond them voted: the vote is cached and the round's count is the server's.
    cache.apply({
      type: "vote_update",
      sessionId: SID,
      storyId: "s1",
      voterKey: "p:far",
      vote: buildVote({ storyId: "s1", voterKey: "p:far" }),
      votedCount: 4,
      expectedVoters: 401,
    });
    expect(cache.live().round).toEqual({ storyId: "s1", votedCount: 4, expectedVoters: 401 });
    expect(cache.votes().map((v) => v.voterKey)).toEqual(["p:far"]);
  });
});
