import { jiraInlineText, parseJiraMarkup } from "@pointwise/core/jiraMarkup";
import { IMPERATIVE_VERBS, platformsIn, titleParts } from "./storyPhrasing";
import { clip, plainStoryText, sentencesOf, uniqueCaseless, withoutDoubledWords, wordCount } from "./storyText";

/** Kinds of work the local engine has criteria templates for (issue #9 section 1, issue #22 section 4). */
export type WorkKind =
  | "api"
  | "ui"
  | "migration"
  | "security"
  | "performance"
  | "integration"
  | "bug"
  | "testing"
  | "docs"
  | "research";

/** An HTTP endpoint named in a story: verb (when given) and path. */
export interface Endpoint {
  verb: string | null;
  path: string;
}

/** What the local engine reads from a story's own text (no model, no network). */
export interface StoryReading {
  title: string;
  /** The description as plain text (HTML and Jira markup removed). */
  text: string;
  sentences: string[];
  words: number;
  /**
   * "As a ... I want ... so that ..." when the story states it: `as` keeps its article ("a
   * session leader"), `want` is what follows "I want" ("to export the results").
   */
  userStory: { as: string; want: string; soThat: string } | null;
  /** Kinds of work, strongest signal first. */
  kinds: WorkKind[];
  endpoints: Endpoint[];
  /** HTTP status codes the text mentions (e.g. 404), in order of appearance; only in a story about an HTTP API. */
  statusCodes: number[];
  /** UI parts named in the text ("property page", "context menu"). */
  components: string[];
  /** Data stores and data words ("PostgreSQL", "users table"). */
  databases: string[];
  /** External systems, protocols and tools the story names ("Jira", "webhooks", "S3", "Git"). */
  services: string[];
  /**
   * Web services the story is about (named in the title, or twice in the text with a word of
   * working with them), reached over the network (Jira, S3, Slack ...); not local tools (Git, Maven).
   */
  webServices: string[];
  /** Tools run locally that the story is about, by the same rule (Git, Maven, Subversion). */
  tools: string[];
  /** Vague words found ("maybe", "TBD", "investigate"). */
  vagueWords: string[];
  /** Numbers with units the text states ("200 ms", "10TB"): concrete details for the scores. */
  measures: string[];
  /** Those of `measures` stated as a target ("under 200 ms", "at most 5 seconds"). */
  targets: string[];
  /** The story's own subject: its title without a trailing period. */
  subject: string;
  /** The title without area prefixes, issue keys and tags ("unable to create android module ..."). */
  headline: string;
  /** Area prefixes of the title ("Titanium Studio", "iOS"). */
  areas: string[];
  /** Platforms and browsers the title names ("Android", "Internet Explorer"). */
  platforms: string[];
  /** The API's own name when the text gives one ("the DuraStore REST API"). */
  apiName: string | null;
  /** Other people's data is at stake: owners, permissions, roles, tenants, "another user". */
  userData: boolean;
  /** Passwords, tokens, keys or credentials are involved. */
  secrets: boolean;
  /** Signing in is involved. */
  signIn: boolean;
  /** The description lists steps to reproduce. */
  steps: boolean;
  /** The "Expected result" a bug report states, as a criterion (20-200 characters), or null. */
  expected: string | null;
  /**
   * The story's own requirement sentences ("... should ..."), and in a story that is no bug
   * report the items of its lists of wanted results, cleaned to read as criteria.
   */
  requirements: string[];
}

/** HTTP status codes the engine knows by name, with what they stand for in a criterion. */
export const STATUS_MEANING: Record<number, string> = {
  200: "200 OK",
  201: "201 Created",
  202: "202 Accepted",
  204: "204 No Content",
  301: "301 Moved Permanently",
  302: "302 Found",
  304: "304 Not Modified",
  400: "400 Bad Request",
  401: "401 Unauthorized",
  403: "403 Forbidden",
  404: "404 Not Found",
  405: "405 Method Not Allowed",
  409: "409 Conflict",
  413: "413 Payload Too Large",
  415: "415 Unsupported Media Type",
  422: "422 Unprocessable Entity",
  429: "429 Too Many Requests",
  500: "500 Internal Server Error",
  502: "502 Bad Gateway",
  503: "503 Service Unavailable",
  504: "504 Gateway Timeout",
};

