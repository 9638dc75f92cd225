import fs from "node:fs";
import path from "node:path";
import { parseBacklog } from "../commands/backlogParser";
import { analyzeLocally, suggestCriteriaLocally } from "./localEngine";

/**
 * Issue #22 section 4: the local engine's text is the default for every self-hosted team, so it
 * must read well. The engine runs over 200 real stories (every k-th row of each of the eight
 * backlogs in ../shared/data/storypoints, 25 per backlog) and every output is checked against the
 * rules below; a failure lists each story key with what broke.
 */
const DATA = path.resolve(__dirname, "../../../../shared/data/storypoints");
const PER_BACKLOG = 25;

interface SampleStory {
  key: string;
  title: string;
  description: string | null;
}

/** Every k-th story of each backlog (k = rows / 25), read with the import's own CSV parser. */
function sampleStories(): SampleStory[] {
  const out: SampleStory[] = [];
  for (const file of fs
    .readdirSync(DATA)
    .filter((f) => f.endsWith(".csv"))
    .sort()) {
    const { stories } = parseBacklog(fs.readFileSync(path.join(DATA, file), "utf8"));
    const step = Math.floor(stories.length / PER_BACKLOG);
    for (let i = 0; i < PER_BACKLOG; i++) {
      const s = stories[i * step];
      if (s)
        out.push({ key: s.ticketNumber ?? `${file}:${i * step}`, title: s.title, description: s.description ?? null });
    }
  }
  return out;
}

/** Lower case, punctuation and quotes dropped, blanks collapsed: two criteria equal here say the same. */
const normalised = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
const wordsOf = (s: string): string[] => normalised(s).split(" ").filter(Boolean);

/**
 * Words that may legitimately stand twice in a row in English: "that that" ("we know that that
 * fails") and "had had" (past perfect of "have"). Any other doubled word ("the the") is a slip.
 */
const DOUBLE_OK = new Set(["that", "had"]);
/** The first word written twice with only blanks between ("the the"); "clover2:clover" or "license. License" are not. */
function doubledWord(text: string): string | null {
  for (const m of text.matchAll(/(?<![\p{L}\p{N}_])(\p{L}+)\s+\1(?![\p{L}\p{N}_])/giu)) {
    const word = (m[1] ?? "").toLowerCase();
    if (!DOUBLE_OK.has(word)) return word;
  }
  return null;
}

/** "can" must be followed by a verb: a determiner, preposition, pronoun or "be able" after it is a broken sentence. */
const CAN_WITHOUT_VERB =
  /\bcan\s+(?:the|a|an|this|that|these|those|my|your|our|their|his|her|its|to|of|for|in|on|at|with|by|from|into|be able|and|or|not be able)\b/i;

/** Little words that do not make a criterion more than its title. */
const FILLER = new Set(
  "a an the is are be been it its this that of to in on for with and or as by from at works work working done implemented fixed".split(
    " ",
  ),
);

/** A criterion that is the title (or the title with only filler words around it). */
function restatesTitle(criterion: string, title: string): boolean {
  const titleWords = new Set(wordsOf(title));
  const extra = wordsOf(criterion).filter((w) => !titleWords.has(w) && !FILLER.has(w));
  return normalised(criterion) === normalised(title) || extra.length < 2;
}

