import { z } from "zod";

/**
 * A page's `offset` query parameter: a whole number from 0 (the default) to 1,000,000, read
 * from the query string's text. Shared by every paged read (the story window, the participants).
 */
export const pageOffsetSchema = z.coerce
  .number({ error: "offset must be a whole number" })
  .int("offset must be a whole number")
  .min(0, "offset must be 0 or more")
  .max(1_000_000, "offset is too large")
  .default(0);

/**
 * A page's `limit` query parameter: a whole number from 1 to `max` (the route's largest page),
 * read from the query string's text; the route chooses its default or leaves it optional.
 */
export const pageLimitSchema = (max: number) =>
  z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(max, `limit must be at most ${max}`);
