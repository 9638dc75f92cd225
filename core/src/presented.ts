import type { ConsensusLabel, RoundResults } from "./consensus";
import type { Card, EstimationScale } from "./decks";
import type { ParticipantRole, TeamRole } from "./enumerations";
import type { StoryStatus } from "./storySchemas";
import type { TeamSettings } from "./teamSchemas";

/**
 * The JSON shapes that leave the server (REST and WebSocket alike). Dates are ISO 8601
 * strings. Source: spec part 1 section 3 and part 2 section 3.
 */

/** A signed-in user as the client sees it (no hashes, no payment references). */
export interface UserView {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  subscriptionPlan: string;
  /** True for an e-mail account (it has a password to change; issue #11 section 4). */
  hasPassword: boolean;
  /** Linked sign-in providers (google, microsoft, github, twitter, bluesky); GET /api/auth/user only (issue #13). */
  providers?: string[];
}

/** Session status as shown on cards: live (leader present), in_progress, completed. */
export type SessionStatus = "live" | "in_progress" | "completed";

/**
 * A session's counts (spec part 1 section 3: totalStories, totalPoints, participantCount), plus
 * the queue's counts by status (issue #22 section 3): a screen that holds only a window of a big
 * backlog still knows how far the session is.
 */
export interface SessionStats {
  totalStories: number;
  /** Sum of the final points of completed stories. */
  totalPoints: number;
  participantCount: number;
  /** Stories neither completed nor skipped (core OPEN_STORY_STATUSES). */
  openStories: number;
  completedStories: number;
  skippedStories: number;
  /** Stories with a ticket number (Jira key, or any tracker's key). */
  storiesWithTicket: number;
  /** Completed stories whose votes agree (spec part 2 section 9: range at most 1, or fewer than 2 votes). */
  consensusStories: number;
  /** The lower median of the completed stories' final points (core medianLabel's pick); null when none. */
  medianFinalPoints: number | null;
}

/** A session's story counts: SessionStats without the participant count (pushed after story changes). */
export type StoryStats = Omit<SessionStats, "participantCount">;

/** A pointing session with its status, stats and deck. */
export interface SessionView {
  id: string;
  title: string;
  description: string | null;
  teamId: string | null;
  creatorId: string;
  leaderId: string | null;
  activeStoryId: string | null;
  jiraProjectKey: string | null;
  estimationScale: EstimationScale;
  customDeck: number[] | null;
  deck: Card[];
  maxParticipants: number;
  isActive: boolean;
  locked: boolean;
  /** Reveal once everyone the round waits for has voted, or at the timer's zero (issue #8 section 2). */
  autoReveal: boolean;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
  status: SessionStatus;
  stats: SessionStats;
  /**
   * The server's clock when it answered (ISO 8601): in GET /api/sessions/{id} only, so a client
   * can correct the round timer for its clock offset after a reload (issue #8 section 2).
   */
  serverNow?: string;
  /**
   * GET /api/sessions/{id} only (issue #8 sections 1 and 7): the group's current story and its
   * round's counts (see core/realtime RoundProgressFields); lists and pushes leave them out.
   */
  currentStoryId?: string | null;
  votedCount?: number;
  expectedVoters?: number;
}

/**
 * A page of a session's queue (GET /api/sessions/{id}/stories/window; issue #22 section 3): the
 * stories from index `offset` in queue order (among those matching the search, when one was
 * given), and how many there are in all.
 */
export interface StoryWindowView {
  offset: number;
  total: number;
  stories: StoryView[];
}

/** A story of a session. `round` counts the voting rounds (a new round clears the votes). */
export interface StoryView {
  id: string;
  sessionId: string;
  teamId: string | null;
  title: string;
  description: string | null;
  acceptanceCriteria: string[];
  ticketNumber: string | null;
  status: StoryStatus;
  finalPoints: number | null;
  consensus: boolean;
  votesRevealed: boolean;
  round: number;
  position: number;
  /** Deadline of the round timer (ISO 8601), null when none runs (issue #8 section 2). */
  timerEndsAt: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * The last write-back of the final points to the story's Jira issue (issue #12 section 4);
   * null (or absent) until one was attempted.
   */
  jiraSync?: JiraSyncView | null;
}

/**
 * A write-back of final points to Jira (issue #12 section 3): `pending` while it runs, `ok` when
 * Jira took it, `failed` with Jira's or the network's `error` (shown as "Points not sent to
 * Jira: <error>"; POST /api/stories/{id}/jira/sync retries). `at` is ISO 8601.
 */
export interface JiraSyncView {
  status: "ok" | "failed" | "pending";
  error?: string;
  at: string;
}

/**
 * A vote as a given viewer may see it. `points` is present only when the story's votes are
 * revealed or the vote is the viewer's own (DESIGN.md "Vote secrecy"); `voterKey` is
 * `u:<userId>` or `p:<participantId>`.
 */
export interface VoteView {
  storyId: string;
  voterKey: string;
  userId: string | null;
  participantId: string | null;
  displayName: string;
  hasVoted: true;
  points?: number;
  /** The coffee card (issue #8 section 4): a break request, not secret, never counted as a vote. */
  coffee?: true;
  updatedAt: string;
}