/** A criterion about HTTP status codes ("404 Not Found", "5xx answers"). */
const STATUS_CRITERION =
  /\b[1-5]\d\d (?:OK|Created|Accepted|No Content|[A-Z][a-z]+(?: [A-Z][a-z]+)*)\b|\b[45]xx\b|\(\s*(?:401|403|404)\b/;
/** The story names an HTTP API or a request ("GET /assets/{id}"); web addresses alone do not count. */
const NAMES_HTTP_API = /\b(?:apis?|endpoints?|https?|rest|restful|requests?)\b|\b(?:GET|POST|PUT|PATCH|DELETE)\s+\//i;
const withoutUrls = (s: string): string => s.replace(/\b(?:https?|ftp):\/\/\S+/gi, " ");

/** A criterion about other people's data. */
const USER_DATA_CRITERION = /\b(?:another|other) (?:user|users|account|accounts|owner|tenant)'?s?\b/i;
/** The story involves people's data: users, accounts, owners, permissions, tenants. */
const NAMES_USER_DATA =
  /\b(?:users?|usernames?|accounts?|owners?|ownership|permissions?|acls?|access control|privileges?|tenants?|profiles?|members?|customers?|personal|private|roles?|organi[sz]ations?|credentials?|passwords?)\b/i;

/** A criterion's own words: what it quotes of the story (“500 Error ...”, “... my modules section”) is not judged. */
const ownWords = (c: string): string => c.replace(/“[^”]*”/g, "“…”");

/** Every rule of issue #22 section 4 that one criterion of `story` breaks. */
function criterionProblems(c: string, story: SampleStory): string[] {
  const problems: string[] = [];
  const text = withoutUrls(`${story.title}\n${story.description ?? ""}`);
  if (c.length < 20 || c.length > 200) problems.push(`length ${c.length}`);
  const own = ownWords(c);
  const doubled = doubledWord(own);
  if (doubled) problems.push(`doubled "${doubled}"`);
  if (CAN_WITHOUT_VERB.test(own)) problems.push("no verb after 'can'");
  if (restatesTitle(c, story.title)) problems.push("restates the title");
  if (STATUS_CRITERION.test(own) && !NAMES_HTTP_API.test(text)) problems.push("HTTP status code without an API");
  if (USER_DATA_CRITERION.test(own) && !NAMES_USER_DATA.test(text))
    problems.push("other users' data without user data");
  if (/…|\.\.\.$/.test(own.replaceAll("“…”", ""))) problems.push("cut off");
  if (/\?\s*$/.test(c)) problems.push("a question");
  // A sentence opens with a capital, a digit, or a name in quotes or code ("'longpress' event works"); never a lower-case word.
  if (/^\p{Ll}/u.test(c)) problems.push("starts in lower case");
  // Paths are names ("/users/me"), not a speaker.
  if (/\b(?:I|I'm|I've|me|my)\b/.test(own.replace(/\S*\/\S*/g, " ")) && !/^As an? /.test(c))
    problems.push("first person");
  return problems;
}

/** Problems of a list of criteria: each one's, then duplicates after normalising. */
function criteriaProblems(list: string[], story: SampleStory, what: string): string[] {
  const problems = list.flatMap((c) => criterionProblems(c, story).map((p) => `${what} ${p}: ${c}`));
  const seen = new Set<string>();
  for (const c of list) {
    const key = normalised(c);
    if (seen.has(key)) problems.push(`${what} duplicate: ${c}`);
    seen.add(key);
  }
  return problems;
}

/** The user story as the tab writes it into the description: "As {as}, I want {want}, so that {soThat}." */
function userStoryProblems(us: { as: string; want: string; soThat: string }): string[] {
  const problems: string[] = [];
  if (!us.want) return us.as || us.soThat ? ["user story without 'want'"] : [];
  if (!/^(?:a|an|the)\s/i.test(us.as)) problems.push(`role without an article: "As ${us.as}"`);
  const sentence = `As ${us.as}, I want ${us.want}${us.soThat ? `, so that ${us.soThat}` : ""}.`;
  // "I want" takes "to" + verb or a noun phrase, never a bare verb ("I want add ...").
  if (
    /^(?:add|create|make|fix|allow|support|implement|improve|update|remove|use|show|display|enable|provide)\b/i.test(
      us.want,
    )
  )
    problems.push(`bare verb after "I want": ${sentence}`);
  const doubled = doubledWord(sentence);
  if (doubled) problems.push(`doubled "${doubled}": ${sentence}`);
  if (/\bI can (?:I|we)\b|\bso that I can rely on\b/i.test(sentence)) problems.push(`filler: ${sentence}`);
  return problems;
}

/** The enhanced description is the story's own text, improved: no title prefix, nothing appended. */
function detailedDescriptionProblems(detailed: string, story: SampleStory, userStory: string): string[] {
  const problems: string[] = [];
  const original = story.description ?? "";
  if (/Technical scope|Kind of work|general product work/i.test(detailed)) problems.push("boilerplate appended");
  if (
    normalised(detailed).startsWith(normalised(story.title)) &&
    !normalised(original).startsWith(normalised(story.title))
  )
    problems.push("title prefixed");
  // No word that is not the story's own (or its user story's): nothing wrapped around it.
  // Jira markup the tidied text may use for the original's code blocks, quotes and headings.
  const markup = ["noformat", "code", "quote", "h1", "h2", "h3", "h4", "h5", "h6"];
  const own = new Set([...wordsOf(original), ...wordsOf(story.title), ...wordsOf(userStory), ...markup]);
  const foreign = [...new Set(wordsOf(detailed).filter((w) => !own.has(w)))];
  // A description with words of its own (not only markup) comes back, with no word added.
  const hasText = /\p{L}{2}/u.test(original.replace(/\{[^}]*\}|<[^>]*>|^NULL$/g, ""));
  if (hasText && foreign.length > 0) problems.push(`words not in the story: ${foreign.slice(0, 8).join(", ")}`);
  if (hasText && detailed.trim() === "") problems.push("the description was dropped");
  return problems;
}

