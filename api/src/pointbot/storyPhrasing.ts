/**
 * Small grammar for the local engine's sentences (issue #22 section 4): titles of real backlogs
 * turned into clauses a criterion or a user story can use, without broken sentences ("can the",
 * "I want add", "The the"). Every function answers null rather than guess when a title does not
 * fit its pattern; the caller then writes a sentence that does not need the title.
 */

/** Words that open a noun phrase: a title starting with one is lower-cased inside a sentence. */
const DETERMINERS = new Set([
  "the",
  "a",
  "an",
  "this",
  "that",
  "these",
  "those",
  "all",
  "each",
  "every",
  "some",
  "any",
]);

/**
 * Verbs that open an imperative title ("Add ...", "Support ...", "Refactor ..."), lower case.
 * Only these are lower-cased in the middle of a sentence; other first words may be names.
 */
export const IMPERATIVE_VERBS = new Set(
  (
    "add allow apply avoid build bump change check clean cleanup collapse combine configure consider convert copy create " +
    "define delete deprecate design disable display document drop enable enhance ensure evaluate expand explore expose " +
    "extend externalize extract generate guide handle hide implement import improve include inform install integrate " +
    "introduce investigate keep let limit log make merge migrate move notify open optimize optimise persist port prepare " +
    "prevent prototype provide publish rationalize reduce refactor re-enable remove rename reorganize replace report " +
    "research restructure return review rewrite run save send separate set show simplify speed split standardize start " +
    "stop store stream support switch sync test track unify update upgrade use validate verify write"
  ).split(" "),
);

/** Platforms a title may name, as the criterion writes them. */
const PLATFORMS: [RegExp, string][] = [
  [/ios\s?\d*|iphone|ipad/, "iOS"],
  [/android/, "Android"],
  [/blackberry/, "BlackBerry"],
  [/windows phone/, "Windows Phone"],
  [/windows(?! phone)/, "Windows"],
  [/os ?x|mac ?os|mac/, "macOS"],
  [/linux|ubuntu/, "Linux"],
  [/mobile ?web/, "Mobile Web"],
  [/internet explorer|ie ?\d+/, "Internet Explorer"],
  [/firefox/, "Firefox"],
  [/chrome(?! ?os)/, "Chrome"],
  [/safari/, "Safari"],
  [/opera/, "Opera"],
].map(([re, name]) => [new RegExp(`(?<![\\w-])(?:${(re as RegExp).source})(?![\\w-])`, "i"), name as string]);

/** The platforms a text names, each once, in the order above. */
export const platformsIn = (text: string): string[] => PLATFORMS.filter(([re]) => re.test(text)).map(([, n]) => n);

/**
 * The first character in upper case, unless the text opens with a name written in lower case
 * ("tabsTintColor", "node-ios-device", "clover.jar"), which keeps its spelling.
 */
export const capitalised = (s: string): string =>
  /^[a-z][\w.-]*[A-Z._-]/.test(s.split(/\s/)[0] ?? "") ? s : s ? `${s[0]?.toUpperCase()}${s.slice(1)}` : s;

/** "a", "a and b", "a, b and c". */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** A noun phrase with "the" in front, unless it already opens with a determiner. */
export function withThe(noun: string): string {
  const first = noun.split(/\s+/)[0]?.toLowerCase() ?? "";
  return DETERMINERS.has(first) ? noun : `the ${noun}`;
}

/**
 * "a" or "an" for the word that follows, by its sound: "an API", "an hour", but "a user", "a
 * unique", "a one-off" (quotes skipped).
 */
