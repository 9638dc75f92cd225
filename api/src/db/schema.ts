import type { ConsensusLabel } from "@pointwise/core/consensus";
import { ESTIMATION_SCALES } from "@pointwise/core/decks";
import {
  INSIGHT_CATEGORIES,
  INSIGHT_PRIORITIES,
  INSIGHT_TYPES,
  INTEGRATION_TEST_RESULTS,
  INTEGRATION_TYPES,
  PARTICIPANT_ROLES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  SUGGESTION_STATUSES,
  TEAM_ROLES,
} from "@pointwise/core/enumerations";
import type { VoteView } from "@pointwise/core/presented";
import { STORY_STATUSES } from "@pointwise/core/storySchemas";
import { DATA_RETENTION_CHOICES } from "@pointwise/core/teamSchemas";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * The relational model of spec part 1 section 3, with the "Database checks" of section 5 as
 * real constraints. Migrations in ../../drizzle are generated from this file by drizzle-kit.
 */

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const subscriptionPlan = pgEnum("subscription_plan", SUBSCRIPTION_PLANS);
export const subscriptionStatus = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);
export const teamRole = pgEnum("team_role", TEAM_ROLES);
export const estimationScale = pgEnum("estimation_scale", ESTIMATION_SCALES);
export const storyStatus = pgEnum("story_status", STORY_STATUSES);
export const participantRole = pgEnum("participant_role", PARTICIPANT_ROLES);
export const suggestionStatus = pgEnum("suggestion_status", SUGGESTION_STATUSES);
export const integrationType = pgEnum("integration_type", INTEGRATION_TYPES);
export const integrationTestResult = pgEnum("integration_test_result", INTEGRATION_TEST_RESULTS);
export const insightType = pgEnum("insight_type", INSIGHT_TYPES);
export const insightPriority = pgEnum("insight_priority", INSIGHT_PRIORITIES);
export const insightCategory = pgEnum("insight_category", INSIGHT_CATEGORIES);
export const dataRetention = pgEnum("data_retention", DATA_RETENTION_CHOICES);

/** Registered people; oauth provider and id are both set or both empty. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: varchar("email", { length: 255 }).unique(),
    firstName: varchar("first_name", { length: 100 }),
    lastName: varchar("last_name", { length: 100 }),
    profileImageUrl: varchar("profile_image_url", { length: 500 }),
    passwordHash: text("password_hash"),
    oauthProvider: varchar("oauth_provider", { length: 50 }),
    oauthId: varchar("oauth_id", { length: 255 }),
    stripeCustomerId: varchar("stripe_customer_id", { length: 255 }),
    stripeSubscriptionId: varchar("stripe_subscription_id", { length: 255 }),
    subscriptionPlan: subscriptionPlan("subscription_plan").notNull().default("free"),
    subscriptionStatus: subscriptionStatus("subscription_status").notNull().default("inactive"),
    subscriptionCurrentPeriodEnd: timestamp("subscription_current_period_end", { withTimezone: true }),
    /** The subscription ends at currentPeriodEnd instead of renewing (Cancel subscription, issue #11 section 3). */
    subscriptionCancelAtPeriodEnd: boolean("subscription_cancel_at_period_end").notNull().default(false),
    /** When Stripe's state was last applied to this row (a webhook); null until then: `synced` of the status. */
    subscriptionSyncedAt: timestamp("subscription_synced_at", { withTimezone: true }),
    integrations: json("integrations").$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    check("users_email_format", sql`${t.email} IS NULL OR ${t.email} ~* '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$'`),
    check("users_oauth_pair", sql`(${t.oauthProvider} IS NULL) = (${t.oauthId} IS NULL)`),
    uniqueIndex("users_oauth_unique").on(t.oauthProvider, t.oauthId),
  ],
);

/**
 * Sign-in providers linked to a user (issue #13 section 1): one row per provider account.
 * `users.oauthProvider`/`oauthId` keep the spec's pair (the provider the account was made with,
 * or the next linked one after an unlink); this table holds every linked provider, so a user can
 * sign in with several. A provider account belongs to one user; a user links a provider once.
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** google, microsoft, github, twitter or bluesky. */
    provider: varchar("provider", { length: 50 }).notNull(),
    /** The provider's stable account id (OpenID `sub`, GitHub/X user id, Bluesky DID). */
    subject: varchar("subject", { length: 255 }).notNull(),
    /** The e-mail the provider gave, only when it said it was verified. */
    email: varchar("email", { length: 255 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("user_identities_provider_subject").on(t.provider, t.subject),
    uniqueIndex("user_identities_user_provider").on(t.userId, t.provider),
  ],
);

