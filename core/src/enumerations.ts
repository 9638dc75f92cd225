/**
 * The spec's enumerations whose values live nowhere else in core (spec part 1 section 3,
 * "Enumerations"). The database enums (api/src/db/schema.ts) take their values from here;
 * story statuses are in storySchemas.ts and estimation scales in decks.ts.
 */

/** Subscription plans as stored (spec part 1 section 3). */
export const SUBSCRIPTION_PLANS = ["free", "basic", "pro", "enterprise"] as const;
/** Subscription statuses as stored (spec part 1 section 3). */
export const SUBSCRIPTION_STATUSES = ["active", "inactive", "canceled", "past_due", "trialing"] as const;
/** Team member roles; moderator is the one the client offers beyond the database list (spec part 1 section 3). */
export const TEAM_ROLES = ["owner", "admin", "moderator", "member", "viewer"] as const;
/** One team member role. */
export type TeamRole = (typeof TEAM_ROLES)[number];
/** Participant roles in a session (spec part 1 section 3). */
export const PARTICIPANT_ROLES = ["creator", "moderator", "participant", "observer"] as const;
/** One participant role. */
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];
/** Statuses of an acceptance-criteria suggestion (spec part 1 section 3). */
export const SUGGESTION_STATUSES = ["pending", "approved", "rejected", "merged"] as const;
/** One suggestion status. */
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
/** Types of a team integration (spec part 1 section 3). */
export const INTEGRATION_TYPES = [
  "jira",
  "teams",
  "slack",
  "github",
  "gitlab",
  "azure_devops",
  "trello",
  "asana",
] as const;
/** Results of an integration's connection test (spec part 1 section 3). */
export const INTEGRATION_TEST_RESULTS = ["success", "failed", "timeout", "error"] as const;
/** Types of an AI insight (spec part 1 section 3). */
export const INSIGHT_TYPES = ["suggestion", "warning", "risk", "optimization", "info", "error"] as const;
/** Priorities of an AI insight (spec part 1 section 3). */
export const INSIGHT_PRIORITIES = ["critical", "high", "medium", "low", "info"] as const;
/** Categories of an AI insight (spec part 1 section 3). */
export const INSIGHT_CATEGORIES = [
  "technical",
  "estimation",
  "process",
  "edge_cases",
  "security",
  "performance",
  "collaboration",
] as const;
