import { type JiraConfigInput, type JiraConfigView, MASKED_TOKEN_PREFIX } from "@pointwise/core/jiraSchemas";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { userIntegrations } from "../../db/schema";
import { AppError, validationError } from "../../errors";
import { open, seal, secretKeysOf } from "../secretBox";
import { RateLimitBudget } from "../trackers/trackerRateLimit";
import { jira, pickStoryPointsField } from "./jiraClient";
import { checkServerUrl, JiraError, type JiraTarget } from "./jiraHttp";

/** A row of `user_integrations`. */
export type IntegrationRow = typeof userIntegrations.$inferSelect;

/** A user's saved Jira connection, decrypted, ready to call with. */
export interface JiraConnection {
  row: IntegrationRow;
  target: JiraTarget;
}

/**
 * A call target for these credentials under the process's address rules, with a fresh
 * rate-limit budget (TRACKER_RATE_LIMIT_MAX_WAIT_MS): make one per request of ours.
 */
export function targetOf(ctx: AppContext, creds: { serverUrl: string; email: string; apiToken: string }): JiraTarget {
  return {
    ...creds,
    production: ctx.config.nodeEnv === "production",
    allowPrivateHosts: ctx.config.integrations.allowPrivateHosts,
    rateLimit: new RateLimitBudget(ctx.config.integrations.rateLimitMaxWaitMs, ctx.trackerClock),
  };
}

/** 409 JIRA_NOT_CONFIGURED: the caller has no saved Jira connection (Automations). */
export const jiraNotConfigured = (): AppError =>
  new AppError(
    409,
    "JIRA_NOT_CONFIGURED",
    "Failed to Create Tickets: please check your Jira integration configuration in Automations.",
  );
/** 400 JIRA_PROJECT_REQUIRED: the session has no Jira project (spec part 2 section 8). */
export const jiraProjectRequired = (): AppError =>
  new AppError(400, "JIRA_PROJECT_REQUIRED", "Please select a Jira project first");
/**
 * 502 JIRA_ERROR: Jira failed or refused; the message is Jira's (or the network's) reason, and
 * `detail` the system's own words when there are some (issue #22). Jira still rate limiting once
 * the request's waits are spent is 503 SERVICE_UNAVAILABLE with Retry-After (issue #23 section 6).
 */
export const jiraFailed = (error: JiraError): AppError => {
  if (error.kind === "rateLimited") {
    return new AppError(503, "SERVICE_UNAVAILABLE", error.message, { retryAfterSeconds: error.retryAfterSeconds ?? 1 });
  }
  return new AppError(502, "JIRA_ERROR", error.message, error.detail ? { detail: error.detail } : {});
};

/**
 * The serverUrl rule as a 400 VALIDATION_ERROR on `serverUrl` (issue #12 section 1: https, or
 * http to loopback outside production).
 */
export function normalizedServerUrl(ctx: AppContext, serverUrl: string): string {
  try {
    return checkServerUrl(serverUrl, ctx.config.nodeEnv === "production");
  } catch (error) {
    if (error instanceof JiraError) throw validationError({ serverUrl: [error.message] });
    throw error;
  }
}

/** The saved Jira row of a user, or null. */
export async function loadJiraRow(ctx: AppContext, userId: string): Promise<IntegrationRow | null> {
  const [row] = await ctx.db
    .select()
    .from(userIntegrations)
    .where(and(eq(userIntegrations.userId, userId), eq(userIntegrations.type, "jira")));
  return row ?? null;
}

/**
 * A user's saved connection with its token decrypted, or null when none is saved.
 * @throws 409 JIRA_NOT_CONFIGURED when the token no longer opens (its key was dropped from the configuration).
 */
export async function loadJiraConnection(ctx: AppContext, userId: string): Promise<JiraConnection | null> {
  const row = await loadJiraRow(ctx, userId);
  if (!row) return null;
  let apiToken: string;
  try {
    apiToken = open(row.tokenCiphertext, secretKeysOf(ctx));
  } catch {
    throw new AppError(
      409,
      "JIRA_NOT_CONFIGURED",
      "The saved Jira API token can no longer be read; enter it again in Automations.",
    );
  }
  return { row, target: targetOf(ctx, { serverUrl: row.serverUrl, email: row.email, apiToken }) };
}

/** True when a form's token means "keep the saved one": empty or the masked value. */
const keepsSavedToken = (token: string) => token === "" || token.startsWith(MASKED_TOKEN_PREFIX);

