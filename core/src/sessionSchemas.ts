import { z } from "zod";
import { ESTIMATION_SCALES, hasOneDecimal } from "./decks";
import { maxChars, minChars } from "./messages";
import { pageLimitSchema, pageOffsetSchema } from "./paging";
import { text } from "./text";
import { CHOOSABLE_ROLES } from "./voters";

/** "" and the UI's sentinel values ('no-team', 'no-jira') mean absent (spec part 1 section 5). */
const optionalId = (sentinel: string, field: string, max?: number) =>
  text(field, { max })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === "" || v === sentinel ? null : v));

const description = text("Description", { max: 1000 })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim()))
  .pipe(z.union([z.string().max(1000, maxChars(1000)), z.null(), z.undefined()]));

const maxParticipants = z.coerce
  .number({ error: "Max participants must be a number" })
  .int("Max participants must be a whole number")
  .min(2, "Must have at least 2 participants")
  .max(100, "Maximum 100 participants allowed");

const customDeck = z
  .array(z.number().min(0).max(999).refine(hasOneDecimal, "Custom deck values have at most one decimal place"), {
    error: "Custom deck must be a list of numbers 0-999",
  })
  .min(2, "A custom deck needs at least 2 cards")
  .max(20, "A custom deck has at most 20 cards");

const jiraProjectKey = optionalId("no-jira", "Jira project key", 50).pipe(
  z.union([z.string().max(50, maxChars(50)), z.null(), z.undefined()]),
);

/** POST /api/sessions body (spec part 1 section 5, "Session create"). */
export const createSessionSchema = z.object({
  title: text("Title", { error: "Title is required", max: 200 }).trim().min(1, minChars(1)).max(200, maxChars(200)),
  description,
  teamId: optionalId("no-team", "Team").pipe(z.union([z.uuid("Invalid team"), z.null(), z.undefined()])),
  jiraProjectKey,
  estimationScale: z.enum(ESTIMATION_SCALES).default("fibonacci"),
  customDeck: customDeck.optional(),
  maxParticipants: maxParticipants.default(50),
  /** Reveal automatically when everyone has voted (issue #8 section 2); off by default. */
  autoReveal: z.boolean({ error: "Auto-reveal must be true or false" }).default(false),
  invitedMembers: z.array(z.uuid()).max(100).optional(),
});
/** A validated session creation. */
export type CreateSessionInput = z.infer<typeof createSessionSchema>;

/** PATCH /api/sessions/{id} body: the create fields, all optional (spec part 1 section 5). */
export const updateSessionSchema = z.object({
  title: text("Title", { max: 200 }).trim().min(1, minChars(1)).max(200, maxChars(200)).optional(),
  description,
  teamId: optionalId("no-team", "Team").pipe(z.union([z.uuid("Invalid team"), z.null(), z.undefined()])),
  jiraProjectKey,
  estimationScale: z.enum(ESTIMATION_SCALES).optional(),
  customDeck: customDeck.optional(),
  maxParticipants: maxParticipants.optional(),
  /** Reveal automatically when everyone has voted (issue #8 section 2). */
  autoReveal: z.boolean({ error: "Auto-reveal must be true or false" }).optional(),
});
/** A validated session update. */
export type UpdateSessionInput = z.infer<typeof updateSessionSchema>;

/** POST /api/sessions/{id}/participants body: a registered user by id or by e-mail. */
export const inviteParticipantSchema = z
  .object({
    userId: z.uuid("Invalid user").optional(),
    email: text("Email", { max: 255 }).trim().toLowerCase().email("Invalid email address").max(255).optional(),
  })
  .refine((v) => v.userId !== undefined || v.email !== undefined, {
    message: "Please enter an email address",
    path: ["email"],
  });
/** A validated invitation. */
export type InviteParticipantInput = z.infer<typeof inviteParticipantSchema>;

/**
 * 202 answer of an invitation by e-mail: the same for known and unknown addresses, so it
 * tells nobody whether an account exists (issue #7, "Account enumeration").
 */
export const inviteResultSchema = z.object({ status: z.literal("invited") });
/** Body of a 202 invitation by e-mail. */
export type InviteResult = z.infer<typeof inviteResultSchema>;

/** POST /api/sessions/{id}/active-story body. */
export const activeStorySchema = z.object({ storyId: z.uuid("Invalid story") });

/** A role a participant may be given: voter (`participant`) or `observer` (issue #8 section 1). */
export const choosableRoleSchema = z.enum(CHOOSABLE_ROLES, { error: 'Role must be "participant" or "observer"' });

/** PATCH /api/sessions/{id}/participants/{participantId} body (issue #8 section 7). */
export const updateParticipantSchema = z.object({ role: choosableRoleSchema });
/** A validated role change. */
export type UpdateParticipantInput = z.infer<typeof updateParticipantSchema>;

/** POST /api/sessions/{id}/join body (optional): join as a voter (default) or as an observer. */
export const joinSessionSchema = z.object({ role: choosableRoleSchema.optional() }).optional();

/** The most participants one page of GET /api/sessions/{id}/participants carries. */
export const PARTICIPANT_PAGE_MAX = 200;

/**
 * GET /api/sessions/{id}/participants query (issue #24 section 3, "the rest comes on demand"):
 * without `limit`, every participant as before; with it, `limit` of them in join order from index
 * `offset` (a page; fewer than `limit` means the last). The answer is the same list of
 * participants either way.
 */
export const participantPageQuerySchema = z.object({
  offset: pageOffsetSchema,
  limit: pageLimitSchema(PARTICIPANT_PAGE_MAX).optional(),
});
/** A validated page request. */
export type ParticipantPageQuery = z.infer<typeof participantPageQuerySchema>;