/** Web addresses are not words of the story (a github.com link does not make a GitHub story). */
const withoutUrls = (text: string): string => text.replace(/\b(?:https?|ftp|file):\/\/\S+|\bwww\.\S+/gi, " ");

/** Signals per kind: each match in the title counts 3, in the description 1 (at most 6). */
const KIND_WORDS: Record<Exclude<WorkKind, "api" | "bug" | "testing" | "docs" | "research">, RegExp> = {
  ui: /\b(ui|ux|user interface|dialogs?|buttons?|forms?|pages?|views?|wizards?|menus?|editors?|panels?|screens?|toolbars?|modals?|tooltips?|tabs?|widgets?|dashboards?|explorers?|navigators?|css|styling|themes?|layouts?|icons?|colou?rs?|fonts?|drag and drop|pop-?ups?|dropdowns?|toggles?|dark mode|combo ?box(?:es)?|check ?box(?:es)?|breadcrumbs?|sidebars?)\b/gi,
  migration:
    /\b(migrat\w*|schema (?:changes?|migrations?|versions?)|database schema|backfill\w*|data model|columns?|alter table|upgrade scripts?|re-?index\w*)\b/gi,
  security:
    /\b(authenticat\w*|authori[sz]\w*|oauth\w*|(?:access|refresh|auth|api|bearer|session|security|csrf) tokens?|passwords?|permissions?|acls?|security|secure|encrypt\w*|decrypt\w*|csrf|xss|sql injection|vulnerab\w*|credentials?|access control|ownership|privileges?|shibboleth|single sign-on|sso|log ?in|login|sign[- ]in|access denied|basic-auth)\b/gi,
  performance:
    /\b(performance|performant|slow(?:er|ness|ly|s)?|latency|throughput|memory (?:leaks?|usage|use|consumption|footprint)|out of memory|cpu (?:usage|use|time|load)|load[- ]test\w*|benchmarks?|scalab\w*|scaling|speed(?: up)?|optimi[sz]\w*|faster|lazy[- ]load\w*|response times?|\d+\s?(?:ms|milliseconds))\b/gi,
  integration:
    /\b(jira|slack|microsoft teams|github|gitlab|bitbucket|webhooks?|s3|aws|azure|hdfs|ldap|smtp|stripe|salesforce|zapier|svn|subversion|cvs|git|mercurial|hg|maven|third[- ]party|integrat(?:e|es|ed|ing|ion) with|sync(?:hroni[sz]\w*)? with|message queue|kafka|rabbitmq)\b/gi,
};

/** Strong evidence of an HTTP API: REST, endpoints, web services, verbs with paths, status codes named as such. */
const HTTP_STRONG =
  /\b(?:rest tier|endpoints?|web ?services?|status codes?|response codes?)\b|\b(?:GET|POST|PUT|PATCH|DELETE)\s+\/|\bhttp (?:status|error|response|request|header)s?\b|\b[1-5]\d\d (?:response|error|status)\b/gi;
/** "REST" in capitals (lower-case "rest" is the rest of something). */
const REST = /\bREST(?:ful)?\b/g;
/** Words that add to an HTTP API once strong evidence is there, and URL paths ("/users/me/assets"). */
const HTTP_WEAK =
  /\b(?:api|apis|requests?|responses?|json|http|https|headers?|query param\w*)\b|(?:^|\s)\/[a-z][\w-]*\/[\w{}-]+/gi;

/** A bug report's markers in the description. */
const REPRO =
  /\b(?:steps to reproduce|to reproduce|repro steps|expected (?:result|behaviou?r|outcome)s?|actual (?:result|behaviou?r|outcome)s?|stack ?trace|traceback|nullpointerexception|npe|segfault|regression)\b/gi;
