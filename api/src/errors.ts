import type { ErrorBody, ErrorCode } from "@pointwise/core/errors";
import { isDatabaseUnavailable } from "./db/databaseErrors";

/**
 * An error with an HTTP status and a stable code; the error handler turns it into the JSON
 * error body (DESIGN.md "Contracts"). Raise it through the named factories below.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra body fields: `errors`, plan fields, or a route's own (the import's row errors). */
    readonly extra: Omit<ErrorBody, "code" | "message" | "errors"> & { errors?: unknown; [key: string]: unknown } = {},
  ) {
    super(message);
  }

  /** The JSON body sent to the client. */
  toBody(): ErrorBody & Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.extra } as ErrorBody & Record<string, unknown>;
  }
}

/** 401: no valid sign-in (spec part 1 section 8: "Please log in to continue."). */
export const unauthorized = (message = "Please log in to continue."): AppError =>
  new AppError(401, "UNAUTHORIZED", message);
/** 401: wrong e-mail or password; the same words for both, so accounts cannot be probed. */
export const invalidCredentials = (): AppError => new AppError(401, "INVALID_CREDENTIALS", "Invalid email or password");
/** 403: signed in but not allowed (spec part 1 section 8). */
export const permissionDenied = (message = "You do not have permission to perform this action."): AppError =>
  new AppError(403, "PERMISSION_DENIED", message);
/** 403: the session already holds maxParticipants participants (spec part 2 section 2). */
export const sessionFull = (): AppError => new AppError(403, "PERMISSION_DENIED", "This session is full");
/** 403: not a member of the team (spec part 1 section 8). */
export const teamAccessDenied = (): AppError =>
  new AppError(403, "TEAM_ACCESS_DENIED", "You don't have permission to access this team.");
/** 404 with the spec's NOT_FOUND code. */
export const notFound = (message = "Not found"): AppError => new AppError(404, "NOT_FOUND", message);
/** 404: no user with that id or e-mail (spec part 1 section 8). */
export const userNotFound = (message = "User account not found. Please contact support."): AppError =>
  new AppError(404, "USER_NOT_FOUND", message);
/** 400 with field messages (VALIDATION_ERROR); `message` joins them as 'field: messages'. */
export const validationError = (errors: Record<string, string[]>, message?: string): AppError =>
  new AppError(
    400,
    "VALIDATION_ERROR",
    message ??
      Object.entries(errors)
        .map(([field, list]) => `${field}: ${list.join(", ")}`)
        .join(". "),
    { errors },
  );
/**
 * 400 VALIDATION_ERROR: adding `adding` stories would take the session beyond `limit`
 * (MAX_STORIES_PER_SESSION, issue #23 section 2); nothing was added. The body names the limit
 * (`limit`) and the session's count (`storyCount`).
 */
export const storyLimitReached = (limit: number, storyCount: number, adding: number): AppError => {
  const count = (n: number) => n.toLocaleString("en-US");
  const message =
    adding === 1
      ? `A session holds at most ${count(limit)} stories, and this one has ${count(storyCount)}`
      : `A session holds at most ${count(limit)} stories: it has ${count(storyCount)}, and ${count(adding)} more would make ${count(storyCount + adding)}`;
  return new AppError(400, "VALIDATION_ERROR", message, { limit, storyCount, errors: { stories: [message] } });
};
/** 409: the story's votes are revealed or the story is closed. */
export const votingClosed = (message = "Voting is closed for this story"): AppError =>
  new AppError(409, "VOTING_CLOSED", message);
/**
 * 409: a vote on a story that is not the group's active story (DESIGN.md "Contracts"; issue #8
 * section 3: votes count only on the active story).
 */
export const storyNotActive = (message = "Votes count only on the active story. Sync to vote."): AppError =>
  new AppError(409, "STORY_NOT_ACTIVE", message);
/**
 * 403: the leader removed the caller from this session (issue #8 section 1): every REST call and
 * WebSocket join of that session is refused with it, and a removed user cannot rejoin.
 */
export const participantRemoved = (): AppError =>
  new AppError(403, "PARTICIPANT_REMOVED", "You were removed from this session");
/** 409: the session's creator or leader cannot be removed from it (issue #8 section 1). */
export const cannotRemoveLeader = (): AppError =>
  new AppError(409, "CANNOT_REMOVE_LEADER", "The session leader cannot be removed from the session");
/** 409: the e-mail already has an account. */
export const emailInUse = (): AppError =>
  new AppError(409, "EMAIL_IN_USE", "An account with this email already exists");
/** 409: the creator already has a team with that name (unique per creator, spec part 1 section 3). */
export const duplicateTeam = (): AppError =>
  new AppError(409, "DUPLICATE_TEAM", "You already have a team with this name");
/** 409: the invited address already belongs to a member of the team (issue #11 section 1). */
export const alreadyTeamMember = (): AppError =>
  new AppError(409, "ALREADY_TEAM_MEMBER", "This person is already a member of the team");
