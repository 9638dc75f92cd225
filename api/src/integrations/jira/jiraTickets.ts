import type {
  CreatedTicket,
  CreateTicketInput,
  CreateTicketsResult,
  JiraSearchResult,
} from "@pointwise/core/jiraSchemas";
import type { StoryView } from "@pointwise/core/presented";
import { IMPORT_PUSH_STORIES } from "@pointwise/core/realtime";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { shortenDescription } from "../../commands/backlogParser";
import { appendStories } from "../../commands/storyAppender";
import type { AppContext } from "../../context";
import { stories } from "../../db/schema";
import { notFound, validationError } from "../../errors";
import type { SessionAccess } from "../../policies/sessionPolicy";
import { presentStory, type StoryRow } from "../../presenters/storyPresenter";
import { publishActiveStory } from "../../realtime/activeStoryChanged";
import { publishStoryChange } from "../../realtime/storyPushes";
import { adfToText, storyToAdf } from "./adf";
import { jira } from "./jiraClient";
import {
  type JiraConnection,
  jiraFailed,
  jiraNotConfigured,
  jiraProjectRequired,
  loadJiraConnection,
  storyPointsFieldOf,
} from "./jiraConnections";
import { JiraError } from "./jiraHttp";

/** The caller's connection. @throws 409 JIRA_NOT_CONFIGURED when none is saved. */
export async function requireJiraConnection(ctx: AppContext, userId: string): Promise<JiraConnection> {
  const connection = await loadJiraConnection(ctx, userId);
  if (!connection) throw jiraNotConfigured();
  return connection;
}

/** Runs a Jira call, turning its failure into 502 JIRA_ERROR (Jira's reason as the message). */
async function viaJira<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof JiraError) throw jiraFailed(error);
    throw error;
  }
}

/** The issue type to create in a project: Story, else Task (issue #12 section 2), else the first offered. */
async function issueTypeFor(connection: JiraConnection, projectKey: string): Promise<{ id: string }> {
  const types = await jira.issueTypes(connection.target, projectKey);
  const pick =
    types.find((t) => t.name.toLowerCase() === "story") ??
    types.find((t) => t.name.toLowerCase() === "task") ??
    types[0];
  if (!pick) throw new JiraError("api", `Project ${projectKey} offers no issue type to create`);
  return { id: pick.id };
}

/** Sets a story's ticket number and pushes `story_updated`; answers the presented story. */
async function storeTicket(ctx: AppContext, story: StoryRow, key: string): Promise<StoryView> {
  const [updated] = await ctx.db
    .update(stories)
    .set({ ticketNumber: key, updatedAt: new Date() })
    .where(eq(stories.id, story.id))
    .returning();
  const view = presentStory(updated ?? { ...story, ticketNumber: key });
  await publishStoryChange(ctx, { type: "story_updated", sessionId: story.sessionId, story: view });
  return view;
}

/** Creates the issue of one story; the summary and description default to the story's. */
async function createIssueFor(
  connection: JiraConnection,
  projectKey: string,
  issueType: { id: string },
  story: StoryRow,
  overrides: { summary?: string | undefined; description?: string | null | undefined } = {},
): Promise<string> {
  const summary = overrides.summary?.trim() || story.title;
  const description = overrides.description !== undefined ? overrides.description : story.description;
  const created = await jira.createIssue(connection.target, {
    project: { key: projectKey },
    issuetype: issueType,
    summary: summary.slice(0, 255),
    description: storyToAdf(description, story.acceptanceCriteria),
  });
  return created.key;
}

/**
 * POST /api/integrations/jira/create-ticket: one issue for one story in the session's project,
 * stored as the story's ticketNumber (pushed as `story_updated`); `storyPoints`, when given,
 * are written to the issue's story-points field in the background like a completed story's.
 * @throws 404 story, 400 JIRA_PROJECT_REQUIRED, 409 JIRA_NOT_CONFIGURED, 502 JIRA_ERROR.
 */
export async function createTicket(
  ctx: AppContext,
  access: SessionAccess,
  connection: JiraConnection,
  input: CreateTicketInput,
): Promise<CreatedTicket & { story: StoryView }> {
  const [story] = await ctx.db.select().from(stories).where(eq(stories.id, input.storyId));
  if (!story || story.sessionId !== access.session.id) throw notFound("Story not found");
  const projectKey = access.session.jiraProjectKey;
  if (!projectKey) throw jiraProjectRequired();
  const key = await viaJira(async () =>
    createIssueFor(connection, projectKey, await issueTypeFor(connection, projectKey), story, {
      summary: input.summary,
      description: input.description,
    }),
  );
  const view = await storeTicket(ctx, story, key);
  if (input.storyPoints !== undefined && input.storyPoints !== null) {
    startWriteBack(ctx, story.id, connection, input.storyPoints);
  }
  return { storyId: story.id, key, story: view };
}

