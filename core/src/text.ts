import { z } from "zod";
import { maxChars } from "./messages";

/**
 * The one rule for free text that reaches the database (issue #6 part 3): PostgreSQL refuses
 * the NUL character in `text` (22021) and `\u0000` in `jsonb` (22P05), and refuses a lone
 * UTF-16 surrogate escaped in `jsonb` (22P02). So every text field of every route and frame
 * is built here: NUL is refused with the field's message (400 VALIDATION_ERROR), and a lone
 * surrogate, which no UTF-8 text can hold anyway, becomes U+FFFD (what `text` columns store
 * for it already), the same on PGlite and on a server.
 */

/** Unpaired high or low surrogates (UTF-16 code units 0xD800-0xDFFF without their partner). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The message of a field that contains NUL, e.g. "Title must not contain NUL characters". */
export const noNulMessage = (field: string): string => `${field} must not contain NUL characters`;

/** True when `value` holds the NUL character (U+0000). */
export const hasNul = (value: string): boolean => value.includes("\u0000");

/** `value` with each lone surrogate replaced by U+FFFD; well-formed text is returned as is. */
export const wellFormed = (value: string): string => value.replace(LONE_SURROGATE, "\ufffd");

/**
 * Longest text, in UTF-16 code units, that a text field without a limit of its own accepts
 * (issue #7, "Denial of service"): above any real token, id or name a client sends, far below
 * the 1 MB body, so no rule of a field ever runs on a megabyte.
 */
export const MAX_TEXT_LENGTH = 10_000;

/** Options of `text`: z.string's `error` (e.g. "Title is required") and the length limit. */
export interface TextOptions {
  /** The message when the value is missing or not a string. */
  error?: string;
  /** Most UTF-16 code units, before trimming; default MAX_TEXT_LENGTH. */
  max?: number;
  /** The message when `max` is exceeded; default `maxChars(max)` ("Must be no more than N characters"). */
  tooLong?: string;
}

/**
 * A string schema for free text named `field` (the name people read in the message). The
 * length limit is checked first and stops the parse (issue #7: a 1 MB value must cost nothing,
 * so no later rule, regex or transform ever sees more than `max` units); then lone surrogates
 * become U+FFFD (same length) and NUL is refused with `noNulMessage(field)`. Chain `.trim()`,
 * `.min()`, `.max()` etc. after it as on `z.string()` for the field's rule on the trimmed text.
 * @param options `error` (missing value), `max` (default MAX_TEXT_LENGTH), `tooLong` (its message)
 */
export const text = (field: string, options: TextOptions = {}) => {
  const max = options.max ?? MAX_TEXT_LENGTH;
  return z
    .string(options.error === undefined ? undefined : { error: options.error })
    .max(max, { abort: true, error: options.tooLong ?? maxChars(max) })
    .overwrite(wellFormed)
    .refine((v) => !hasNul(v), noNulMessage(field));
};

/**
 * True when any string in a JSON value (objects, arrays, strings; keys included) holds NUL:
 * for bodies that do not go through a schema of ours, like a Bot Framework activity.
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return hasNul(value);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, v]) => hasNul(key) || containsNul(v));
  }
  return false;
}

/** A JSON value with every string (and key) made well-formed (see `wellFormed`); a new value. */
export function wellFormedDeep<T>(value: T): T {
  if (typeof value === "string") return wellFormed(value) as T;
  if (Array.isArray(value)) return value.map(wellFormedDeep) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), wellFormedDeep(v)])) as T;
  }
  return value;
}