/**
 * Bluesky sign-in flows under way (issue #13): the AT Protocol OAuth client's state store. `key`
 * is the flow's `state`; `data` is what the client saved for it (PKCE verifier, DPoP private key,
 * issuer) as JSON sealed with INTEGRATIONS_KEY (integrations/secretBox.ts). A row is read once;
 * it expires after 10 minutes, and expired rows are deleted whenever a flow starts.
 */
export const blueskyOauthStates = pgTable(
  "bluesky_oauth_states",
  {
    key: varchar("key", { length: 128 }).primaryKey(),
    data: text("data").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("bluesky_oauth_states_expires_idx").on(t.expiresAt)],
);

/**
 * The AT Protocol OAuth client's session store (issue #13): per DID, the token set and the DPoP
 * private key bound to it, as JSON sealed with INTEGRATIONS_KEY. Sign-in needs no Bluesky access
 * after it has read the profile, so the row lives only from the token exchange to the revocation
 * right after it (routes/auth/oauth.ts).
 */
export const blueskyOauthSessions = pgTable("bluesky_oauth_sessions", {
  did: varchar("did", { length: 255 }).primaryKey(),
  data: text("data").notNull(),
  ...timestamps,
});

/**
 * Teams; a name is unique per creator. The privacy and compliance settings (issue #22; core
 * TeamSettings, defaults DEFAULT_TEAM_SETTINGS) are enforced by policies/teamPrivacyPolicy
 * (guests), policies/teamPolicy (`read`: who reads a team that is not private),
 * commands/finalPointsAuditor (audit log) and jobs/retention (retention).
 */
export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 100 }).notNull(),
    description: text("description"),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    allowAnonymousParticipants: boolean("allow_anonymous_participants").notNull().default(true),
    privateTeam: boolean("private_team").notNull().default(true),
    auditLog: boolean("audit_log").notNull().default(false),
    dataRetention: dataRetention("data_retention").notNull().default("1_year"),
    ...timestamps,
  },
  (t) => [uniqueIndex("teams_creator_name_unique").on(t.creatorId, t.name)],
);

/**
 * A team's audit log (issue #22): each change of a story's final points in a session of a team
 * whose `auditLog` is on, written in the transaction of the change (commands/finalPointsAuditor).
 * Titles and the actor's name are copied, so an entry outlives its story, session and account
 * (their ids become null); entries go with the team, or with the retention of the team.
 */
export const teamAuditEntries = pgTable(
  "team_audit_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** completed, corrected or cleared (core TeamAuditEntryView). */
    action: varchar("action", { length: 20 }).$type<"completed" | "corrected" | "cleared">().notNull(),
    sessionId: uuid("session_id").references((): AnyPgColumn => pointingSessions.id, { onDelete: "set null" }),
    sessionTitle: varchar("session_title", { length: 200 }).notNull(),
    storyId: uuid("story_id").references((): AnyPgColumn => stories.id, { onDelete: "set null" }),
    storyTitle: varchar("story_title", { length: 200 }).notNull(),
    previousPoints: numeric("previous_points", { precision: 4, scale: 1, mode: "number" }),
    finalPoints: numeric("final_points", { precision: 4, scale: 1, mode: "number" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: varchar("user_name", { length: 255 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("team_audit_entries_action", sql`${t.action} IN ('completed', 'corrected', 'cleared')`),
    index("team_audit_entries_team_idx").on(t.teamId, t.createdAt),
  ],
);

/** Team membership, unique per team and user; removed with the team or the user. */
export const teamMembers = pgTable(
  "team_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: teamRole("role").notNull().default("member"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("team_members_team_user_unique").on(t.teamId, t.userId),
    index("team_members_user_idx").on(t.userId),
  ],
);

/**
 * Invitations to a team by e-mail for addresses without an account (issue #11 section 1): open
 * 14 days, single use. Only the SHA-256 of the link's token is stored, so a database read does
 * not yield working links. Accepted by registering or signing in with `email`, or by opening
 * the link signed in (commands/teamInvitationAccepter.ts). Addresses are stored lower-case;
 * inviting the same address again replaces the row (new token, new expiry).
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 255 }).notNull(),
    role: teamRole("role").notNull().default("member"),
    /** Hex SHA-256 of the link token (64 characters). */
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("team_invitations_team_email_unique").on(t.teamId, t.email),
    uniqueIndex("team_invitations_token_hash_unique").on(t.tokenHash),
    index("team_invitations_email_idx").on(t.email),
  ],
);

