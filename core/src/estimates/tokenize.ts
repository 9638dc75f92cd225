/**
 * Text → tokens for the history-based estimate (issue #9 section 3). Backlog text is Jira text:
 * code blocks, stack traces, logs, URLs and file paths say little about the size of the work and
 * would dominate the vocabulary, so they are stripped before tokenising. Pure and deterministic.
 */

/** Words too common in backlogs to tell stories apart (English function words and Jira filler). */
const STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could do does for from has have if in into is it its " +
    "me my no not of on or our should so that the their then there these they this to was we were " +
    "what when where which while will with would you your i he she them than too very also just " +
    "via all any some such only other more most need needs needed use used using should shall may " +
    "might must null"
  ).split(" "),
);

/** Block markup whose content is code or logs: Jira {code}/{noformat}/{quote}, Markdown fences. */
const BLOCKS = [/\{code(?::[^}]*)?\}[\s\S]*?\{code\}/gi, /\{noformat\}[\s\S]*?\{noformat\}/gi, /```[\s\S]*?```/g];

/** Lines that are stack-trace frames or log lines rather than prose. */
const NOISE_LINES =
  /^[ \t]*(at\s+[\w$.<>]+\(.*\)|\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d.*|[\w.]+(Exception|Error):.*|Caused by:.*)$/gm;

/** Inline noise: URLs, e-mail addresses, paths, hex ids, Jira markup tokens. */
const INLINE = [
  /\bhttps?:\/\/\S+/gi,
  /\S+@\S+\.\S+/g,
  /(?:[A-Za-z]:)?(?:[\\/][\w.-]+){2,}/g,
  /\b[0-9a-f]{8,}\b/gi,
  /\{color(?::[^}]*)?\}|\{panel(?::[^}]*)?\}|\[~[^\]]*\]|!\S+\.(?:png|jpg|gif)(?:\|[^!]*)?!/gi,
];

/** Characters of a text looked at: far more than the tokens kept, and a bound on the time per story. */
const MAX_TEXT = 20_000;
/**
 * Runs of this many non-space characters are hashes, encoded data or URLs, never words (200, not less:
 * qualified class names such as com.atlassian.bamboo.… run past 60 and name the component).
 */
const LONG_RUN = /\S{200,}/g;

/**
 * Drops code blocks, stack traces, logs, URLs and paths from a story text (its first
 * {@link MAX_TEXT} characters). Linear time: long non-space runs go first, so no pattern below
 * can backtrack over more than a short word.
 */
export function stripNoise(text: string): string {
  let out = text.slice(0, MAX_TEXT).replace(LONG_RUN, " ");
  for (const re of BLOCKS) out = out.replace(re, " ");
  out = out.replace(NOISE_LINES, " ");
  for (const re of INLINE) out = out.replace(re, " ");
  return out;
}

/** Light suffix stripping so "tests", "testing" and "tested" meet "test" (no dictionary). */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/**
 * Tokens of a text: noise stripped, camelCase split, lower-cased, stop words and numbers dropped,
 * light stemming; in text order, repeats kept (the caller counts term frequencies). At most
 * `limit` tokens are returned (long descriptions are mostly logs and repetition; this also bounds
 * memory per story).
 */
export function tokenize(text: string | null | undefined, limit = 400): string[] {
  if (!text) return [];
  const words = stripNoise(text)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  const out: string[] = [];
  for (const w of words) {
    if (w.length < 2 || w.length > 30 || STOPWORDS.has(w) || /^\d+$/.test(w)) continue;
    out.push(stem(w));
    if (out.length >= limit) break;
  }
  return out;
}