/**
 * POST /api/sessions/{id}/jira/create-tickets: an issue for every story with a title and no
 * ticket, in position order; each failure is listed and the others go on (issue #12 section 2),
 * except that once Jira rate limits beyond the request's waits the rest are listed unsent.
 * @throws 400 JIRA_PROJECT_REQUIRED; 502 JIRA_ERROR only when the project's issue types cannot be read.
 */
export async function createTickets(
  ctx: AppContext,
  access: SessionAccess,
  connection: JiraConnection,
): Promise<CreateTicketsResult> {
  const projectKey = access.session.jiraProjectKey;
  if (!projectKey) throw jiraProjectRequired();
  const pending = (
    await ctx.db
      .select()
      .from(stories)
      .where(and(eq(stories.sessionId, access.session.id), isNull(stories.ticketNumber)))
      .orderBy(stories.position, stories.createdAt)
  ).filter((s) => s.title.trim() !== "");
  const result: CreateTicketsResult = { created: [], errors: [] };
  if (pending.length === 0) return result;
  const issueType = await viaJira(() => issueTypeFor(connection, projectKey));
  let rateLimited: JiraError | null = null;
  for (const story of pending) {
    // Once Jira limits us beyond the request's waits, the rest are not sent (issue #23 section 6).
    if (rateLimited) {
      result.errors.push({ storyId: story.id, message: rateLimited.message });
      continue;
    }
    try {
      const key = await createIssueFor(connection, projectKey, issueType, story);
      await storeTicket(ctx, story, key);
      result.created.push({ storyId: story.id, key });
    } catch (error) {
      if (!(error instanceof JiraError)) throw error;
      if (error.kind === "rateLimited") rateLimited = error;
      result.errors.push({ storyId: story.id, message: error.message });
    }
  }
  return result;
}

/** Quotes a JQL value ("PW" -> "\"PW\""). */
const jqlString = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;

/**
 * The default import query (issue #12 section 3): the project's open stories without story
 * points, by rank. The points field is named by `cf[N]` when it is a custom field id.
 */
export function defaultImportJql(projectKey: string, pointsField: string): string {
  const cf = /^customfield_(\d+)$/.exec(pointsField);
  const field = cf ? `cf[${cf[1]}]` : jqlString(pointsField);
  return `project = ${jqlString(projectKey)} AND issuetype = Story AND statusCategory != Done AND ${field} is EMPTY ORDER BY Rank ASC`;
}

/**
 * POST /api/sessions/{id}/jira/search: up to 50 matching issues `{key, summary}` and the total.
 * An empty `jql` runs {@link defaultImportJql} on the session's project.
 * @throws 400 JIRA_PROJECT_REQUIRED (no jql, no project); 502 JIRA_ERROR (a bad query: Jira's message).
 */
export async function searchIssues(
  ctx: AppContext,
  access: SessionAccess,
  connection: JiraConnection,
  jql: string,
): Promise<JiraSearchResult> {
  return viaJira(async () => {
    let query = jql;
    if (query === "") {
      if (!access.session.jiraProjectKey) throw jiraProjectRequired();
      query = defaultImportJql(access.session.jiraProjectKey, await storyPointsFieldOf(ctx, connection));
    }
    const found = await jira.search(connection.target, query, ["summary"], 50);
    return {
      // Jira's summaries are at most 255 characters; a longer one is cut, not passed on.
      issues: found.issues.map((i) => ({ key: i.key, summary: (i.fields.summary ?? "").slice(0, 255) })),
      total: found.total,
      jql: query,
    };
  });
}

/**
 * POST /api/sessions/{id}/jira/import: adds the chosen issues as stories (title from the
 * summary, description from the ADF description as text, ticketNumber the key), skipping keys
 * the session already has; pushed as `stories_imported` like a CSV import. Descriptions longer
 * than a story's 5,000 characters are shortened, as in a CSV import.
 * @throws 502 JIRA_ERROR when Jira cannot be searched.
 * @throws 400 VALIDATION_ERROR when the session would hold more than MAX_STORIES_PER_SESSION stories
 */
