/**
 * Error codes and the JSON error body every failed call returns.
 * Source: spec part 1 section 8 (error catalogue) and DESIGN.md "Contracts".
 */
export const ERROR_CODES = [
  "UNAUTHORIZED",
  "INVALID_CREDENTIALS",
  "USER_NOT_FOUND",
  "EMAIL_IN_USE",
  "LAST_SIGN_IN_METHOD",
  "TEAM_ACCESS_DENIED",
  "PERMISSION_DENIED",
  "SUBSCRIPTION_LIMIT_REACHED",
  "PLAN_UPGRADE_REQUIRED",
  "SUBSCRIPTION_INACTIVE",
  "SESSION_LOCKED",
  "VALIDATION_ERROR",
  "VOTING_CLOSED",
  "STORY_NOT_ACTIVE",
  "PARTICIPANT_REMOVED",
  "CANNOT_REMOVE_LEADER",
  "DUPLICATE_SESSION",
  "DUPLICATE_TEAM",
  "ALREADY_TEAM_MEMBER",
  "CSRF_VALIDATION_FAILED",
  "NOT_FOUND",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
  "AI_UNAVAILABLE",
  "SUGGESTION_HIDDEN",
  /** A password reset link that is unknown, used or expired (issue #13 section 3). */
  "INVALID_TOKEN",
  "JIRA_NOT_CONFIGURED",
  "JIRA_PROJECT_REQUIRED",
  "JIRA_ERROR",
] as const;

/** One of the stable error codes a client may branch on. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The JSON body of every non-2xx response: `code` is stable, `message` is for people,
 * `errors` maps a field name to its messages (VALIDATION_ERROR only), and the plan
 * fields travel with SUBSCRIPTION_LIMIT_REACHED (spec part 1 section 3, "Error object").
 */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string[]>;
  currentPlan?: string;
  limit?: number;
  currentSessions?: number;
  /** PLAN_UPGRADE_REQUIRED: the lowest plan with the feature (DESIGN.md "Contracts"). */
  requiredPlan?: string;
}
