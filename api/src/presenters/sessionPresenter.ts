import { deckFor } from "@pointwise/core/decks";
import type { SessionStats, SessionStatus, SessionView } from "@pointwise/core/presented";
import { sessionStatusOf } from "@pointwise/core/sessionStatus";
import type { SessionRow } from "../policies/sessionPolicy";

/** Counts behind a session's status and stats (core SessionStats). */
export type SessionCounts = SessionStats;

/**
 * Status as cards show it: completed when every story is completed or skipped, live while the
 * leader or creator is connected, otherwise in_progress (spec part 1 section 3); the one rule
 * is core's sessionStatusOf, which the tab also applies to live pushes.
 */
export function sessionStatus(counts: SessionCounts, leaderPresent: boolean): SessionStatus {
  return sessionStatusOf(counts, leaderPresent);
}

/** A session with its deck, status and stats. */
export function presentSession(session: SessionRow, counts: SessionCounts, leaderPresent: boolean): SessionView {
  return {
    id: session.id,
    title: session.title,
    description: session.description,
    teamId: session.teamId,
    creatorId: session.creatorId,
    leaderId: session.leaderId,
    activeStoryId: session.activeStoryId,
    jiraProjectKey: session.jiraProjectKey,
    estimationScale: session.estimationScale,
    customDeck: session.customDeck,
    deck: deckFor(session.estimationScale, session.customDeck),
    maxParticipants: session.maxParticipants,
    isActive: session.isActive,
    locked: session.locked,
    autoReveal: session.autoReveal,
    archivedAt: session.archivedAt?.toISOString() ?? null,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
    status: sessionStatus(counts, leaderPresent),
    stats: {
      totalStories: counts.totalStories,
      totalPoints: counts.totalPoints,
      participantCount: counts.participantCount,
      openStories: counts.openStories,
      completedStories: counts.completedStories,
      skippedStories: counts.skippedStories,
      storiesWithTicket: counts.storiesWithTicket,
      consensusStories: counts.consensusStories,
      medianFinalPoints: counts.medianFinalPoints,
    },
  };
}
