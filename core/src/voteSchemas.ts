import { z } from "zod";
import { hasOneDecimal } from "./decks";
import { text } from "./text";

/**
 * POST /api/votes body and the WebSocket `vote_update` frame (spec part 2 section 7).
 * `points` null (the `?` card) retracts the caller's vote; `"coffee"` (issue #8 section 4)
 * stores a break request instead of points. Points have at most one decimal place. A userId or participantId sent
 * by a client must be the caller's own (DESIGN.md "Contracts"); the deck check needs the
 * session and happens on the server.
 */
export const castVoteSchema = z.object({
  storyId: z.uuid("Invalid story"),
  points: z.union([
    z
      .number({ error: "Points must be a number" })
      .min(0, "Points must be between 0 and 999")
      .max(999, "Points must be between 0 and 999")
      .refine(hasOneDecimal, "Points have at most one decimal place"),
    z.literal("?").transform(() => null),
    z.literal("coffee"),
    z.null(),
  ]),
  userId: text("User").optional().nullable(),
  participantId: text("Participant").optional().nullable(),
});
/** A validated vote. */
export type CastVoteInput = z.infer<typeof castVoteSchema>;
