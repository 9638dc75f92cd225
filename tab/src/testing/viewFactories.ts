import { deckFor } from "@pointwise/core/decks";
import type { ParticipantView, SessionView, StoryView, VoteView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";

/**
 * Presented data for tab unit tests, shaped as the server sends it (core/presented.ts).
 * Each factory fills every field and takes overrides; ids default to readable names.
 */

const AT = "2026-01-01T00:00:00.000Z";

/** A fibonacci session with no active story. */
export function buildSession(overrides: Partial<SessionView> = {}): SessionView {
  return {
    id: "session-1",
    title: "Sprint 12",
    description: null,
    teamId: null,
    creatorId: "leader",
    leaderId: null,
    activeStoryId: null,
    jiraProjectKey: null,
    estimationScale: "fibonacci",
    customDeck: null,
    deck: deckFor("fibonacci"),
    maxParticipants: 50,
    isActive: true,
    locked: false,
    autoReveal: false,
    archivedAt: null,
    createdAt: AT,
    updatedAt: AT,
    status: "in_progress",
    stats: {
      totalStories: 0,
      totalPoints: 0,
      participantCount: 0,
      openStories: 0,
      completedStories: 0,
      skippedStories: 0,
      storiesWithTicket: 0,
      consensusStories: 0,
      medianFinalPoints: null,
    },
    ...overrides,
  };
}

/** A pending story of session-1 at position 0. */
export function buildStory(overrides: Partial<StoryView> = {}): StoryView {
  return {
    id: "story-1",
    sessionId: "session-1",
    teamId: null,
    title: "Login page",
    description: null,
    acceptanceCriteria: [],
    ticketNumber: null,
    status: "pending",
    finalPoints: null,
    consensus: false,
    votesRevealed: false,
    round: 1,
    position: 0,
    timerEndsAt: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** A hidden vote (no points) by user u1 on story-1. */
export function buildVote(overrides: Partial<VoteView> = {}): VoteView {
  return {
    storyId: "story-1",
    voterKey: "u:u1",
    userId: "u1",
    participantId: null,
    displayName: "Ann Lee",
    hasVoted: true,
    updatedAt: AT,
    ...overrides,
  };
}

/** An anonymous participant p1 with the participant role. */
export function buildParticipant(overrides: Partial<ParticipantView> = {}): ParticipantView {
  return {
    id: "p1",
    voterKey: "p:p1",
    userId: null,
    displayName: "Gus",
    isAnonymous: true,
    role: "participant",
    present: true,
    joinedAt: AT,
    user: null,
    ...overrides,
  };
}

/** A session_snapshot frame: an empty session-1, nobody online, "you" are user u1 (not the leader). */
export function buildSnapshot(
  overrides: Partial<Extract<ServerMessage, { type: "session_snapshot" }>> = {},
): Extract<ServerMessage, { type: "session_snapshot" }> {
  const stories = overrides.stories ?? [];
  return {
    type: "session_snapshot",
    session: buildSession(),
    stories,
    storyWindow: { offset: 0, total: stories.length },
    votes: [],
    participants: [],
    presence: { online: [], leaderPresent: false },
    results: {},
    you: { voterKey: "u:u1", isLeader: false },
    serverNow: AT,
    currentStoryId: null,
    votedCount: 0,
    expectedVoters: 0,
    ...overrides,
  };
}