/** 403: the session is locked (free-plan limit after a downgrade; DESIGN.md "Decisions"). */
export const sessionLocked = (): AppError =>
  new AppError(403, "SESSION_LOCKED", "This session is locked. Upgrade your plan or delete sessions to continue.");
/** 403: the free plan's session limit (spec part 1 sections 6 and 9). */
export const subscriptionLimitReached = (currentPlan: string, limit: number, currentSessions: number): AppError =>
  new AppError(
    403,
    "SUBSCRIPTION_LIMIT_REACHED",
    `You've used ${currentSessions} out of your ${limit} allowed sessions. Upgrade your plan or delete sessions to continue.`,
    { currentPlan, limit, currentSessions },
  );
/**
 * 403: a feature above the plan that counts (DESIGN.md "Contracts"; AI insights need basic or
 * pro, spec part 2 section 6). The body carries `requiredPlan` and `currentPlan`.
 */
export const planUpgradeRequired = (requiredPlan: string, currentPlan: string): AppError =>
  new AppError(
    403,
    "PLAN_UPGRADE_REQUIRED",
    `This feature needs the ${requiredPlan} plan or higher. Upgrade your plan to use it.`,
    { requiredPlan, currentPlan },
  );
/**
 * 403: the paid plan's payment failed (status past_due) and the action needs the paid plan
 * (spec part 1 section 8: the client goes to /settings/billing).
 */
export const subscriptionInactive = (): AppError =>
  new AppError(403, "SUBSCRIPTION_INACTIVE", "Your subscription is not active. Please update your payment method.");
/** 403: missing or wrong CSRF token (spec part 1 section 7). */
export const csrfFailed = (): AppError => new AppError(403, "CSRF_VALIDATION_FAILED", "Invalid or missing CSRF token");
/**
 * 429: too many attempts (login and register limits). `retryAfterSeconds`, when known, is
 * also sent as the Retry-After header by the error handler.
 */
export const rateLimited = (retryAfterSeconds?: number): AppError =>
  new AppError(
    429,
    "RATE_LIMITED",
    "Too many attempts. Please try again later.",
    retryAfterSeconds === undefined ? {} : { retryAfterSeconds },
  );
/**
 * 429: an address has as many connections (or, through a trusted proxy, requests in progress)
 * as HTTP_MAX_CONNECTIONS_PER_IP allows (issue #23 section 5); retry once one of them ends.
 */
export const tooManyConnections = (): AppError =>
  new AppError(429, "RATE_LIMITED", "Too many connections from this address. Please try again shortly.", {
    retryAfterSeconds: 1,
  });
/**
 * 502: PointBot's model failed (issue #9 section 1): an upstream error, a timeout, or an answer
 * that is malformed or breaks the schema. Nothing is stored; the tab shows the spec's error
 * toast ("Failed to generate technical analysis. Please try again.").
 */
export const aiUnavailable = (
  message = "PointBot is unavailable right now: the AI service did not give a usable answer. Please try again.",
): AppError => new AppError(502, "AI_UNAVAILABLE", message);
/** Seconds a client should wait before retrying while the database is unreachable (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;
/**
 * 503: the database is unreachable (DESIGN.md "Contracts", issue #6 part 3): an outage, a
 * failover or a restart. The error handler adds `Retry-After: RETRY_AFTER_SECONDS`.
 */
export const serviceUnavailable = (
  message = "The service is briefly unavailable. Please try again in a few seconds.",
): AppError => new AppError(503, "SERVICE_UNAVAILABLE", message);

/**
 * 503: Stripe could not be reached or failed (issue #11 section 3); nothing was changed here.
 * Stripe retries a webhook that gets it; the tab shows its failure toast.
 */
export const billingUnavailable = (): AppError =>
  new AppError(503, "SERVICE_UNAVAILABLE", "Billing is unavailable right now. Please try again in a few seconds.");

/**
 * The AppError a thrown value stands for: itself when it is one, 503 SERVICE_UNAVAILABLE when it
 * says the database is unreachable (db/databaseErrors), otherwise null (a bug: the caller answers
 * 500 INTERNAL_ERROR and logs it). One mapping for REST and WebSocket.
 */
export function knownError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  return isDatabaseUnavailable(err) ? serviceUnavailable() : null;
}
/**
 * 403: PointBot's history suggestion is hidden from voters until the story's votes are revealed
 * (issue #9 section 3, anchoring); the leader may peek at any time.
 */
export const suggestionHidden = (): AppError =>
  new AppError(403, "SUGGESTION_HIDDEN", "PointBot's suggestion is shown after the votes are revealed");

/** 400: the password reset link is unknown, already used or expired (issue #13 section 3). */
export const invalidResetToken = (): AppError =>
  new AppError(400, "INVALID_TOKEN", "This password reset link is invalid or has expired. Please request a new one.");