/**
 * A finished round of a story (GET /api/stories/{id}/rounds; issue #8 section 3, "New Round
 * keeps the earlier round"): its votes with points once that round was revealed (else `[]`),
 * the average (1 decimal) and the consensus label of those votes (core `roundResults`).
 */
export interface StoryRoundView {
  round: number;
  votes: VoteView[];
  average: number | null;
  consensusLabel: ConsensusLabel | null;
}

/**
 * A session participant; `voterKey` links it to votes and presence. `user.email` is present
 * only for the session's leader and for the person themself (issue #7); pushes to the whole
 * room never carry it.
 */
export interface ParticipantView {
  id: string;
  voterKey: string;
  userId: string | null;
  displayName: string;
  isAnonymous: boolean;
  /** `observer` never votes and is never waited for (issue #8 section 1). */
  role: ParticipantRole;
  /**
   * Connected now, or disconnected for less than the grace (core `isPresent`, 30 s; issue #8
   * section 1). Absent participants are not waited for.
   */
  present: boolean;
  joinedAt: string;
  user: { id: string; firstName: string | null; email?: string | null; profileImageUrl: string | null } | null;
}

/**
 * A pending invitation by e-mail, as the session leader sees it (issue #7): the address the
 * inviter typed, never the name of an account behind it. Accepted invitations are participants.
 */
export interface SessionInvitationView {
  id: string;
  email: string;
  status: "invited";
  createdAt: string;
  expiresAt: string;
}

/** Results of a revealed story, computed by core/consensus (spec part 2 section 9). */
export type StoryResults = RoundResults;

/** Body of a successful join-anonymous (spec part 2 section 7). */
export interface JoinAnonymousResult {
  participant: { id: string; displayName: string };
  sessionInfo: { title: string };
  participantToken: string;
}

/** Body of a backlog import: all rows or none (issue #2 section 4). */
export interface ImportResult {
  imported: number;
  errors: { row: number; message: string }[];
  /**
   * Rows (numbered from 1) whose description was longer than a story's 5,000 characters and was
   * shortened to them (issue #23 section 2); absent when none was.
   */
  shortened?: number[];
}

/** GET /api/subscription/status (spec part 2 section 3). */
export interface SubscriptionStatusView {
  plan: string;
  status: string;
  sessionsThisMonth: number;
  sessionsOwned: number;
  limit: number | null;
  currentPeriodEnd: string | null;
  /** The subscription ends at currentPeriodEnd instead of renewing (cancelled). */
  cancelAtPeriodEnd: boolean;
  /** True once Stripe's state has been applied (always in self-hosted mode). */
  synced: boolean;
  /** "stripe" when STRIPE_SECRET_KEY is set, else "selfhosted" (plans switch directly, no billing portal). */
  billing: "stripe" | "selfhosted";
}

/** A team (spec part 1 section 3). */
export interface TeamView {
  id: string;
  name: string;
  description: string | null;
  creatorId: string;
  createdAt: string;
  /** Privacy and compliance settings (issue #22), in every team view. */
  settings: TeamSettings;
  /**
   * The caller's role in the team (`owner` for its creator), in every team view; null for a
   * signed-in outsider reading an open team (`privateTeam` off, issue #22), who may read the
   * team and its sessions list and nothing else of it.
   */
  viewerRole: TeamRole | null;
}

/**
 * One entry of a team's audit log (issue #22): who changed a story's final points, when, from
 * what to what. `action`: `completed` (the story was completed with points), `corrected` (a
 * completed story's points changed), `cleared` (the points went: reopened, skipped or a new
 * round). Titles are copied when written, so an entry outlives its story and session (ids null then).
 */
export interface TeamAuditEntryView {
  id: string;
  action: "completed" | "corrected" | "cleared";
  sessionId: string | null;
  sessionTitle: string;
  storyId: string | null;
  storyTitle: string;
  previousPoints: number | null;
  finalPoints: number | null;
  /** Who did it: the user's id (null once the account is deleted) and name as it was then. */
  user: { id: string | null; name: string };
  createdAt: string;
}

/** DELETE /api/teams/{id} answer (issue #22): the team's sessions stay with their creators, detached. */
export interface TeamDeletionResult {
  message: string;
  teamId: string;
  sessionsDetached: number;
}

/** A pending team invitation as the team's owner and admins see it (issue #11 section 1). */
export interface TeamInvitationView {
  id: string;
  email: string;
  role: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * POST /api/teams/{id}/invite answer (issue #11 section 1): `added` when the address has an
 * account (a member at once), `invited` with the link to copy otherwise; `emailSent` tells
 * whether the SMTP server took the e-mail (false without SMTP_URL or on a send failure).
 */
export interface TeamInviteResult {
  status: "added" | "invited";
  inviteUrl?: string;
  emailSent?: boolean;
  member?: TeamMemberView;
}

/** POST /api/team-invitations/{token}/accept answer: the team joined. */
export interface TeamInvitationAcceptance {
  teamId: string;
}

/** A team member with its user (spec part 1 section 7). */
export interface TeamMemberView {
  id: string;
  role: string;
  joinedAt: string;
  user: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    profileImageUrl: string | null;
  };
}
