import { z } from "zod";

/** `:id` path parameter of story routes. */
export const storyParams = z.object({ id: z.string() });