/**
 * Password reset links (issue #13 section 2): single use, valid RESET_TOKEN_TTL_SECONDS. Only
 * the SHA-256 (hex) of the link's token is stored, so a database read yields no working link.
 * `usedAt` is set by the reset (or when another reset of the user used a newer link); removed
 * with the user.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the link token (64 characters). */
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_token_hash_unique").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
  ],
);

/** Pointing sessions; an active session is never archived, an archived one never active. */
export const pointingSessions = pgTable(
  "pointing_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description"),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "set null" }),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    leaderId: uuid("leader_id").references(() => users.id, { onDelete: "set null" }),
    activeStoryId: uuid("active_story_id").references((): AnyPgColumn => stories.id, { onDelete: "set null" }),
    /**
     * When the active story became active (issue #22 section 2): stories added by hand since
     * follow it in the order they were added; null before any was chosen.
     */
    activeStorySince: timestamp("active_story_since", { withTimezone: true }),
    jiraProjectKey: varchar("jira_project_key", { length: 50 }),
    estimationScale: estimationScale("estimation_scale").notNull().default("fibonacci"),
    customDeck: numeric("custom_deck", { precision: 4, scale: 1, mode: "number" }).array(),
    maxParticipants: integer("max_participants").notNull().default(50),
    isActive: boolean("is_active").notNull().default(true),
    locked: boolean("locked").notNull().default(false),
    /** Reveal the votes once everyone the round waits for has voted, or at the timer's zero (issue #8 section 2). */
    autoReveal: boolean("auto_reveal").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("pointing_sessions_max_participants", sql`${t.maxParticipants} BETWEEN 1 AND 500`),
    check("pointing_sessions_archive_inactive", sql`NOT (${t.isActive} AND ${t.archivedAt} IS NOT NULL)`),
    index("pointing_sessions_creator_idx").on(t.creatorId),
    index("pointing_sessions_team_idx").on(t.teamId),
  ],
);

/** Stories of a session, ordered by position; consensus requires final points. */
export const stories = pgTable(
  "stories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => pointingSessions.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "set null" }),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description"),
    acceptanceCriteria: jsonb("acceptance_criteria").$type<string[]>().notNull().default([]),
    ticketNumber: varchar("ticket_number", { length: 50 }),
    status: storyStatus("status").notNull().default("pending"),
    /** 0-999 with one decimal place (issue #8 section 4: the ½ card). */
    finalPoints: numeric("final_points", { precision: 4, scale: 1, mode: "number" }),
    consensus: boolean("consensus").notNull().default(false),
    votesRevealed: boolean("votes_revealed").notNull().default(false),
    round: integer("round").notNull().default(1),
    position: integer("position").notNull().default(0),
    /**
     * Deadline of the round timer (issue #8 section 2), null when none runs. Kept after it
     * passes (clients show "Time's up") until the reveal, a new round or another active story.
     */
    timerEndsAt: timestamp("timer_ends_at", { withTimezone: true }),
    /**
     * PointBot's history suggestion recorded when the story was completed, computed from the
     * history before this story joined it (issue #9 section 3); null when none was made.
     */
    suggestedPoints: numeric("suggested_points", { precision: 4, scale: 1, mode: "number" }),
    suggestedLow: numeric("suggested_low", { precision: 4, scale: 1, mode: "number" }),
    suggestedHigh: numeric("suggested_high", { precision: 4, scale: 1, mode: "number" }),
    /**
     * The write-back of the final points to the story's Jira issue (issue #12 section 3): null
     * until one is attempted, then pending, ok or failed (with the error shown on the story).
     */
    jiraSyncStatus: varchar("jira_sync_status", { length: 10 }).$type<"ok" | "failed" | "pending">(),
    jiraSyncError: text("jira_sync_error"),
    jiraSyncAt: timestamp("jira_sync_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("stories_final_points_range", sql`${t.finalPoints} IS NULL OR ${t.finalPoints} BETWEEN 0 AND 999`),
    check("stories_consensus_needs_points", sql`NOT ${t.consensus} OR ${t.finalPoints} IS NOT NULL`),
    index("stories_session_idx").on(t.sessionId, t.position),
    // The expired-timer sweep reads only the few stories with a running timer.
    index("stories_timer_ends_at_idx").on(t.timerEndsAt).where(sql`${t.timerEndsAt} IS NOT NULL`),
    check(
      "stories_jira_sync_status",
      sql`${t.jiraSyncStatus} IS NULL OR ${t.jiraSyncStatus} IN ('ok', 'failed', 'pending')`,
    ),
  ],
);

