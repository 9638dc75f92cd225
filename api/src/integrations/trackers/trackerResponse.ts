import type { IncomingMessage } from "node:http";
import type { z } from "zod";

/*
 * What a tracker's answer must be before we use it (issue #23 section 6, "A hostile tracker
 * server"), for every tracker client (Jira now; Azure DevOps and GitHub next): its body is read
 * up to a byte cap, its JSON is measured by one linear scan before JSON.parse (nesting, item
 * count, distinct keys: what makes JSON.parse slow and big), then parsed and checked with the
 * endpoint's zod schema. A 1M-level nested answer is refused by the scan in a few ms; before, it
 * held the event loop 0.6-1.2 s a call and grew RSS by 535 MB over four calls.
 */

/** Most bytes read of one answer: far above Jira's (a 2,000-field list is about 1 MB). */
export const TRACKER_MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Bounds on an answer's JSON, checked before it is parsed, since what JSON.parse costs is not
 * its size: a million nested arrays (2 MB) took 0.6-1.2 s and hundreds of MB, 5 MB of distinct
 * object keys 1-2 s, while 5 MB of one string takes 20-30 ms. The costliest items (distinct keys
 * or strings, objects of thousands of keys) take up to 0.8 us each on a loaded 2-core machine,
 * so within these bounds an answer up to the byte cap parses in under about 80 ms.
 */
export interface JsonBounds {
  /** Deepest nesting of arrays and objects (a Jira issue with a nested-list description: about 30). */
  maxDepth: number;
  /**
   * Most items: containers plus the commas between members (a 3,000-field Jira site's field
   * list has about 50,000; 50 issues with descriptions a few thousand).
   */
  maxItems: number;
  /** Most distinct object keys (Jira's answers use a few dozen names). */
  maxDistinctKeys: number;
}

/** The bounds every tracker answer is held to. */
export const TRACKER_JSON_BOUNDS: JsonBounds = { maxDepth: 64, maxItems: 100_000, maxDistinctKeys: 10_000 };

/** Why an answer was refused: too big to read, or not what the endpoint answers. */
export type TrackerAnswerFault = "tooLarge" | "shape";

/** An answer refused by the guard; `detail` says what was wrong ("nested deeper than 64 levels"). */
export class TrackerAnswerError extends Error {
  constructor(
    readonly fault: TrackerAnswerFault,
    readonly detail: string,
    /** The answer's name ("project list"), when known. */
    readonly what?: string,
  ) {
    super(what ? `${what}: ${detail}` : detail);
  }
}

/** An endpoint's answer: its name in messages ("project list") and the schema it must match. */
export interface TrackerAnswer<T> {
  what: string;
  schema: z.ZodType<T>;
}

/** An endpoint's answer named for messages: `trackerAnswer("project list", z.object({...}))`. */
export const trackerAnswer = <S extends z.ZodType>(what: string, schema: S): TrackerAnswer<z.output<S>> => ({
  what,
  schema: schema as z.ZodType<z.output<S>>,
});

/** A byte count in words: "5 MB", "64 KB", "100 bytes". */
function sizeText(bytes: number): string {
  const round = (n: number) => Math.round(n * 10) / 10;
  if (bytes >= 1024 * 1024) return `${round(bytes / 1024 / 1024)} MB`;
  return bytes >= 1024 ? `${round(bytes / 1024)} KB` : `${bytes} bytes`;
}

/**
 * The words users see for a refused answer, the same for every tracker: "Jira's answer is
 * larger than 5 MB", or "Jira answered in an unexpected shape (project list: values: expected
 * array, received string)".
 */
export function trackerAnswerMessage(tracker: string, error: TrackerAnswerError): string {
  return error.fault === "tooLarge"
    ? `${tracker}'s answer is ${error.detail}`
    : `${tracker} answered in an unexpected shape (${error.message})`;
}

/**
 * Reads a response body, refusing it once it passes `maxBytes` (a Content-Length above it is
 * refused before a byte is read): the response is destroyed, so the rest is never received.
 * @throws TrackerAnswerError("tooLarge"); or the stream's own error (the connection was cut).
 */
