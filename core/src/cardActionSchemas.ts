import { z } from "zod";
import { castVoteSchema } from "./voteSchemas";

/** Verbs of the Teams voting card's Action.Execute buttons (invoke `adaptiveCard/action`). */
export const CARD_VERBS = { vote: "vote", reveal: "reveal", next: "next", refresh: "refresh" } as const;

/**
 * What every button of the voting card carries (bot/src/cards/votingCard.ts): the session and
 * the story it was drawn for, null when there was none. The bot acts on the conversation's
 * session and, without a story, on the group's current one; these ids are checked for shape
 * with the rules REST uses for them.
 */
const cardContext = {
  sessionId: z.uuid("Invalid session").nullish(),
  storyId: castVoteSchema.shape.storyId.nullish(),
};

/**
 * A card vote's data: POST /api/votes' body (core castVoteSchema: `points` a number 0-999 with
 * at most one decimal, `?` or null to retract, `coffee`; the optional ids) and the card's
 * context, so a card vote is refused exactly where the REST vote is (issue #23 section 7:
 * a malformed `storyId` was a 501 with an empty body; `points: "banana"` retracted the vote).
 */
export const cardVoteSchema = castVoteSchema.extend(cardContext);

/** The data of the other buttons (reveal, next, refresh): the card's context only; absent is `{}`. */
const cardContextSchema = z.object(cardContext).default({});

/**
 * One `adaptiveCard/action` invoke's `action` (`{verb, data}`), by verb. Parse the raw action
 * with it before anything else: an unknown verb or malformed data is a VALIDATION_ERROR.
 */
export const cardActionSchema = z.discriminatedUnion(
  "verb",
  [
    z.object({ verb: z.literal(CARD_VERBS.vote), data: cardVoteSchema }),
    z.object({ verb: z.literal(CARD_VERBS.reveal), data: cardContextSchema }),
    z.object({ verb: z.literal(CARD_VERBS.next), data: cardContextSchema }),
    z.object({ verb: z.literal(CARD_VERBS.refresh), data: cardContextSchema }),
  ],
  { error: (issue) => (issue.code === "invalid_union" ? "Unknown action" : undefined) },
);
/** A validated card action. */
export type CardAction = z.infer<typeof cardActionSchema>;
