import type { Card } from "@pointwise/core/decks";
import type { StoryResults } from "@pointwise/core/presented";
import type { SessionSummary, SummaryStory } from "@pointwise/core/sessionSummary";
import type { StoryStatus } from "@pointwise/core/storySchemas";

/**
 * What a voting card shows, computed by the server from presented data (secrecy already
 * applied: `votes` is present only once the story's votes are revealed).
 */
export interface VotingCardState {
  session: { id: string; title: string; deck: Card[] };
  story: {
    id: string;
    title: string;
    ticketNumber: string | null;
    votesRevealed: boolean;
    status: StoryStatus;
    finalPoints: number | null;
  } | null;
  /** Everyone expected to vote, and whether they have. */
  voters: { displayName: string; hasVoted: boolean }[];
  /** Revealed votes with their points; absent before reveal. */
  votes?: { displayName: string; points: number }[];
  results?: StoryResults;
  /** Stories still open after this one. */
  remaining: number;
  /** The session in the web app ("Open in Pointwise"). */
  openUrl: string;
  /** The person the card is rendered for (Universal Actions refresh), if known. */
  viewer?: { ownPoints: number | null; isLeader: boolean };
  /** Teams user ids (29:...) whose clients refresh the card automatically (at most 60). */
  refreshUserIds: string[];
}

/**
 * What the summary card shows (spec part 2 section 7, teams-message); the figures are core's
 * sessionSummary (total, average, consensus rate), `completedStories` its completed count.
 */
export interface SummaryCardState
  extends Pick<SessionSummary<SummaryStory>, "totalPoints" | "averagePoints" | "consensusRate"> {
  sessionTitle: string;
  completedStories: number;
  participants: number;
  stories: { title: string; points: number | null; ticketNumber: string | null }[];
  skippedStories: { title: string; ticketNumber: string | null }[];
  openUrl: string;
}
