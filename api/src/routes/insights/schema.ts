import { z } from "zod";

/** `:id` of a session on the insight and summary routes: a UUID (400 VALIDATION_ERROR otherwise). */
export const insightSessionParams = z.object({ id: z.uuid("Invalid session") });
/** `:id` of an insight: a UUID (400 VALIDATION_ERROR otherwise). */
export const insightParams = z.object({ id: z.uuid("Invalid insight") });
