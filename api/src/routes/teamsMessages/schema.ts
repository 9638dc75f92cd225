import { text } from "@pointwise/core/text";
import { z } from "zod";

/** `:id` of a session. */
export const params = z.object({ id: z.string() });

/** The body the web app sends (spec part 2 section 7); the server recomputes the figures. */
export const teamsMessageBody = z
  .object({
    completedStories: z.number().optional(),
    totalPoints: z.number().optional(),
    averagePoints: z.number().nullable().optional(),
    consensusRate: z.number().nullable().optional(),
    participants: z.number().optional(),
    stories: z
      .array(
        z.object({
          title: text("Title"),
          points: z.number().nullable().optional(),
          ticketNumber: text("Ticket number").nullable().optional(),
        }),
      )
      .optional(),
    skippedStories: z
      .array(z.object({ title: text("Title"), ticketNumber: text("Ticket number").nullable().optional() }))
      .optional(),
  })
  .optional()
  .default({});