const stories = sampleStories();

describe("local PointBot engine on 200 real backlog stories (issue #22 section 4)", () => {
  it("samples 200 stories across the eight backlogs", () => {
    expect(stories).toHaveLength(200);
    expect(new Set(stories.map((s) => s.key.replace(/-\d+$/, ""))).size).toBeGreaterThanOrEqual(8);
  });

  it("writes analyses whose criteria, user story and description follow the rules", () => {
    const problems: string[] = [];
    for (const story of stories) {
      const a = analyzeLocally(story).description;
      const us = a.userStory;
      const usSentence = us.want ? `As ${us.as}, I want ${us.want}${us.soThat ? `, so that ${us.soThat}` : ""}.` : "";
      const found = [
        ...(a.acceptanceCriteria.length < 2 ? [`only ${a.acceptanceCriteria.length} criteria`] : []),
        ...criteriaProblems(a.acceptanceCriteria, story, "criterion"),
        ...userStoryProblems(us),
        ...detailedDescriptionProblems(a.detailedDescription, story, usSentence),
        ...[a.executiveSummary, a.implementationHints.approach, ...a.requirements.functional].flatMap((t) => {
          const doubled = doubledWord(t);
          return [
            ...(doubled ? [`doubled "${doubled}": ${t}`] : []),
            ...(CAN_WITHOUT_VERB.test(t) ? [`no verb after 'can': ${t}`] : []),
          ];
        }),
      ];
      problems.push(...found.map((p) => `${story.key}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it("suggests criteria that follow the same rules and never repeat the story's own", () => {
    const problems: string[] = [];
    for (const story of stories) {
      const first = suggestCriteriaLocally({ ...story, acceptanceCriteria: [] });
      const found = [...(first.length === 0 ? ["no suggestion"] : []), ...criteriaProblems(first, story, "suggestion")];
      // The first two taken, worded differently (case and punctuation): none comes back.
      const existing = first.slice(0, 2).map((c) => `${c.toUpperCase()}.`);
      const second = suggestCriteriaLocally({ ...story, acceptanceCriteria: existing });
      const have = new Set(existing.map(normalised));
      for (const s of second) if (have.has(normalised(s))) found.push(`repeats an existing criterion: ${s}`);
      problems.push(...found.map((p) => `${story.key}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});