/**
 * The credentials of a form, the saved token filling in an empty or masked `apiToken`.
 * @throws 400 VALIDATION_ERROR when no token is given and none is saved, or serverUrl breaks the rule.
 */
export async function formCredentials(
  ctx: AppContext,
  userId: string,
  input: JiraConfigInput,
): Promise<{ serverUrl: string; email: string; apiToken: string }> {
  const serverUrl = normalizedServerUrl(ctx, input.serverUrl);
  let apiToken = input.apiToken;
  if (keepsSavedToken(apiToken)) {
    const saved = await loadJiraConnection(ctx, userId);
    if (!saved) throw validationError({ apiToken: ["API token is required"] });
    apiToken = saved.target.apiToken;
  }
  return { serverUrl, email: input.email, apiToken };
}

/** The outcome of a connection test, stored on the row as lastTestResult (and `error` as lastTestError). */
export interface ConnectionTest {
  result: "success" | "failed" | "timeout" | "error";
  /** Why it failed, in words for the user ("Jira server not found: check the URL"). */
  error: string | null;
  /** The system's own words behind `error` (`getaddrinfo ENOTFOUND ...`), when there are some; not stored. */
  detail?: string;
}

/** Calls Jira's "myself" with these credentials (issue #12 section 1). Never throws. */
export async function testConnection(target: JiraTarget): Promise<ConnectionTest> {
  try {
    await jira.myself(target);
    return { result: "success", error: null };
  } catch (error) {
    if (error instanceof JiraError) {
      return {
        result: error.kind === "timeout" ? "timeout" : "failed",
        error: error.message,
        ...(error.detail ? { detail: error.detail } : {}),
      };
    }
    return { result: "error", error: "Failed to test Jira connection." };
  }
}

/**
 * Saves (inserts or replaces) a user's connection: the token sealed under INTEGRATIONS_KEY, the
 * last 4 characters kept for the mask; the discovered points field is forgotten when serverUrl
 * changes. `test` is stored as the last test.
 */
export async function saveJiraConnection(
  ctx: AppContext,
  userId: string,
  creds: { serverUrl: string; email: string; apiToken: string },
  storyPointsField: string | null,
  test: ConnectionTest,
): Promise<void> {
  const existing = await loadJiraRow(ctx, userId);
  const now = new Date();
  const values = {
    serverUrl: creds.serverUrl,
    email: creds.email,
    tokenCiphertext: seal(creds.apiToken, secretKeysOf(ctx)),
    tokenLast4: creds.apiToken.slice(-4),
    storyPointsField,
    lastTestAt: now,
    lastTestResult: test.result,
    lastTestError: test.error,
    updatedAt: now,
    ...(existing && existing.serverUrl !== creds.serverUrl ? { pointsField: null, pointsFieldSite: null } : {}),
  };
  await ctx.db
    .insert(userIntegrations)
    .values({ userId, type: "jira", ...values })
    .onConflictDoUpdate({ target: [userIntegrations.userId, userIntegrations.type], set: values });
}

/** The saved connection as GET /api/integrations shows it: the token masked to its last 4 characters. */
export function presentJiraConfig(row: IntegrationRow): JiraConfigView {
  return {
    serverUrl: row.serverUrl,
    email: row.email,
    apiToken: `${MASKED_TOKEN_PREFIX}${row.tokenLast4}`,
    storyPointsField: row.storyPointsField,
    lastTestAt: row.lastTestAt?.toISOString() ?? null,
    lastTestResult: row.lastTestResult,
    lastTestError: row.lastTestError,
  };
}

/**
 * The story-points field id of a connection: the form's override, else the field discovered
 * for this site (once per site: kept on the row with the serverUrl it was found on).
 * @throws JiraError when the field list cannot be read or has no story-points field.
 */
export async function storyPointsFieldOf(ctx: AppContext, connection: JiraConnection): Promise<string> {
  const { row } = connection;
  if (row.storyPointsField) return row.storyPointsField;
  if (row.pointsField && row.pointsFieldSite === row.serverUrl) return row.pointsField;
  const field = pickStoryPointsField(await jira.fields(connection.target));
  await ctx.db
    .update(userIntegrations)
    .set({ pointsField: field, pointsFieldSite: row.serverUrl })
    .where(eq(userIntegrations.id, row.id));
  row.pointsField = field;
  row.pointsFieldSite = row.serverUrl;
  return field;
}
