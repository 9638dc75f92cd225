import { z } from "zod";
import { maxChars } from "./messages";
import { text } from "./text";

/*
 * The Jira integration's request bodies and answers (issue #12 section 4, "Contract"; spec part 2
 * sections 2, 4 and 7). The server validates with these schemas; the web app may too.
 */

/** The mask prefix of a saved API token in GET /api/integrations (`****` and its last 4 characters). */
export const MASKED_TOKEN_PREFIX = "****";

/** The connection form's fields: serverUrl, email, apiToken, and the optional story-points field id. */
export const jiraConfigSchema = z.object({
  serverUrl: text("Jira URL", { error: "Jira URL is required", max: 500 })
    .trim()
    .min(1, "Jira URL is required")
    .max(500, maxChars(500))
    .url("Jira URL must be a URL such as https://your-team.atlassian.net"),
  email: text("Email", { error: "Email is required", max: 255 })
    .trim()
    .min(1, "Email is required")
    .max(255, maxChars(255))
    .email("Invalid email address"),
  /**
   * The API token; empty or the masked value (`****abcd`) keeps the saved one. Required when
   * nothing is saved yet.
   */
  apiToken: text("API token", { max: 500 }).trim().max(500, maxChars(500)).optional().default(""),
  /** A Jira field id (`customfield_10016`) overriding the discovered story-points field; empty: discover. */
  storyPointsField: z
    .union([
      z
        .string()
        .trim()
        .regex(/^(customfield_\d{1,10})?$/, "Story points field must be a field id such as customfield_10016"),
      z.null(),
    ])
    .optional()
    .transform((v) => (v ? v : null)),
});
/** A validated connection form. */
export type JiraConfigInput = z.infer<typeof jiraConfigSchema>;

/** POST /api/teams/integration/test body: `{type: "jira", config}`. */
export const integrationTestSchema = z.object({
  type: z.literal("jira", { error: "Only the jira integration can be tested" }),
  config: jiraConfigSchema,
});

/** Answer of POST /api/teams/integration/test: `error` is null on success. */
export interface IntegrationTestResult {
  success: boolean;
  /** Why the test failed, in words for the user ("Jira server not found: check the URL"). */
  error: string | null;
  /** The system's own words behind `error` (`getaddrinfo ENOTFOUND ...`), when there are some (issue #22). */
  detail?: string;
}

/** Answer of POST /api/integrations/jira. */
export interface JiraSaveResult {
  message: string;
  /** Why the connection test after saving failed (the configuration is saved all the same). */
  testError?: string;
  /** The system's own words behind `testError`, when there are some (issue #22). */
  testErrorDetail?: string;
  /** True when the connection works but the account sees no Jira project to pick. */
  needsProjectKey?: boolean;
  error?: string;
}

/** The saved connection as GET /api/integrations answers it: the token masked to its last 4 characters. */
export interface JiraConfigView {
  serverUrl: string;
  email: string;
  /** `****` and the last 4 characters of the token, never the token. */
  apiToken: string;
  storyPointsField: string | null;
  lastTestAt: string | null;
  lastTestResult: "success" | "failed" | "timeout" | "error" | null;
  lastTestError: string | null;
}

/** Answer of GET /api/integrations: `jira` is null when nothing is saved. */
export interface IntegrationsView {
  jira: JiraConfigView | null;
}

/** POST /api/integrations/jira/create-ticket body. */
export const createTicketSchema = z.object({
  storyId: z.string().uuid("storyId must be a story id"),
  /** The issue's summary; empty: the story's title. */
  summary: text("Summary", { max: 255 }).trim().max(255, maxChars(255)).optional(),
  /** The issue's description (plain text; the story's acceptance criteria are added as a list); absent: the story's. */
  description: text("Description", { max: 30000 }).max(30000, maxChars(30000)).nullable().optional(),
  /** Points to write to the story-points field after creation; absent or null: none. */
  storyPoints: z.number().min(0).max(999).nullable().optional(),
});
/** A validated create-ticket request. */
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

/** One ticket made by create-ticket or create-tickets. */
export interface CreatedTicket {
  storyId: string;
  key: string;
}

/** Answer of POST /api/sessions/{id}/jira/create-tickets: partial success is a success. */
export interface CreateTicketsResult {
  created: CreatedTicket[];
  errors: { storyId: string; message: string }[];
}

/** POST /api/sessions/{id}/jira/search body: `jql` empty or absent uses the default query. */
export const jiraSearchSchema = z.object({
  jql: text("JQL", { max: 2000 }).trim().max(2000, maxChars(2000)).optional().default(""),
});

/** Answer of POST /api/sessions/{id}/jira/search. */
export interface JiraSearchResult {
  issues: { key: string; summary: string }[];
  total: number;
  /** The query that ran (the default one when none was sent). */
  jql: string;
}

/** POST /api/sessions/{id}/jira/import body: 1-50 issue keys such as `PW-12`. */
export const jiraImportSchema = z.object({
  keys: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Z][A-Z0-9_]*-\d+$/i, "Issue keys look like PW-12"),
      {
        error: "keys must be a list of issue keys",
      },
    )
    .min(1, "Choose at least one issue")
    .max(50, "At most 50 issues at a time"),
});
