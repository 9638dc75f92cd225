import { z } from "zod";

/** `:id` path parameter of session routes. */
export const sessionParams = z.object({ id: z.string() });
/** `:sessionId` path parameter (join-anonymous, as the spec names it). */
export const sessionIdParams = z.object({ sessionId: z.string() });
/** `:id` of the results exports: a session UUID (400 otherwise, before any lookup). */
export const exportParams = z.object({ id: z.uuid("Invalid session") });
