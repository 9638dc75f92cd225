import { z } from "zod";
import { trackerAnswer } from "../trackers/trackerResponse";
import type { AdfNode } from "./adf";

/*
 * The answers of Jira Cloud's REST API v3 that the client reads (issue #23 section 6: every
 * answer from a tracker is checked with a schema; a mismatch is 502 JIRA_ERROR "Jira answered in
 * an unexpected shape (...)", never a 500). Only the fields we use are checked and kept; lists
 * are bounded well above what Jira sends for the page sizes we ask.
 */

/** Jira's ids are strings; some older answers give numbers. */
const jiraId = z.union([z.string().min(1).max(50), z.number().int()]).transform(String);

/**
 * An issue key as our stories store it (ticket_number is 50 characters; the same rule as core's
 * jiraImportSchema): `PW-12`.
 */
const issueKey = z
  .string()
  .max(50)
  .regex(/^[A-Z][A-Z0-9_]*-\d+$/i, "not an issue key");

/** An Atlassian Document Format node, as far as adfToText reads it (type, text, attrs, content). */
const adfNode: z.ZodType<AdfNode> = z.lazy(() =>
  z.object({
    type: z.string(),
    version: z.number().optional(),
    text: z.string().optional(),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(adfNode).optional(),
  }),
);

/** `GET /rest/api/3/myself`: the account of the e-mail and token (the connection test reads no field). */
export const accountAnswer = trackerAnswer(
  "account",
  z.object({ accountId: z.string().optional(), displayName: z.string().nullish() }),
);

/** One project of `GET /rest/api/3/project/search`. */
const project = z.object({ id: jiraId, key: z.string().min(1).max(50), name: z.string().max(500) });

/** A page of `GET /rest/api/3/project/search` (we ask 50 a page). */
export const projectPageAnswer = trackerAnswer(
  "project list",
  z.object({ values: z.array(project).max(1000), isLast: z.boolean().optional() }),
);

/** One entry of `GET /rest/api/3/field`. */
const field = z.object({ id: z.string().min(1).max(255), name: z.string(), custom: z.boolean().optional() });

/** `GET /rest/api/3/field`: system and custom fields (large sites have a few thousand). */
export const fieldListAnswer = trackerAnswer("field list", z.array(field).max(20_000));

/** `GET /rest/api/3/issue/createmeta/{projectIdOrKey}/issuetypes`: the types a project's create screen offers. */
export const issueTypesAnswer = trackerAnswer(
  "issue types",
  z.object({
    issueTypes: z
      .array(z.object({ id: jiraId, name: z.string().max(255), subtask: z.boolean().optional() }))
      .max(1000)
      .optional(),
  }),
);

/** `POST /rest/api/3/issue`: the created issue. */
export const createdIssueAnswer = trackerAnswer("created issue", z.object({ id: jiraId, key: issueKey }));

/** `PUT /rest/api/3/issue/{key}`: 204 without a body; a body, if any, is only bounded and parsed. */
export const editedIssueAnswer = trackerAnswer("edited issue", z.unknown());

/** One issue of a JQL search with the fields we ask for (summary, description). */
const issue = z.object({
  key: issueKey,
  fields: z
    .object({ summary: z.string().nullish(), description: adfNode.nullish() })
    .optional()
    .transform((fields) => fields ?? {}),
});

/** `POST /rest/api/3/search/jql` (we ask at most 100 issues). */
export const issueSearchAnswer = trackerAnswer("issue search", z.object({ issues: z.array(issue).max(1000) }));

/** `POST /rest/api/3/search/approximate-count`. */
export const issueCountAnswer = trackerAnswer("issue count", z.object({ count: z.number().int().nonnegative() }));

/** An issue of a search as the client answers it. */
export type JiraIssue = z.output<typeof issue>;
/** A project as our API answers it (spec part 2 section 3, "Jira projects"). */
export type JiraProject = z.output<typeof project>;
/** One entry of Jira's field list. */
export type JiraField = z.output<typeof field>;

/**
 * Jira's error body (`{errorMessages: [...], errors: {field: message}}`) as one line, or null
 * when the body is not one. At most 10 messages and 1,000 characters: the text is the server's.
 */
export function jiraErrorText(body: unknown): string | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const { errorMessages, errors } = body as { errorMessages?: unknown; errors?: unknown };
  const parts: string[] = [];
  if (Array.isArray(errorMessages)) {
    for (const message of errorMessages.slice(0, 10)) if (typeof message === "string") parts.push(message);
  }
  if (errors && typeof errors === "object" && !Array.isArray(errors)) {
    for (const field in errors) {
      if (parts.length >= 10) break;
      const message = (errors as Record<string, unknown>)[field];
      if (typeof message === "string") parts.push(`${field}: ${message}`);
    }
  }
  if (parts.length === 0) return null;
  const text = parts.join("; ");
  return text.length > 1000 ? `${text.slice(0, 999)}…` : text;
}