/** Bug words in a title ("fails", "doesn't", "NPE", "crashes"). */
const BUG_TITLE =
  /\b(?:bugs?|(?:not |in)compatib\w*|fails?|failed|failing|failures?|falsely|empty (?:response|result|page|list)s?|broken|crash\w*|errors?|\w*exception|npe|incorrect\w*|wrong|regression|not working|doesn't|does not|don't|do not|isn't|is not|aren't|are not|cannot|can't|can not|unable|hangs?|hung|freez\w*|segfaults?|leak\w*|flaky|missing|invalid|instead of|5\d\d (?:response|error)|(?:is|are|gets?) (?:dropped|lost|ignored)|not (?:honou?red|shown|showing|displayed|found|saved|updated|loaded|passing))\b/gi;
/** Title verbs that ask for new work rather than report a problem. */
const FEATURE_VERB =
  /^(?:add|allow|create|define|document|enable|enhance|expose|implement|improve|introduce|investigate|make|prepare|provide|publish|research|support|test|update|upgrade|use|write)\b/i;

const TESTING_TITLE =
  /^(?:add|write|create|fix|update|improve)\b.*\btests?\b|^test\b|\btests? not passing\b|\bflaky\b|\btest ?suite\b|\bunit tests?\b|\bintegration tests?\b|\btests? (?:fail|failing)\b/i;
/** A test class named in a title ("MatrixQueryTests", "NotificationsIT"). */
const TEST_CLASS = /\b[A-Z][A-Za-z0-9]+(?:Test|Tests|IT)\b/;
/** Quoted names ("Test failing since" is a Bamboo feature) are no signal of the kind of work. */
const withoutQuoted = (text: string): string => text.replace(/"[^"]*"|“[^”]*”/g, " ");
const DOCS_TITLE =
  /^(?:document|write (?:the )?docs)\b|\b(?:documentation|docs|tutorial|javadocs?|readme|release notes|user guide|how-?to)\b/i;
const RESEARCH_TITLE =
  /^(?:investigate|research|spike|explore|evaluate|consider|look into|prototype|analy[sz]e|assess|study)\b|\[spike\]|^spike\b/i;

/** Named systems: web services (reached over the network), tools run locally, and protocols. */
const SERVICE_NAMES: [RegExp, string, "web" | "tool" | "protocol"][] = [
  [/\bjira\b/i, "Jira", "web"],
  [/\bslack\b/i, "Slack", "web"],
  [/\bmicrosoft teams\b|\bteams (app|bot|channel|message)/i, "Microsoft Teams", "web"],
  [/\bgithub\b/i, "GitHub", "web"],
  [/\bgitlab\b/i, "GitLab", "web"],
  [/\bbitbucket\b/i, "Bitbucket", "web"],
  [/\bwebhooks?\b/i, "Webhooks", "web"],
  [/\bs3\b/i, "Amazon S3", "web"],
  [/\bazure\b/i, "Azure", "web"],
  [/\bhdfs\b/i, "HDFS", "tool"],
  [/\bldap\b/i, "LDAP", "web"],
  [/\boauth\b/i, "OAuth", "protocol"],
  [/\bsmtp\b|\be-?mail (notification|service)/i, "E-mail (SMTP)", "web"],
  [/\bstripe\b/i, "Stripe", "web"],
  [/\bsalesforce\b/i, "Salesforce", "web"],
  [/\bkafka\b/i, "Kafka", "tool"],
  [/\brabbitmq\b/i, "RabbitMQ", "tool"],
  [/\bsvn\b|\bsubversion\b/i, "Subversion", "tool"],
  [/\bcvs\b/i, "CVS", "tool"],
  [/\bgit\b/i, "Git", "tool"],
  [/\bmercurial\b|\bhg\b/i, "Mercurial", "tool"],
  [/\bmaven\b/i, "Maven", "tool"],
  [/\bamazon\b|\baws\b/i, "AWS", "web"],
];

const DATABASE_NAMES: [RegExp, string][] = [
  [/\bpostgres(ql)?\b/i, "PostgreSQL"],
  [/\bmysql\b/i, "MySQL"],
  [/\bcassandra\b/i, "Cassandra"],
  [/\bmongo(db)?\b/i, "MongoDB"],
  [/\bredis\b/i, "Redis"],
  [/\belastic ?search\b/i, "Elasticsearch"],
  [/\bsqlite\b/i, "SQLite"],
  [/\boracle\b/i, "Oracle"],
  [/\bhibernate\b/i, "Hibernate"],
];

const UI_PARTS =
  /\b((?:[A-Z][\w-]*|[a-z][\w-]{2,})\s)?((?:[A-Z][\w-]*|[a-z][\w-]{2,})\s)?(dialog|button|form|page|view|wizard|menu|editor|panel|screen|toolbar|modal|tooltip|popup|pop-up|preferences|window|tab|widget|dashboard|explorer|navigator|console)\b/g;
/** UI parts a title names with a capital, alone ("Links in Dashboard", "Project Explorer"). */
const TITLE_UI_PARTS =
  /\b((?:(?!Internet\b)[A-Z][\w-]+ )?(?:Dashboard|Explorer|Navigator|Console|Wizard|Editor|Toolbar))\b/;
const STOP = new Set(
  (
    "the a an this that new of to in on and or for with from is be each any our your its their same when should will can " +
    "after before into onto inside while where which who what all both either another other whole main current same " +
    "hitting closing opening using attached proper following previous next first last right left top bottom up down it " +
    "as at by via not no only just also then than own giant var let const function return standard rejects"
  ).split(" "),
);

const VAGUE =
  /\b(maybe|perhaps|possibly|might|somehow|something|some kind of|tbd|tbc|todo|investigate|not sure|unclear|probably|etc|and so on|figure out|look into|may be|could be|various|stuff)\b/gi;

/** A pattern's matches in a text. */
const hits = (pattern: RegExp, text: string): string[] => text.match(new RegExp(pattern.source, pattern.flags)) ?? [];

/** The "As a ... I want ... so that ..." of a text, when stated (the article kept, "to" kept). */
function userStoryOf(text: string): StoryReading["userStory"] {
  const match =
    /\bas (an?|the)\s+([^,.\n]{2,80}?),?\s+i\s*(?:want|would like|'d like|need|wish)\s+((?:[^.\n]|\.(?=\w)){3,200}?)(?:,?\s+so\s+that\s+((?:[^.\n]|\.(?=\w)){3,200}))?(?:[.\n]|$)/i.exec(
      text,
    );
  if (!match) return null;
  const want = (match[3] ?? "").trim().replace(/^to be able to\s/i, "to ");
  return {
    as: `${(match[1] ?? "").toLowerCase()} ${(match[2] ?? "").trim()}`,
    want,
    soThat: (match[4] ?? "").trim(),
  };
}

/** Sentences that open with these are asides, not requirements ("However, ...", "Imo ...", "The idea ..."). */
const ASIDE =
  /^(?:and|but|so|or|also|however|maybe|perhaps|ideally|imo|imho|note|todo|the idea|i think|currently|now|today|even though|although|again|btw|fyi|e\.g|i\.e|expected|actual|see|please|for instance|for example|in this case|this can be|this is|this ticket|this issue|this story)\b/i;
/** Words of a person speaking: a criterion is written about the product, not as "I" or "we". */
const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|me|my|we|we're|we've|we'd|our|us|you|you're|your)\b/i;
/** Code, logs and tables: not sentences to reuse. */
const CODE_LIKE = /[{}|;<>=]|\w\(|::|\[\w+\]|^\s*at\s+[\w.$]+\(|\w+\.\w+\.\w+\.\w+/;

/**
 * A sentence of the story cleaned to stand as an acceptance criterion, or null when it cannot:
 * 20-200 characters, a statement (no question, aside, "would", first person, vague word, code or
 * link), starting with a capital; the final period and doubled words go.
 */
export function asCriterion(sentence: string): string | null {
  const s = withoutDoubledWords(
    sentence
      .replace(/""/g, '"')
      .replace(/^\s*(?:\d+[.)]|[-*#])\s*/, "")
      .replace(/\s+/g, " ")
      .trim(),
  ).replace(/[.!]+$/, "");
  if (s.length < 20 || s.length > 200 || s.split(" ").filter((w) => /\p{L}{2}/u.test(w)).length < 4) return null;
  if (!/^[\p{Lu}\p{N}"“]/u.test(s) || /[?:…]|\.\.\.$/.test(s)) return null;
  // Paths are names, not words ("/users/me" has no speaker).
  const words = s.replace(/\S*\/\S*/g, " ");
  if (ASIDE.test(s) || FIRST_PERSON.test(words) || CODE_LIKE.test(s) || /\bwould\b|\bsee if\b|\bhttps?:\/\//i.test(s))
    return null;
  // Hedges and problem statements describe today or a guess, not what is wanted.
  if (hits(VAGUE, s).length > 0 || HEDGE.test(s)) return null;
  return s;
}

/** "likely", "not enough", "currently", "manually": a sentence about a guess or about today's problem. */
const HEDGE =
  /\b(?:likely|hopefully|not enough|otherwise|currently|at the moment|right now|manually|workaround|a problem|t\.b\.d)\b|\b(?:like|to|for|with|and|or|of|the|a|an|as|e\.g)$/i;

/**
 * The story's requirement sentences ("should", "must", "needs to", "shall"), cleaned as
 * criteria; in a story that is no bug report also its capability statements ("User can ...").
 * A bug report's "can" sentences describe what happens today, not what is wanted.
 */
function requirementsOf(sentences: readonly string[], bug: boolean): string[] {
  const modal = bug
    ? /\b(?:should|must|needs? to|has to|have to|shall|is required|are required)\b/i
    : /\b(?:should|must|needs? to|has to|have to|shall|is required|are required|allows? (?:the )?users? to)\b|^(?:the |a |an |any |every )?(?:users?|admins?|administrators?|developers?|customers?|operators?|leaders?|participants?|people|anyone|everyone)\b[^.]*\b(?:can|is able to|are able to)\b/i;
  return uniqueCaseless(
    sentences
      .filter((s) => modal.test(s) && s.trim().split(/\s+/).length >= 6)
      .map(asCriterion)
      .filter((s): s is string => s !== null),
  );
}

/** What a list that follows such a line holds: steps, set-up or output, not wanted results. */
const STEPS_CONTEXT =
  /\b(?:steps?|reproduce|repro|prereq\w*|set-?up|environment|stack|logs?|output|errors?|trace|actual|expected|example|scenarios?|e\.g|options?|notes?)\b/i;

/**
 * Items of the description's lists ("- Display the progress of ...", "1. Delete obsolete
 * tools") that can stand as criteria: Jira lists and numbered lines, never code or logs, not a
 * list of steps, set-up, output or options (by the line before it), each cleaned like a
 * sentence (see asCriterion).
 */
function listItemsOf(description: string | null | undefined): string[] {
  if (!description || description.trim() === "NULL") return [];
  const out: string[] = [];
  let context = "";
  const take = (item: string) => {
    if (STEPS_CONTEXT.test(context)) return;
    const criterion = asCriterion(item);
    if (criterion) out.push(criterion);
  };
  for (const block of parseJiraMarkup(description.replace(/<[^>]+>/g, " "))) {
    if (block.kind === "list") {
      for (const item of block.items) take(jiraInlineText(item));
    } else if (block.kind === "paragraph" || block.kind === "heading") {
      for (const line of jiraInlineText(block.inlines).split("\n")) {
        const numbered = /^\s*(?:\d+[.)]|[-*])\s+(\S.*)$/.exec(line);
        if (numbered) take(numbered[1] ?? "");
        else if (line.trim()) context = line;
      }
      continue;
    }
    context = "";
  }
  return uniqueCaseless(out);
}

/**
 * The "Expected result" of a bug report, on its own line or after the label: a full sentence
 * as it stands, a short one as "Expected result: ...". Null when missing or not a statement.
 */
function expectedOf(text: string): string | null {
  const m =
    /\bexpected(?: (?:result|results|behaviou?r|outcome))?\s*:?[ \t]*([^\n]*)(?:\n([^\n]*))?/i.exec(text) ?? null;
  if (!m) return null;
  const line = ((m[1] ?? "").trim() || (m[2] ?? "").trim()).split(/\bactual (?:result|results|behaviou?r)\b/i)[0] ?? "";
  const first = sentencesOf(line)[0] ?? "";
  const stated = asCriterion(first);
  if (stated) return stated;
  const short = first.replace(/[.!]+$/, "").trim();
  if (
    short.split(/\s+/).length >= 3 &&
    short.length <= 120 &&
    !FIRST_PERSON.test(short) &&
    !CODE_LIKE.test(short) &&
    /^\p{Lu}[\p{L}\s,'-]+$/u.test(short)
  )
    return `Expected result: ${short}`;
  return null;
}

/** The API's own name: "DuraStore REST API" -> "the DuraStore REST API". */
function apiNameOf(text: string): string | null {
  const rest = /\b([A-Z][\w-]*)[ -]REST[ -]?API\b/.exec(text);
  const plain = /\b([A-Z][\w-]*) API\b/.exec(text);
  const name = rest?.[1] ?? plain?.[1];
  if (!name || STOP.has(name.toLowerCase()) || /^(?:REST|The|This|New|Public|An?|Java|JavaScript)$/.test(name))
    return null;
  return rest ? `the ${name} REST API` : `the ${name} API`;
}

/** Endpoints: "GET /users/me" always; a bare "/assets/{id}" only in a story about an API. */
function endpointsOf(text: string, isApi: boolean): Endpoint[] {
  const found: Endpoint[] = [];
  const seen = new Set<string>();
  const add = (verb: string | null, path: string) => {
    const clean = path.replace(/[.,;:)\]"']+$/, "");
    if (clean.length < 2 || /\.(java|js|ts|xml|py|jar|html?|css|png|jpe?g|log|txt|cpp|h|sh)$/i.test(clean)) return;
    if (/^\/(opt|usr|home|tmp|var|etc|bin|proc|dev|sys|lib|private|Users|Applications|Library|System)\//.test(clean))
      return;
    const key = `${verb ?? ""} ${clean}`.toLowerCase();
    if (seen.has(key) || [...seen].some((k) => k.endsWith(` ${clean.toLowerCase()}`))) return;
    seen.add(key);
    found.push({ verb, path: clean });
  };
  for (const m of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\s+(\/[\w{}:.*/-]+)/g)) add(m[1] ?? null, m[2] ?? "");
  if (isApi) {
    for (const m of text.matchAll(/(?:^|[\s(])(\/[a-z][\w{}:-]*(?:\/[\w{}:*.-]+)*)/gi)) add(null, m[1] ?? "");
  }
  return found.slice(0, 4);
}

/**
 * Whether a service is what the story is about: named in the title, or at least twice in the
 * text together with a word of working with it (a passing mention, a link that opens it, is not).
 */
function isAbout(re: RegExp, title: string, text: string): boolean {
  return (
    re.test(title) ||
    (hits(new RegExp(re.source, "gi"), text).length >= 2 &&
      /\b(?:integrat\w*|sync\w*|connect\w*|log ?in|logged|accounts?|credentials?|api|submit\w*|upload\w*|push\w*|pull\w*|commit\w*|checkout|clone|import\w*|export\w*|repositor\w*|webhooks?)\b/i.test(
        text,
      ))
  );
}

/** Kinds of work, strongest first (see KIND_WORDS and the rules for api, bug, testing, docs, research). */
function kindsOf(title: string, text: string, headline: string, areas: string[], services: string[]): WorkKind[] {
  // The headline says what the work is; area prefixes ("Dashboard: ...") only where it happens.
  const context = `${areas.join(" ")}\n${text}`;
  const scores: { kind: WorkKind; score: number }[] = (Object.keys(KIND_WORDS) as (keyof typeof KIND_WORDS)[]).map(
    (kind) => {
      const score = hits(KIND_WORDS[kind], headline).length * 3 + Math.min(hits(KIND_WORDS[kind], context).length, 6);
      // UI words turn up in most stories of a desktop or web product: UI leads only when it is clearly the subject.
      return { kind, score: kind === "ui" ? score * 0.6 : score };
    },
  );
  const kinds = scores.filter((s) => {
    if (s.kind === "integration")
      return services.length > 0 || /\b(third[- ]party|integrat\w* with)\b/i.test(`${title} ${text}`);
    return s.score >= (s.kind === "ui" ? 1.8 : s.kind === "performance" ? 3 : 2);
  });
  const strongIn = (t: string) => hits(HTTP_STRONG, t).length + hits(REST, t).length;
  // One passing mention in the description ("this will not extend to the REST API") is not enough.
  const strong = strongIn(title) * 3 + strongIn(text) + (hits(HTTP_WEAK, `${title} ${text}`).length >= 2 ? 1 : 0);
  // Status codes are only written for a story that names its API, endpoint, HTTP, REST or a
  // request ("GET /assets/{id}").
  const named = /\b(?:apis?|endpoints?|https?|rest|restful|requests?)\b|\b(?:GET|POST|PUT|PATCH|DELETE)\s+\//i.test(
    `${title} ${text}`,
  );
  if (named && strong >= 2)
    kinds.push({ kind: "api", score: strong + Math.min(hits(HTTP_WEAK, `${title} ${text}`).length, 4) });
  const titleBug = hits(BUG_TITLE, headline).length > 0 && !FEATURE_VERB.test(headline);
  const repro = hits(REPRO, text).length;
  if (titleBug || repro >= 2 || (repro >= 1 && /\b(?:steps to reproduce|expected|actual)\b/i.test(text)))
    kinds.push({ kind: "bug", score: (titleBug ? 6 : 0) + Math.min(repro, 4) });
  const plainHeadline = withoutQuoted(headline);
  const reshapes = /^(?:refactor|rename|move|extract|merge|clean)\b/i.test(plainHeadline);
  if (TESTING_TITLE.test(plainHeadline) || (TEST_CLASS.test(plainHeadline) && !reshapes)) {
    kinds.push({ kind: "testing", score: 8 });
    // A failing test is test work: its own criteria say how it passes again.
    if (/\b(?:flaky|not passing|fail\w*)\b|^fix\b/i.test(plainHeadline) && !/\bsegfault|\bcrash/i.test(plainHeadline)) {
      const bug = kinds.findIndex((k) => k.kind === "bug");
      if (bug >= 0) kinds.splice(bug, 1);
    }
  }
  if (DOCS_TITLE.test(withoutQuoted(headline))) kinds.push({ kind: "docs", score: 8 });
  if (RESEARCH_TITLE.test(title)) kinds.push({ kind: "research", score: 9 });
  return kinds.sort((a, b) => b.score - a.score).map((s) => s.kind);
}

/** Reads a story's title and description (issue #9 section 1, local engine; issue #22 section 4). */
export function readStory(title: string, description?: string | null): StoryReading {
  const text = plainStoryText(description);
  const all = `${title}\n${text}`;
  const bare = withoutUrls(all);
  // The story's prose without its code, logs and stack traces ("owner" in a log is no user data).
  const prose = withoutUrls(
    `${title}\n${plainStoryText(description?.replace(/\{(code|noformat)(?::[^}]*)?\}[\s\S]*?(?:\{\1\}|$)/gi, " "))}`,
  );
  const { headline, areas } = titleParts(title);
  // Every system the story names is context; only those it is about get integration criteria.
  const services = SERVICE_NAMES.filter(([re]) => re.test(bare)).map(([, name]) => name);
  const found = SERVICE_NAMES.filter(([re]) => isAbout(re, title, withoutUrls(text)));
  const kinds = kindsOf(
    title,
    withoutUrls(text),
    headline,
    areas,
    found.filter(([, , type]) => type !== "protocol").map(([, name]) => name),
  );
  const isApi = kinds.includes("api");
  const statusCodes = isApi
    ? uniqueCaseless(
        [...bare.matchAll(/\b([1-5]\d\d)\b/g)]
          .map((m) => m[1] ?? "")
          .filter((c) => STATUS_MEANING[Number(c)] !== undefined),
      ).map(Number)
    : [];
  const titleUi = TITLE_UI_PARTS.exec(headline)?.[1];
  const components = uniqueCaseless([
    ...(titleUi ? [titleUi] : []),
    ...[...all.matchAll(UI_PARTS)]
      .map((m) => {
        // The words right before the UI word that name it ("release note view"), not verbs or little words.
        const leads: string[] = [];
        const words = [m[1], m[2]].map((x) => (x ?? "").trim()).filter(Boolean);
        for (const w of words.reverse()) {
          const lower = w.toLowerCase();
          if (STOP.has(lower) || IMPERATIVE_VERBS.has(lower) || /(?:ing|ed)$/.test(lower)) break;
          leads.unshift(w);
        }
        return leads.length > 0 ? `${leads.join(" ")} ${m[3]}` : "";
      })
      .filter((c) => c !== "" && !/^\d/.test(c)),
  ]).slice(0, 5);
  const databases = uniqueCaseless([
    ...DATABASE_NAMES.filter(([re]) => re.test(bare)).map(([, name]) => name),
    ...[...all.matchAll(/\b([a-z_][\w]*) (table|collection|column|index)\b/gi)]
      .filter((m) => !STOP.has((m[1] ?? "").toLowerCase()))
      .map((m) => `${m[1]} ${(m[2] ?? "").toLowerCase()}`),
  ]).slice(0, 5);
  const measures = uniqueCaseless(
    [
      ...all.matchAll(
        /\b(\d+(?:\.\d+)?\s?(?:ms|milliseconds|seconds|secs?|minutes|mins|hours|tb|gb|mb|kb|%|requests\/s|rps|users))\b/gi,
      ),
    ].map((m) => m[1] ?? ""),
  ).slice(0, 3);
  const targets = uniqueCaseless(
    [
      ...all.matchAll(
        /\b(?:under|below|within|less than|at most|no more than|target(?:s|ed)? (?:of|is)?|<=?)\s*(\d+(?:\.\d+)?\s?(?:ms|milliseconds|seconds|secs?|minutes|mins|hours|tb|gb|mb|kb|%|requests\/s|rps|users))\b/gi,
      ),
    ].map((m) => m[1] ?? ""),
  ).slice(0, 3);
  const sentences = sentencesOf(text);
  return {
    title,
    text,
    sentences,
    words: wordCount(text),
    userStory: userStoryOf(all),
    kinds,
    endpoints: endpointsOf(all, isApi),
    statusCodes,
    components,
    databases,
    services,
    webServices: found.filter(([, , type]) => type === "web").map(([, name]) => name),
    tools: found.filter(([, , type]) => type === "tool").map(([, name]) => name),
    vagueWords: uniqueCaseless(hits(VAGUE, all).map((w) => w.toLowerCase())),
    measures,
    targets,
    subject: clip(title.trim().replace(/[.!]+$/, ""), 120),
    headline,
    areas,
    platforms: platformsIn(withoutUrls([...areas, headline].join(" "))),
    apiName: isApi ? apiNameOf(bare) : null,
    userData:
      /\b(?:(?:other|another|different) (?:users?|accounts?|tenants?|organi[sz]ations?|customers?)|ownership|owners?|acls?|access control|privileges?|roles?|multi-?tenan\w*|tenants?|personal data|private (?:data|content|spaces?)|their (?:own )?(?:data|entit\w+|content|files))\b/i.test(
        prose,
      ),
    secrets:
      /\b(?:passwords?|credentials?|secrets?|(?:access|refresh|auth|api|bearer|session|oauth) tokens?|api keys?|private keys?|ssh keys?|basic[- ]auth)\b/i.test(
        prose,
      ),
    signIn: /\b(?:log ?in|login|logged in|sign[- ]in|signed in|log ?on)\b/i.test(prose),
    steps:
      /\b(?:steps to reproduce|to reproduce|repro steps|steps)\s*:?\s*\n?\s*(?:1\.|#|-)/i.test(text) ||
      /\bsteps to reproduce\b/i.test(text),
    expected: expectedOf(text),
    requirements: uniqueCaseless([
      ...requirementsOf(sentences, kinds.includes("bug")),
      ...(kinds.includes("bug") ? [] : listItemsOf(description)),
    ]),
  };
}