export function readTrackerBody(res: IncomingMessage, maxBytes = TRACKER_MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => new TrackerAnswerError("tooLarge", `larger than ${sizeText(maxBytes)}`);
    const declared = Number(res.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.destroy();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    res.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        res.destroy();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    res.on("end", () => resolve(Buffer.concat(chunks, size)));
    res.on("error", reject);
    res.on("close", () => {
      if (!res.complete) reject(new Error("The connection closed before the answer was complete"));
    });
  });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COLON = 0x3a;
const COMMA = 0x2c;
/** Math.imul once: a global looked up per byte costs 40 times more inside a vm context (jest's). */
const imul = Math.imul;

/**
 * One pass over JSON bytes, without parsing or recursion: the first bound it breaks, or null.
 * Structure is counted outside strings only (a `\"` escape stays inside); each key is known by
 * a 32-bit FNV-1a hash of its bytes (a collision only undercounts). Not a validator: malformed
 * JSON within the bounds is left to JSON.parse. About 3-5 ms a MB.
 */
export function jsonBoundBroken(bytes: Uint8Array, bounds: JsonBounds = TRACKER_JSON_BOUNDS): string | null {
  const keys = new Set<number>();
  let depth = 0;
  let items = 0;
  let inString = false;
  let escaped = false;
  let hash = 0;
  let lastString = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i] as number;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
      else if (c === QUOTE) {
        inString = false;
        lastString = hash;
        continue;
      }
      hash = imul(hash ^ c, 16777619);
      continue;
    }
    if (c === QUOTE) {
      inString = true;
      hash = 2166136261 | 0;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > bounds.maxDepth) return `nested deeper than ${bounds.maxDepth} levels`;
      if (++items > bounds.maxItems) return `more than ${bounds.maxItems.toLocaleString("en-US")} items`;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (c === COMMA) {
      if (++items > bounds.maxItems) return `more than ${bounds.maxItems.toLocaleString("en-US")} items`;
    } else if (c === COLON) {
      keys.add(lastString);
      if (keys.size > bounds.maxDistinctKeys) {
        return `more than ${bounds.maxDistinctKeys.toLocaleString("en-US")} different keys`;
      }
    }
  }
  return null;
}

/**
 * The JSON value of an answer's body within the bounds; an empty body is null.
 * @throws TrackerAnswerError("shape") for a broken bound or text that is not JSON.
 */
export function parseTrackerJson(body: Uint8Array, bounds: JsonBounds = TRACKER_JSON_BOUNDS): unknown {
  if (body.length === 0) return null;
  const broken = jsonBoundBroken(body, bounds);
  if (broken) throw new TrackerAnswerError("shape", broken);
  try {
    return JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8"));
  } catch {
    throw new TrackerAnswerError("shape", "not JSON");
  }
}

/** The first problem zod found, as "values[0].key: expected string, received null". */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "not as expected";
  const path = issue.path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : `${i > 0 ? "." : ""}${String(part)}`))
    .join("");
  const message = issue.message.replace(/^Invalid input: /, "");
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : "";
  return `${path === "" ? "" : `${path}: `}${message}${more}`;
}

/**
 * An answer's body as the endpoint's type: bounded, parsed and checked with `answer.schema`.
 * @throws TrackerAnswerError("shape") naming `answer.what` and the first problem.
 */
export function readTrackerAnswer<T>(body: Uint8Array, answer: TrackerAnswer<T>): T {
  let json: unknown;
  try {
    json = parseTrackerJson(body);
  } catch (error) {
    if (error instanceof TrackerAnswerError) throw new TrackerAnswerError(error.fault, error.detail, answer.what);
    throw error;
  }
  const parsed = answer.schema.safeParse(json);
  if (!parsed.success) throw new TrackerAnswerError("shape", firstIssue(parsed.error), answer.what);
  return parsed.data;
}