/**
 * Finished rounds of a story (issue #8 section 3, "New Round keeps the earlier round"): written
 * when New Round starts. `votes` holds the presented votes (VoteView with points) only when
 * that round was revealed, else `[]`; `average` and `consensusLabel` come from core
 * `roundResults` of those votes.
 */
export const storyRounds = pgTable(
  "story_rounds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    votes: jsonb("votes").$type<VoteView[]>().notNull().default([]),
    average: doublePrecision("average"),
    consensusLabel: varchar("consensus_label", { length: 40 }).$type<ConsensusLabel>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("story_rounds_story_round_unique").on(t.storyId, t.round)],
);

/** Session participants: registered users (userId) or anonymous guests (token hash). */
export const sessionParticipants = pgTable(
  "session_participants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => pointingSessions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    displayName: varchar("display_name", { length: 100 }),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    role: participantRole("role").notNull().default("participant"),
    /** SHA-256 (hex) of the participant token; the token itself is never stored. */
    tokenHash: varchar("token_hash", { length: 64 }).unique(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Until when the participant counts as present without a connection (issue #8 section 1,
     * core `isPresent`): now + the grace when they join, when their last connection closes and
     * on a Teams card action. The presence sweep sets it back to null once passed (and pushes
     * the absence), so non-null means "grace running".
     */
    presentUntil: timestamp("present_until", { withTimezone: true }),
    /**
     * Set when the leader removed the participant (issue #8 section 1): the row stays (revealed
     * votes keep their voter) but grants nothing, and a removed user cannot rejoin.
     */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    check("session_participants_anonymous_name", sql`NOT ${t.isAnonymous} OR ${t.displayName} IS NOT NULL`),
    uniqueIndex("session_participants_session_user_unique").on(t.sessionId, t.userId),
    index("session_participants_user_idx").on(t.userId),
    index("session_participants_grace_idx").on(t.presentUntil).where(sql`${t.presentUntil} IS NOT NULL`),
  ],
);

/**
 * Invitations to a session by e-mail (issue #7, "Account enumeration"): stored alike for known
 * and unknown addresses, so inviting tells nothing about accounts. While pending (not accepted,
 * not expired) the signed-in user with that e-mail may see the session; the first join makes
 * them a participant and accepts it. Addresses are stored lower-case.
 */
export const sessionInvitations = pgTable(
  "session_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => pointingSessions.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 255 }).notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("session_invitations_session_email_unique").on(t.sessionId, t.email),
    index("session_invitations_email_idx").on(t.email),
  ],
);

/** Votes: exactly one of userId or participantId; one per story and voter. */
export const votes = pgTable(
  "votes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    participantId: uuid("participant_id").references(() => sessionParticipants.id, { onDelete: "cascade" }),
    /** 0-999 with one decimal place; null with `coffee` (issue #8 section 4). */
    points: numeric("points", { precision: 4, scale: 1, mode: "number" }),
    /** The coffee card: a break request instead of points, never counted as a vote. */
    coffee: boolean("coffee").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("votes_one_voter", sql`(${t.userId} IS NULL) <> (${t.participantId} IS NULL)`),
    check("votes_points_range", sql`${t.points} IS NULL OR ${t.points} BETWEEN 0 AND 999`),
    check("votes_coffee_or_points", sql`${t.coffee} = (${t.points} IS NULL)`),
    uniqueIndex("votes_story_user_unique").on(t.storyId, t.userId),
    uniqueIndex("votes_story_participant_unique").on(t.storyId, t.participantId),
  ],
);

