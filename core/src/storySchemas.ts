import { z } from "zod";
import { hasOneDecimal } from "./decks";
import { maxChars, minChars } from "./messages";
import { pageLimitSchema, pageOffsetSchema } from "./paging";
import { text } from "./text";

/** Story statuses (spec part 1 section 3). */
export const STORY_STATUSES = ["pending", "voting", "completed", "skipped", "blocked"] as const;
/** One story status. */
export type StoryStatus = (typeof STORY_STATUSES)[number];

/** Most acceptance criteria per story, and most characters per criterion (spec part 2 section 3). */
const MAX_CRITERIA = 50;
const MAX_CRITERION = 1000;

/** Longest text form of the criteria: 50 criteria of 1,000 characters with their line breaks. */
const MAX_CRITERIA_TEXT = MAX_CRITERIA * (MAX_CRITERION + 2);

/**
 * Acceptance criteria may arrive as a list or as newline-separated text (spec part 2 section 3).
 * Each criterion is limited before anything else runs, and the text form to MAX_CRITERIA_TEXT
 * before it is split (issue #7). A list, not a union: a union hides its option's message.
 */
export const acceptanceCriteriaSchema = z
  .preprocess(
    (v) => (typeof v === "string" && v.length <= MAX_CRITERIA_TEXT ? v.split("\n") : v),
    z.array(text("Acceptance criteria", { max: MAX_CRITERION }), {
      error: `Acceptance criteria must be a list, or text of at most ${MAX_CRITERIA_TEXT} characters`,
    }),
  )
  .transform((list) => list.map((c) => c.trim()).filter((c) => c.length > 0))
  .pipe(z.array(z.string()).max(MAX_CRITERIA, `At most ${MAX_CRITERIA} acceptance criteria`));

const TICKET_TOO_LONG = "Ticket number must be no more than 50 characters";

/** Ticket number: up to 50 letters, digits and hyphens; empty means absent (spec part 1 section 5). */
export const ticketNumberSchema = text("Ticket number", { max: 50, tooLong: TICKET_TOO_LONG })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim()))
  .pipe(
    z.union([
      z
        .string()
        .max(50, TICKET_TOO_LONG)
        .regex(/^[A-Za-z0-9-]+$/, "Invalid ticket format"),
      z.null(),
      z.undefined(),
    ]),
  );

const storyDescription = text("Description", { max: 5000 })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v.trim() === "" ? null : v))
  .pipe(z.union([z.string().max(5000, maxChars(5000)), z.null(), z.undefined()]));

/** Story title, 1-200 characters (spec part 1 section 5). */
export const storyTitleSchema = text("Title", { error: "Title is required", max: 200 })
  .trim()
  .min(1, minChars(1))
  .max(200, maxChars(200));

/** POST /api/sessions/{sessionId}/stories body (spec part 2 section 7). */
export const createStorySchema = z.object({
  title: storyTitleSchema,
  description: storyDescription,
  acceptanceCriteria: acceptanceCriteriaSchema.optional().default([]),
  ticketNumber: ticketNumberSchema,
  teamId: text("Team")
    .nullable()
    .optional()
    .transform((v) => (v === "no-team" || v === "" ? null : v)),
  sessionId: text("Session").optional(),
});
/** A validated story. */
export type CreateStoryInput = z.infer<typeof createStorySchema>;

/**
 * PATCH /api/stories/{id} body. `status` drives the round: completed (Next Story, needs the
 * votes revealed; finalPoints optional, proposed from the votes when absent), skipped (Skip
 * Story), pending/voting (reopen). Source: spec part 2 section 4, "Story status".
 */
export const updateStorySchema = z.object({
  title: storyTitleSchema.optional(),
  description: storyDescription,
  acceptanceCriteria: acceptanceCriteriaSchema.optional(),
  ticketNumber: ticketNumberSchema,
  status: z.enum(STORY_STATUSES).optional(),
  finalPoints: z
    .number({ error: "Final points must be a number" })
    .min(0, "Final points must be between 0 and 999")
    .max(999, "Final points must be between 0 and 999")
    .refine(hasOneDecimal, "Final points have at most one decimal place")
    .nullable()
    .optional(),
});
/** A validated story update. */
export type UpdateStoryInput = Partial<z.infer<typeof updateStorySchema>>;

/**
 * PUT /api/sessions/{id}/story-order body: every story of the session once, in the new queue
 * order (issue #8 section 3, "reorder the queue"). Other ids or a missing story: 400.
 */
export const storyOrderSchema = z.object({
  storyIds: z
    .array(z.uuid("Invalid story"), { error: "storyIds must be a list of story ids" })
    .min(1, "List the stories in their new order")
    .max(1000, "At most 1000 stories"),
});
/** A validated queue order. */
export type StoryOrderInput = z.infer<typeof storyOrderSchema>;

/** The most stories one page of the queue carries (GET /api/sessions/{id}/stories/window). */
export const STORY_WINDOW_MAX = 200;

/**
 * GET /api/sessions/{id}/stories/window query (issue #22 section 3, "Big backlogs stay light"):
 * `limit` stories of the queue from index `offset`, or around story `around` (it is then in the
 * window, `before` rows after its start); `q` keeps the stories whose title or ticket number
 * contains it (case-insensitive), and `offset`/`total` then count those only.
 */
export const storyWindowQuerySchema = z.object({
  offset: pageOffsetSchema,
  limit: pageLimitSchema(STORY_WINDOW_MAX).default(50),
  q: text("Search", { max: 200 }).optional(),
  around: z.uuid("Invalid story").optional(),
  before: z.coerce
    .number({ error: "before must be a whole number" })
    .int("before must be a whole number")
    .min(0, "before must be 0 or more")
    .max(STORY_WINDOW_MAX, `before must be at most ${STORY_WINDOW_MAX}`)
    .optional(),
});
/** A validated window request. */
export type StoryWindowQuery = z.infer<typeof storyWindowQuerySchema>;

/**
 * POST /api/stories/{id}/move body (issue #22 section 2, drag and drop in a queue of any
 * length): put the story right after `afterStoryId` (a story of the same session), or first
 * when null.
 */
export const moveStorySchema = z.object({
  afterStoryId: z.uuid("Invalid story").nullable(),
});
/** A validated move. */
export type MoveStoryInput = z.infer<typeof moveStorySchema>;
