import { z } from "zod";
import { maxChars, minChars } from "./messages";
import { text } from "./text";

/** POST /api/teams body: name 1-100, description up to 500 (spec part 1 section 5). */
export const createTeamSchema = z.object({
  name: text("Name", { error: "Name is required", max: 100 }).trim().min(1, minChars(1)).max(100, maxChars(100)),
  description: text("Description", { max: 500 })
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === "" ? null : v.trim()))
    .pipe(z.union([z.string().max(500, maxChars(500)), z.null()])),
});
/** A validated team. */
export type CreateTeamInput = z.infer<typeof createTeamSchema>;