/**
 * Acceptance-criteria suggestions (spec part 1 section 3; issue #9 section 2): a person's
 * (exactly one of suggestedBy (user) or participantId) or PointBot's (`pointbotLabel`, the
 * engine's name shown as the author, e.g. "PointBot (local)", and no person).
 */
export const acceptanceCriteriaSuggestions = pgTable(
  "acceptance_criteria_suggestions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    suggestedBy: uuid("suggested_by").references(() => users.id, { onDelete: "cascade" }),
    participantId: uuid("participant_id").references(() => sessionParticipants.id, { onDelete: "cascade" }),
    pointbotLabel: varchar("pointbot_label", { length: 100 }),
    content: text("content").notNull(),
    status: suggestionStatus("status").notNull().default("pending"),
    ...timestamps,
  },
  (t) => [
    check(
      "suggestions_one_author",
      sql`CASE WHEN ${t.pointbotLabel} IS NULL THEN (${t.suggestedBy} IS NULL) <> (${t.participantId} IS NULL) ELSE ${t.suggestedBy} IS NULL AND ${t.participantId} IS NULL END`,
    ),
    index("suggestions_story_status_idx").on(t.storyId, t.status),
  ],
);

/** Integrations of a team, one per type. */
export const teamIntegrations = pgTable(
  "team_integrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    type: integrationType("type").notNull(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    config: json("config").$type<Record<string, unknown>>(),
    lastTestAt: timestamp("last_test_at", { withTimezone: true }),
    lastTestResult: integrationTestResult("last_test_result"),
    lastTestError: text("last_test_error"),
    ...timestamps,
  },
  (t) => [uniqueIndex("team_integrations_team_type_unique").on(t.teamId, t.type)],
);

/**
 * A user's own connections to outside services (issue #12 section 1): one per user and type.
 * Per user, not per team, because the automations page and its pro plan belong to the signed-in
 * user and a session need not have a team; the typed columns keep the token's ciphertext apart
 * from the readable settings. `tokenCiphertext` is AES-256-GCM under INTEGRATIONS_KEY
 * (integrations/secretBox.ts: `v1.<keyId>.<iv>.<tag>.<data>`), never the token in clear.
 * `pointsField` is the story-points field found in the site's field list, kept with the
 * serverUrl it was found on (discovered once per site; cleared when serverUrl changes).
 */
export const userIntegrations = pgTable(
  "user_integrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: integrationType("type").notNull(),
    serverUrl: varchar("server_url", { length: 500 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    tokenCiphertext: text("token_ciphertext").notNull(),
    /** The last 4 characters of the token, for the masked display (GET /api/integrations). */
    tokenLast4: varchar("token_last4", { length: 4 }).notNull(),
    /** The story-points field id chosen in the automations form (overrides discovery). */
    storyPointsField: varchar("story_points_field", { length: 100 }),
    /** The field id discovered from the site's field list, for `pointsFieldSite`. */
    pointsField: varchar("points_field", { length: 100 }),
    pointsFieldSite: varchar("points_field_site", { length: 500 }),
    lastTestAt: timestamp("last_test_at", { withTimezone: true }),
    lastTestResult: integrationTestResult("last_test_result"),
    lastTestError: text("last_test_error"),
    ...timestamps,
  },
  (t) => [uniqueIndex("user_integrations_user_type_unique").on(t.userId, t.type)],
);

/** PointBot insights about a session or a story. */
export const aiInsights = pgTable(
  "ai_insights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id").references(() => pointingSessions.id, { onDelete: "cascade" }),
    storyId: uuid("story_id").references(() => stories.id, { onDelete: "cascade" }),
    type: insightType("type").notNull(),
    priority: insightPriority("priority").notNull().default("medium"),
    category: insightCategory("category").notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    message: text("message").notNull(),
    icon: varchar("icon", { length: 50 }),
    impact: text("impact"),
    recommendation: text("recommendation"),
    riskFactors: jsonb("risk_factors").$type<string[]>().notNull().default([]),
    metadata: json("metadata").$type<Record<string, unknown>>(),
    generatedAt: timestamp("generated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ai_insights_session_idx").on(t.sessionId)],
);