export function articleFor(word: string): string {
  const w = word.replace(/^["“'(]+/, "").toLowerCase();
  if (/^(?:u[nst][aeiou]|use|usu|uni|ure|eu|one\b|once)/.test(w) && !/^un[^i]/.test(w)) return "a";
  if (/^(?:hour|honest|honou?r|heir)/.test(w)) return "an";
  if (/^[A-Z]{2,}/.test(word.replace(/^["“'(]+/, ""))) return /^[aefhilmnorsx]/i.test(w) ? "an" : "a";
  return /^[aeiou]/.test(w) ? "an" : "a";
}

/**
 * A phrase to go inside a sentence: its first word lower-cased when it is a determiner or one of
 * the imperative verbs, or when the story spells it in lower case elsewhere; names ("OpenShift",
 * "Android") keep their capitals.
 */
export function inSentence(phrase: string, storyText = ""): string {
  const first = /^[A-Z][a-z]+\b/.exec(phrase)?.[0];
  if (!first) return phrase;
  const lower = first.toLowerCase();
  const spelledLower = new RegExp(`(?:^|[^\\p{L}])${lower}(?:[^\\p{L}]|$)`, "u").test(storyText);
  return DETERMINERS.has(lower) || IMPERATIVE_VERBS.has(lower) || spelledLower
    ? `${lower}${phrase.slice(first.length)}`
    : phrase;
}

/** The present tense of a verb after a singular subject ("fix" -> "fixes", "copy" -> "copies"). */
export function thirdPerson(verb: string): string {
  const irregular: Record<string, string> = { be: "is", have: "has", do: "does", go: "goes" };
  const lower = verb.toLowerCase();
  if (irregular[lower]) return irregular[lower];
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** Whether a subject reads as plural ("Audit and Manifest links", "queries"), by its last word. */
function isPlural(subject: string): boolean {
  if (/\band\b/i.test(subject)) return true;
  const last = subject.trim().split(/\s+/).pop()?.toLowerCase() ?? "";
  return /[^s]s$/.test(last) && !/(us|is|ss)$/.test(last);
}

/** A title's parts: its headline (area prefixes, keys, tags and the final period removed) and the areas. */
export interface TitleParts {
  headline: string;
  areas: string[];
}

/**
 * Splits "Titanium Studio: unable to create ..." into area "Titanium Studio" and headline
 * "unable to create ...". Prefixes of up to three words before ":" or " - " are areas when what
 * follows has at least two words; "[SPIKE]" tags and issue keys ("BAM-3674 (Regression) -") go.
 */
export function titleParts(title: string): TitleParts {
  let headline = title.trim().replace(/\s+/g, " ");
  const areas: string[] = [];
  for (;;) {
    const before = headline;
    headline = headline
      .replace(/^\[[^\]]{1,30}\]\s*/, "")
      .replace(/^\(([^)]{1,20})\)\s+(?=\S+\s+\S)/, (_m, area: string) => {
        areas.push(area);
        return "";
      })
      .replace(/^(?:[A-Z][A-Z0-9]+-\d+\s*)+(?:\([^)]*\)\s*)?(?:-\s*)?/, "");
    // "Area: rest" with up to three words before the colon; "Area - rest" with one word only.
    const area =
      /^([^\s:]+(?: [^\s:]+){0,2}?)\s*:\s+(\S+\s+\S.*)$/.exec(headline) ??
      /^([^\s:-]+)\s+-\s+(\S+\s+\S.*)$/.exec(headline);
    if (
      area?.[1] &&
      area[2] &&
      !/[.!?]$/.test(area[1]) &&
      !IMPERATIVE_VERBS.has(area[1].split(" ")[0]?.toLowerCase() ?? "")
    ) {
      areas.push(area[1]);
      headline = area[2];
    }
    if (headline === before) break;
  }
  // A title of two sentences: the first is the headline.
  const first = headline.split(/(?<=[a-z)\]"'])[.!?]\s+(?=[A-Z])/)[0] ?? headline;
  return { headline: first.replace(/[.!]+$/, "").trim(), areas };
}

/** Where a problem statement's own clause ends ("... with error: An internal error occurred"). */
const cutClause = (s: string): string =>
  s
    .split(/\s+(?:with (?:the |an? )?error|because|due to|since|whereas)\b|:|\s-\s|\s\(/)[0]
    ?.trim()
    .replace(/[,;]+$/, "") ?? s;

/**
 * A bug title turned into the state after the fix, or null when its shape is not known:
 * "Unable to package X" -> "Users can package X"; "X does not respect Y" -> "X respects Y";
 * "X is broken" -> "X is no longer broken"; "X crashes on Y" -> "X no longer crashes on Y";
 * "NPE in X" -> "No NPE occurs in X"; "X has no Y" -> "X has a Y"; "X not honored" -> "X is honored".
 */
export function problemSolved(headline: string): string | null {
  // "X lacks Y whereas the others do": the contrast clause does not survive turning X around.
  const h =
    headline
      .trim()
      .split(/\s+(?:whereas|but|although|though)\b|;/)[0]
      ?.trim() ?? "";
  // A condition or a request ("If git commit fails, don't close ...") is no problem statement.
  if (/^(?:if|when|once|while|after|before|please|do not|don't)\b/i.test(headline.trim())) return null;
  for (const [pattern, write] of PROBLEM_RULES) {
    const m = pattern.exec(h);
    if (!m) continue;
    // A subject with a comma or colon spans clauses ("X autocompletes in Y, causing Z"): no safe rewrite.
    const subjectFirst = !pattern.source.startsWith("^(?:");
    if (subjectFirst && /[,;]|:\s/.test(m[1] ?? "")) return null;
    // A match inside a quoted message ("'Node is not an internal command' error") or after "to"
    // ("causes the build to fail") would turn the wrong words around.
    const quotes = (m[1] ?? "").match(/['"“”‘’`]/g)?.length ?? 0;
    if (subjectFirst && (quotes % 2 === 1 || /\bto$/i.test(m[1] ?? ""))) return null;
    const text = write(m)?.replace(/\s+/g, " ").trim();
    // The author's "my modules section" is no sentence of ours.
    if (!text || /\b(?:i|me|my|we|our|you|your)\b/i.test(text)) return null;
    return text.length >= 12 && text.length <= 150 ? capitalised(text) : null;
  }
  return null;
}

/**
 * Problem statements and their state after the fix (see {@link problemSolved}). In a pattern
 * that opens with its subject, group 1 is that subject; the first two open with "(?:" instead.
 */
const PROBLEM_RULES: [RegExp, (m: RegExpExecArray) => string | null][] = [
  [
    /^(?:unable|not able|impossible|failure|failed|fails|fail) to (\w.+)$/i,
    (m) => `Users can ${cutClause(m[1] ?? "")}`,
  ],
  [/^(?:cannot|can't|can not) (\w.+)$/i, (m) => `Users can ${cutClause(m[1] ?? "")}`],
  [/^(.+?) (?:cannot|can't|can not) (\w.+)$/i, (m) => `${m[1]} can ${m[2]}`],
  [
    /^(.+?) (does not|doesn't|did not|didn't|do not|don't) work\b(.*)$/i,
    (m) => `${m[1]} ${/do not|don't/i.test(m[2] ?? "") ? "work" : "works"}${m[3]}`,
  ],
  [
    /^(.+?) (does not|doesn't|did not|didn't|do not|don't) (\w+ly )?(\w+)(.*)$/i,
    (m) => {
      const verb = lowerVerb(m[4] ?? "");
      return `${m[1]} ${m[3] ?? ""}${/do not|don't/i.test(m[2] ?? "") ? verb : thirdPerson(verb)}${m[5]}`;
    },
  ],
  [/^(.+?) (?:is |are )?not working\b(.*)$/i, (m) => `${m[1]} ${isPlural(m[1] ?? "") ? "work" : "works"}${m[2]}`],
  [
    /^(.+?) (is|are|was|were)(?: not|n't) (\w.*)$/i,
    (m) => `${m[1]} ${/are|were/i.test(m[2] ?? "") ? "are" : "is"} ${m[3]}`,
  ],
  [
    /^(.+?) not (compatible|supported|available|visible|responsive|accessible|usable|readable|honou?red)\b(.*)$/i,
    (m) => `${m[1]} ${isPlural(m[1] ?? "") ? "are" : "is"} ${m[2]}${m[3]}`,
  ],
  [
    /^(.+?) (is|are) ((?:\w+ly )?\w+ing)\b(.*)$/i,
    (m) => (/^(?:not|no|nothing)\b/i.test(m[3] ?? "") ? null : `${m[1]} ${m[2]} no longer ${m[3]}${m[4]}`),
  ],
  [
    /^(.+?) (is|are) (broken|flaky|slow|wrong|incorrect|missing|invalid|inconsistent|unusable|unreadable|empty|corrupt(?:ed)?|truncated|duplicated|ignored|lost|dropped|hidden|disabled|too \w+)\b(.*)$/i,
    (m) => `${m[1]} ${m[2]} no longer ${m[3]}${m[4]}`,
  ],
  [
    /^(.+?) (fails|fail|crashes|crash|hangs|hang|freezes|freeze|throws|throw|leaks|leak|segfaults|segfault|breaks|break|ignores|ignore|loses|lose|exits|exit|pops up|pop up|appears|appear|stalls|stall|times out|time out)\b(.*)$/i,
    (m) => (/\b(?:no|not)\b/i.test(m[3] ?? "") ? null : `${m[1]} no longer ${m[2]}${m[3]}`),
  ],
  [
    /^(.+?) (throwing|causing|showing|returning|reporting) (.+)$/i,
    (m) => {
      const base = (m[2] ?? "")
        .toLowerCase()
        .replace(/ing$/, "")
        .replace(/^caus$/, "cause");
      return `${m[1]} no longer ${isPlural(m[1] ?? "") ? base : thirdPerson(base)} ${m[3]}`;
    },
  ],
  [
    /^(?:an? )?(npe|nullpointerexception|\w+exception|exception|error|crash|segfault|deadlock|memory leak) (in|when|on|at|during|while|with|from|after|for|if) (.+)$/i,
    (m) => `No ${m[1]} occurs ${(m[2] ?? "").toLowerCase()} ${m[3]}`,
  ],
  [
    /^(.+?) (has|have) no (\S.*)$/i,
    (m) => {
      const rest = m[3] ?? "";
      return `${m[1]} ${m[2]} ${/s$/.test(rest.split(" ")[0] ?? "") ? "" : `${articleFor(rest)} `}${rest}`;
    },
  ],
  [
    /^(.+?) not (\w+ed|shown|seen|found|done|run|set|kept|sent|built|written)\b(.*)$/i,
    (m) =>
      /\b(?:is|are|was|were|does|do|did|has|have)$/i.test(m[1] ?? "")
        ? null
        : `${m[1]} ${isPlural(m[1] ?? "") ? "are" : "is"} ${m[2]}${m[3]}`,
  ],
];

/**
 * The verb an imperative title opens with ("add", "refactor"), lower case, or null: a title that
 * says what something "should" do ("Merge Strategy should be labeled ..."), or that names a thing
 * ("Expand / Collapse icons ...", "Open Method (ala PDT) functionality"), opens with no verb.
 */
export function imperativeVerb(headline: string): string | null {
  const h = headline.trim();
  const first = /^([A-Za-z-]+)\b(.*)$/.exec(h);
  const verb = first?.[1]?.toLowerCase() ?? "";
  if (!IMPERATIVE_VERBS.has(verb) || (first?.[2] ?? "").trim() === "") return null;
  if (/\b(?:should|must|has to|have to|needs to)\b/i.test(h) || /^\S+\s+not\b/i.test(h)) return null;
  if (
    /^\S+\s*\/\s*\S/.test(h) ||
    (/^\S+\s+[A-Z]/.test(h) && /\b(?:functionality|feature|support|capability)$/i.test(h))
  )
    return null;
  return verb;
}

/** A user story the title asks for: its role (with article) and what "I want" continues with. */
export interface TitleWish {
  role: string | null;
  want: string;
}

const ROLE_WORDS = "users?|developers?|admins?|administrators?|customers?|operators?|readers?|leaders?";
const singularRole = (word: string): string => {
  const one = word.toLowerCase().replace(/s$/, "");
  return `${articleFor(one)} ${one}`;
};

/**
 * What a feature title asks for, as the continuation of "I want": "Allow user to delete X" ->
 * role "a user", "to delete X"; "Add unit tests for X" -> "to add unit tests for X"; "Links in
 * Dashboard should honor Y" -> "links in Dashboard to honor Y"; "Ability to stop a job" -> "to
 * stop a job". Null for other shapes (a problem statement has no wish to state).
 */
export function titleWish(headline: string, storyText = ""): TitleWish | null {
  const h = headline.trim();
  let m = new RegExp(`^(?:allow|let|enable) (?:the )?(${ROLE_WORDS}) to (?:be able to )?(\\w.+)$`, "i").exec(h);
  if (m) return { role: singularRole(m[1] ?? ""), want: `to ${inSentence(m[2] ?? "", storyText)}` };
  m = new RegExp(
    `^(?:the |a |an )?(${ROLE_WORDS}) (?:can|could|should be able to|must be able to|is able to|are able to|wants? to) (\\w.+)$`,
    "i",
  ).exec(h);
  if (m) return { role: singularRole(m[1] ?? ""), want: `to ${inSentence(m[2] ?? "", storyText)}` };
  m = /^(?:the )?ability to (\w.+)$/i.exec(h);
  if (m) return { role: null, want: `to ${lowerVerb(m[1] ?? "")}` };
  const verb = imperativeVerb(h);
  if (verb) return { role: null, want: `to ${verb}${h.slice(verb.length)}` };
  m = /^(.+?) (?:should|must|has to|have to|needs to|need to) (\w.+)$/i.exec(h);
  if (m && !/\b(?:if|when|that|which)\b|,/i.test(m[1] ?? "")) {
    // "Links in Dashboard should ..." -> "the links in Dashboard to ..."; names stay as they are.
    const subject = inSentence(m[1] ?? "", storyText);
    const lowered = subject !== m[1];
    return { role: null, want: `${lowered ? withThe(subject) : subject} to ${m[2]}` };
  }
  return null;
}

/** A verb phrase whose first word is lower-cased when it is a plain capitalised word ("Stop a Job"). */
const lowerVerb = (phrase: string): string => phrase.replace(/^[A-Z](?=[a-z]+\b)/, (c) => c.toLowerCase());

/**
 * "I can ..." from what "I want" continues with, or null when that is no verb phrase: "to
 * export X" -> "export X"; "to be able to export X" -> "export X"; "a way to do X" -> "have a
 * way to do X". "the agent to restart" has no verb of the user's own: null.
 */
export function canClause(want: string): string | null {
  const w = want.trim();
  const verb = /^to (?:be able to )?(\w.*)$/i.exec(w);
  if (verb) return verb[1] ?? null;
  return /^(?:a|an|some|more|better)\s+\w/i.test(w) ? `have ${w}` : null;
}
