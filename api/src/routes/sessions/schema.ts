import { z } from "zod";

/** `:id` path parameter of session routes. */
export const sessionParams = z.object({ id: z.string() });
/** `:sessionId` path parameter (join-anonymous, as the spec names it). */
export const sessionIdParams = z.object({ sessionId: z.string() });
