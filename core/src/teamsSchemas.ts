import { text } from "./text";

/**
 * A Teams conversation id (`19:...@thread.tacv2`, `a:...`, `29:...`), as a path parameter or
 * in a bot activity: 1-512 characters (the `teams_conversations` key) and no control
 * characters (core `text`: NUL refused, lone surrogates mended; and no other control
 * character, which no Teams id contains). Issue #7: a `%00` id was a 500.
 */
export const conversationIdSchema = text("Conversation id")
  .min(1, "Conversation id is required")
  .max(512, "Conversation id is too long")
  .regex(/^\P{Cc}+$/u, "Conversation id has control characters");

/** An Entra ID tenant id as a client names it: up to 64 characters, no control characters. */
export const tenantIdSchema = text("Tenant id")
  .max(64)
  .regex(/^\P{Cc}*$/u, "Tenant id has control characters");
