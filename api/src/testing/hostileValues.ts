import fc from "fast-check";

/**
 * fast-check arbitraries of hostile input for the fuzz tests (routes/fuzzText, routes/fuzzApi):
 * text with NUL and lone surrogates, megabyte-scale strings, prototype keys, odd numbers,
 * nesting, and malformed ids and path segments.
 */

/** Characters that break things: NUL, lone surrogates, a pair, quotes, separators. */
const nasty = fc.constantFrom(
  "\u0000",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "\ud83d\ude00",
  '"',
  "'",
  "\\",
  ",",
  "\n",
  "\r",
  "%",
  "\u2028",
);
const unit = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 2, arbitrary: nasty },
);
/** Arbitrary UTF-16 text of 0-40 code units, biased towards the characters above. */
export const anyText = fc.array(unit, { maxLength: 40 }).map((units) => units.join(""));

/** Percent-encodes the UTF-8 bytes of `value` (encodeURIComponent throws on a lone surrogate). */
export const percentEncode = (value: string): string =>
  [...Buffer.from(value)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

/** Keys that reach for an object's prototype. */
export const prototypeKeys = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty");

/** Strings up to 300,000 code units (several fit in the 1 MB body): letters, lone surrogates, digits, blanks. */
const longText = fc
  .tuple(fc.constantFrom("a", "\ud800", "aA1", " ", "9", "a.", "<"), fc.integer({ min: 1_000, max: 300_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)));

/** Hostile strings: arbitrary text, words that look like other types or ids, prototype keys, long text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: anyText },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "null",
      "undefined",
      "true",
      "NaN",
      "-1",
      "1e999",
      "abc",
      "00000000-0000-0000-0000-000000000000",
      "ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ",
      "' OR 1=1 --",
      "{{7*7}}",
      "<script>alert(1)</script>",
    ),
  },
  { weight: 1, arbitrary: prototypeKeys },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: longText },
);

/** Numbers at the edges: huge, negative, fractional, beyond 32 and 53 bits. */
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, -0, 0.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE),
);

/** Any JSON value, hostile at every level: the strings and numbers above, nesting, prototype keys as keys. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(prototypeKeys, anyText), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Deeply nested JSON text (arrays and objects), `depth` levels. */
export const deepJson = (depth: number): string[] => [
  `${"[".repeat(depth)}${"]".repeat(depth)}`,
  `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
];

/** Request bodies that are not the JSON they claim to be, or JSON that reaches for prototypes. */
export const malformedJsonBodies: string[] = [
  "",
  "{",
  "[",
  "nul",
  '"unterminated',
  "1e999",
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  "\u0000",
  '{"title":"\\u0000"}',
  '{"title":"\\ud800"}',
  ...deepJson(10_000),
];

/** Path segments, already encoded: malformed ids, NUL, traversal, bad escapes, long and odd text. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "abc",
    "%00",
    "%",
    "%ZZ",
    "%C0%AF",
    "%ED%A0%80",
    "..",
    "%2e%2e%2f%2e%2e",
    "a%2Fb",
    "-1",
    "0",
    "null",
    "__proto__",
    "constructor",
    "00000000-0000-0000-0000-000000000000",
    "x".repeat(10_000),
  ),
  fc.uuid(),
  anyText.filter((t) => t.length > 0).map(percentEncode),
);