/**
 * Estimated stories PointBot learns from (issue #9 section 3), per scope: the team's rows when
 * `team_id` is set, else the rows of `owner_user_id`'s sessions without a team. `source` is
 * "import" (a CSV row with a `storypoint`) or "session" (a story completed with numeric points);
 * `story_id` links the session story the row came from, at most one row per story.
 */
export const estimateHistory = pgTable(
  "estimate_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Insertion order: the estimator reads a scope's rows in this order (recency weighting). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    storyKey: varchar("story_key", { length: 64 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description"),
    points: numeric("points", { precision: 4, scale: 1, mode: "number" }).notNull(),
    source: varchar("source", { length: 16 }).$type<"import" | "session">().notNull(),
    storyId: uuid("story_id").references(() => stories.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("estimate_history_scope", sql`${t.teamId} IS NOT NULL OR ${t.ownerUserId} IS NOT NULL`),
    check("estimate_history_source", sql`${t.source} IN ('import', 'session')`),
    check("estimate_history_points_range", sql`${t.points} BETWEEN 0 AND 999`),
    index("estimate_history_team_idx").on(t.teamId, t.seq),
    index("estimate_history_owner_idx").on(t.ownerUserId, t.seq),
    uniqueIndex("estimate_history_story_unique").on(t.storyId),
  ],
);

/** The server-side session store (connect-pg-simple's shape: sid, sess, expire). */
export const session = pgTable(
  "session",
  {
    sid: varchar("sid").primaryKey(),
    sess: json("sess").$type<Record<string, unknown>>().notNull(),
    expire: timestamp("expire", { precision: 6 }).notNull(),
  },
  (t) => [index("IDX_session_expire").on(t.expire)],
);

/**
 * The live server instances (issue #10): each refreshes its own row with every presence beat, so
 * a presence row counts while its instance's row is fresh (realtime/hub). One row per instance,
 * where every presence row was refreshed (5,000 rows an instance a beat at 10,000 participants).
 */
export const realtimeInstances = pgTable("realtime_instances", {
  instanceId: varchar("instance_id", { length: 64 }).primaryKey(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Open WebSocket connections per instance, for presence across instances (Live badge): a voter
 * connected to a session on an instance; live while the instance's `realtime_instances` row is.
 */
export const realtimePresence = pgTable(
  "realtime_presence",
  {
    instanceId: varchar("instance_id", { length: 64 }).notNull(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => pointingSessions.id, { onDelete: "cascade" }),
    voterKey: varchar("voter_key", { length: 64 }).notNull(),
    connections: integer("connections").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.sessionId, t.voterKey] }),
    index("realtime_presence_session_idx").on(t.sessionId),
  ],
);

/** Push messages too large for a NOTIFY payload (8000 bytes); pruned after a minute. */
export const realtimeEvents = pgTable("realtime_events", {
  id: uuid("id").primaryKey().defaultRandom(),
  payload: text("payload").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A Teams conversation (meeting chat, channel, group or personal chat) and the session bound
 * to it: the meeting tab and the bot share one binding. `reference` is the Bot Framework
 * conversation reference stored when the bot is installed or spoken to (proactive posts).
 */
export const teamsConversations = pgTable(
  "teams_conversations",
  {
    conversationId: varchar("conversation_id", { length: 512 }).primaryKey(),
    sessionId: uuid("session_id").references(() => pointingSessions.id, { onDelete: "set null" }),
    tenantId: varchar("tenant_id", { length: 64 }),
    serviceUrl: varchar("service_url", { length: 500 }),
    reference: jsonb("reference").$type<Record<string, unknown>>(),
    /** Id of the latest voting card the bot posted, to update it in place. */
    cardActivityId: varchar("card_activity_id", { length: 256 }),
    /** Teams ids (29:...) of people who used the card: its refresh list (at most 60). */
    cardUserIds: jsonb("card_user_ids").$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index("teams_conversations_session_idx").on(t.sessionId)],
);

/**
 * Stripe webhook events already applied (issue #11 section 3: each event applied once). The id
 * is Stripe's `evt_...`; `created` is the event's own time.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: varchar("id", { length: 255 }).primaryKey(),
  type: varchar("type", { length: 100 }).notNull(),
  created: timestamp("created", { withTimezone: true }).notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});