export async function importIssues(
  ctx: AppContext,
  access: SessionAccess,
  connection: JiraConnection,
  keys: string[],
): Promise<{ imported: number; stories: StoryView[] }> {
  const wanted = [...new Set(keys.map((k) => k.toUpperCase()))];
  const have = new Set(
    (
      await ctx.db
        .select({ key: stories.ticketNumber })
        .from(stories)
        .where(and(eq(stories.sessionId, access.session.id), inArray(stories.ticketNumber, wanted)))
    ).map((r) => r.key),
  );
  const fresh = wanted.filter((k) => !have.has(k));
  if (fresh.length === 0) return { imported: 0, stories: [] };
  const found = await viaJira(() =>
    jira.search(connection.target, `key in (${fresh.join(", ")})`, ["summary", "description"], fresh.length),
  );
  const byKey = new Map(found.issues.map((i) => [i.key.toUpperCase(), i]));
  const missing = fresh.filter((k) => !byKey.has(k));
  if (missing.length > 0) throw validationError({ keys: [`Not found in Jira: ${missing.join(", ")}`] });
  const list = fresh.map((k) => {
    const issue = byKey.get(k);
    const title =
      String(issue?.fields.summary ?? k)
        .trim()
        .slice(0, 200) || k;
    const description = shortenDescription(adfToText(issue?.fields.description));
    return { title, description: description === "" ? null : description, acceptanceCriteria: [], ticketNumber: k };
  });
  // At most 50 keys (core jiraImportSchema): every new story is in the appended head.
  const { ids, head, activated } = await ctx.db.transaction((tx) =>
    appendStories(tx, access, list, ctx.config.maxStoriesPerSession),
  );
  const views = head.map(presentStory);
  await publishStoryChange(ctx, {
    type: "stories_imported",
    sessionId: access.session.id,
    stories: views.slice(0, IMPORT_PUSH_STORIES),
    count: ids.length,
  });
  if (activated) await publishActiveStory(ctx, access.session.id, activated);
  return { imported: ids.length, stories: views };
}

/** Write-backs under way, per process context, so tests and shutdown can wait for them. */
const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();

/** Resolves when every write-back started so far has finished (tests; no timing involved). */
export async function settleJiraWriteBacks(ctx: AppContext): Promise<void> {
  const set = inFlight.get(ctx);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}

/** Records a write-back state on the story and pushes `story_updated`. */
async function setSync(ctx: AppContext, storyId: string, status: "ok" | "failed" | "pending", error: string | null) {
  const [row] = await ctx.db
    .update(stories)
    .set({ jiraSyncStatus: status, jiraSyncError: error, jiraSyncAt: new Date() })
    .where(eq(stories.id, storyId))
    .returning();
  if (!row) return null;
  const view = presentStory(row);
  await ctx.hub.publish(row.sessionId, { type: "story_updated", sessionId: row.sessionId, story: view });
  return view;
}

/**
 * Writes `points` to the story's issue (issue #12 section 3): pending, then ok or failed with
 * the reason, each pushed as `story_updated`. Never throws (a failure is recorded on the story).
 * Answers the story as presented after the attempt.
 */
export async function writeBackPoints(
  ctx: AppContext,
  storyId: string,
  connection: JiraConnection,
  points: number,
): Promise<StoryView | null> {
  const [story] = await ctx.db.select().from(stories).where(eq(stories.id, storyId));
  if (!story?.ticketNumber) return null;
  await setSync(ctx, storyId, "pending", null);
  try {
    const field = await storyPointsFieldOf(ctx, connection);
    await jira.editIssue(connection.target, story.ticketNumber, { [field]: points });
    return await setSync(ctx, storyId, "ok", null);
  } catch (error) {
    const message = error instanceof JiraError ? error.message : "Unexpected error";
    return await setSync(ctx, storyId, "failed", message.slice(0, 1000));
  }
}

/** Starts {@link writeBackPoints} without waiting (after the round's commit; never blocks it). */
export function startWriteBack(ctx: AppContext, storyId: string, connection: JiraConnection, points: number): void {
  let set = inFlight.get(ctx);
  if (!set) {
    set = new Set();
    inFlight.set(ctx, set);
  }
  const running = writeBackPoints(ctx, storyId, connection, points).then(
    () => undefined,
    () => undefined,
  );
  set.add(running);
  void running.finally(() => set.delete(running));
}

/**
 * After a story is completed (commands/storyUpdater): when it has a ticket and final points,
 * write them back with the connection of `userId`, else of the session's creator, if that
 * user is on a plan with Jira. Errors never reach the round.
 */
export function writeBackAfterCompletion(
  ctx: AppContext,
  story: StoryView,
  userIds: (string | null | undefined)[],
  planAllowsJira: (userId: string) => Promise<boolean>,
): void {
  if (!story.ticketNumber || story.finalPoints === null) return;
  const points = story.finalPoints;
  const run = async () => {
    for (const userId of userIds) {
      if (!userId || !(await planAllowsJira(userId))) continue;
      const connection = await loadJiraConnection(ctx, userId).catch(() => null);
      if (!connection) continue;
      startWriteBack(ctx, story.id, connection, points);
      return;
    }
  };
  let set = inFlight.get(ctx);
  if (!set) {
    set = new Set();
    inFlight.set(ctx, set);
  }
  const running = run().catch(() => undefined);
  set.add(running);
  void running.finally(() => set.delete(running));
}
