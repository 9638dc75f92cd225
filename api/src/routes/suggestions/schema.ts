import { z } from "zod";

/** `:id` path parameter of /api/suggestions/{id} routes. */
export const suggestionParams = z.object({ id: z.string() });
