import { clip, plainStoryText, sentencesOf, uniqueCaseless, wordCount } from "./storyText";

/** Kinds of work the local engine has criteria templates for (issue #9 section 1). */
export type WorkKind = "api" | "ui" | "migration" | "security" | "performance" | "integration" | "bug";

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
  /** "As a ... I want ... so that ..." when the story states it. */
  userStory: { as: string; want: string; soThat: string } | null;
  /** Kinds of work, strongest signal first. */
  kinds: WorkKind[];
  endpoints: Endpoint[];
  /** HTTP status codes the text mentions (e.g. 404), in order of appearance. */
  statusCodes: number[];
  /** UI parts named in the text ("property page", "context menu"). */
  components: string[];
  /** Data stores and data words ("PostgreSQL", "users table"). */
  databases: string[];
  /** External systems and protocols ("Jira", "webhooks", "S3", "OAuth"). */
  services: string[];
  /** Vague words found ("maybe", "TBD", "investigate"). */
  vagueWords: string[];
  /** Numbers with units the text states as targets ("200 ms", "10TB"). */
  measures: string[];
  /** The story's own subject: its title without a trailing period. */
  subject: string;
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

const KIND_WORDS: Record<WorkKind, RegExp> = {
  api: /\b(rest(ful)?|api|endpoints?|http|https|json|graphql|grpc|webservice|web service|request|response|resource|status code|(get|post|put|patch|delete)\s+\/)/gi,
  ui: /\b(ui|ux|dialog|button|form|page|view|wizard|menu|editor|panel|screen|toolbar|icon|layout|modal|tooltip|preferences?|window|tab|label|widget|css|theme|drag|click|display|render)\w*/gi,
  migration:
    /\b(migrat\w*|schema|database|db|table|column|index(es)?|sql|postgres\w*|mysql|cassandra|mongo\w*|backfill|upgrade script|data model|import|export|bulk load|ingest)\b/gi,
  security:
    /\b(auth\w*|oauth|tokens?|passwords?|permission\w*|roles?|acl|secur\w*|encrypt\w*|csrf|xss|injection|vulnerab\w*|credential\w*|ssl|tls|certificate|ownership|access control|login|sign[- ]in)\b/gi,
  performance:
    /\b(perform\w*|slow\w*|fast\w*|latency|throughput|cache|caching|memory|cpu|load|scal\w*|timeouts?|speed|optimi[sz]\w*|benchmark|\d+\s?(ms|milliseconds|seconds|s)\b)/gi,
  integration:
    /\b(jira|slack|microsoft teams|github|gitlab|bitbucket|webhooks?|s3|aws|azure|hdfs|ldap|smtp|e-?mail|stripe|salesforce|zapier|svn|cvs|git|maven|npm|third[- ]party|integrat\w*|sync\w*|callback|message queue|kafka|rabbitmq)\b/gi,
  bug: /\b(bugs?|fails?|failed|failing|failure|broken|crash\w*|errors?|exceptions?|incorrect\w*|wrong|regression|not working|doesn't|does not|cannot|can't|npe|hangs?)\b/gi,
};

const SERVICE_NAMES: [RegExp, string][] = [
  [/\bjira\b/i, "Jira"],
  [/\bslack\b/i, "Slack"],
  [/\bmicrosoft teams\b|\bteams (app|bot|channel|message)/i, "Microsoft Teams"],
  [/\bgithub\b/i, "GitHub"],
  [/\bgitlab\b/i, "GitLab"],
  [/\bbitbucket\b/i, "Bitbucket"],
  [/\bwebhooks?\b/i, "Webhooks"],
  [/\bs3\b/i, "Amazon S3"],
  [/\bazure\b/i, "Azure"],
  [/\bhdfs\b/i, "HDFS"],
  [/\bldap\b/i, "LDAP"],
  [/\boauth\b/i, "OAuth"],
  [/\bsmtp\b|\be-?mail (notification|service)/i, "E-mail (SMTP)"],
  [/\bstripe\b/i, "Stripe"],
  [/\bkafka\b/i, "Kafka"],
  [/\brabbitmq\b/i, "RabbitMQ"],
  [/\bsvn\b|\bsubversion\b/i, "Subversion"],
  [/\bcvs\b/i, "CVS"],
  [/\bgit\b/i, "Git"],
  [/\bmaven\b/i, "Maven"],
  [/\bamazon\b|\baws\b/i, "AWS"],
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
  /\b((?:[A-Z][\w-]*|[a-z][\w-]{2,})\s)?(dialog|button|form|page|view|wizard|menu|editor|panel|screen|toolbar|modal|tooltip|preferences|window|tab|widget|dashboard)\b/g;
const STOP = new Set([
  "the",
  "a",
  "an",
  "this",
  "that",
  "new",
  "of",
  "to",
  "in",
  "on",
  "and",
  "or",
  "for",
  "with",
  "from",
  "is",
  "be",
  "each",
  "any",
  "our",
  "your",
  "its",
  "their",
  "same",
  "when",
  "should",
  "will",
  "can",
]);

const VAGUE =
  /\b(maybe|perhaps|possibly|might|somehow|something|some kind of|tbd|tbc|todo|investigate|not sure|unclear|probably|etc|and so on|figure out|look into|may be|could be|various|stuff)\b/gi;

/** Counts a pattern's matches in a text. */
const hits = (pattern: RegExp, text: string): string[] => text.match(new RegExp(pattern.source, pattern.flags)) ?? [];

/** The "As a ... I want ... so that ..." of a text, when stated. */
function userStoryOf(text: string): StoryReading["userStory"] {
  const match =
    /\bas an?\s+([^,.\n]{2,80}?),?\s+i\s+(?:want|would like|need|wish)\s+(?:to\s+)?([^.\n]{3,200}?)(?:,?\s+so\s+that\s+([^.\n]{3,200}))?(?:[.\n]|$)/i.exec(
      text,
    );
  if (!match) return null;
  return { as: (match[1] ?? "").trim(), want: (match[2] ?? "").trim(), soThat: (match[3] ?? "").trim() };
}

/** Endpoints: "GET /users/me" always; a bare "/assets/{id}" only in a story about an API. */
function endpointsOf(text: string, isApi: boolean): Endpoint[] {
  const found: Endpoint[] = [];
  const seen = new Set<string>();
  const add = (verb: string | null, path: string) => {
    const clean = path.replace(/[.,;:)\]"']+$/, "");
    if (clean.length < 2 || /\.(java|js|ts|xml|py|jar|html?|css|png|jpe?g|log|txt|cpp|h|sh)$/i.test(clean)) return;
    if (/^\/(opt|usr|home|tmp|var|etc|bin)\//.test(clean)) return;
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

/** Reads a story's title and description (issue #9 section 1, local engine). */
export function readStory(title: string, description?: string | null): StoryReading {
  const text = plainStoryText(description);
  const all = `${title}\n${text}`;
  const scores = (Object.keys(KIND_WORDS) as WorkKind[]).map((kind) => {
    const titleHits = hits(KIND_WORDS[kind], title).length;
    const textHits = hits(KIND_WORDS[kind], text).length;
    return { kind, score: titleHits * 3 + Math.min(textHits, 6) };
  });
  const endpointsVerb = /\b(GET|POST|PUT|PATCH|DELETE)\s+\//.test(all);
  const kinds = scores
    .filter(
      (s) => s.score >= (s.kind === "ui" || s.kind === "performance" ? 3 : 2) || (s.kind === "api" && endpointsVerb),
    )
    .sort((a, b) => b.score - a.score)
    .map((s) => s.kind);
  const isApi = kinds.includes("api");
  const statusCodes = uniqueCaseless(
    [...all.matchAll(/\b([1-5]\d\d)\b/g)].map((m) => m[1] ?? "").filter((c) => STATUS_MEANING[Number(c)] !== undefined),
  )
    .map(Number)
    .filter(() => isApi || /\b(http|status|error code|response)\b/i.test(all));
  const components = uniqueCaseless(
    [...all.matchAll(UI_PARTS)].map((m) => {
      const lead = (m[1] ?? "").trim();
      return lead && !STOP.has(lead.toLowerCase()) ? `${lead} ${m[2]}` : (m[2] ?? "");
    }),
  )
    .filter((c) => c.includes(" "))
    .slice(0, 5);
  const databases = uniqueCaseless([
    ...DATABASE_NAMES.filter(([re]) => re.test(all)).map(([, name]) => name),
    ...[...all.matchAll(/\b([a-z_][\w]*) (table|collection|column|index)\b/gi)]
      .filter((m) => !STOP.has((m[1] ?? "").toLowerCase()))
      .map((m) => `${m[1]} ${(m[2] ?? "").toLowerCase()}`),
  ]).slice(0, 5);
  const services = SERVICE_NAMES.filter(([re]) => re.test(all)).map(([, name]) => name);
  const measures = uniqueCaseless(
    [
      ...all.matchAll(
        /\b(\d+(?:\.\d+)?\s?(?:ms|milliseconds|seconds|secs?|minutes|mins|hours|tb|gb|mb|kb|%|requests\/s|rps|users))\b/gi,
      ),
    ].map((m) => m[1] ?? ""),
  ).slice(0, 3);
  return {
    title,
    text,
    sentences: sentencesOf(text),
    words: wordCount(text),
    userStory: userStoryOf(all),
    kinds,
    endpoints: endpointsOf(all, isApi),
    statusCodes,
    components,
    databases,
    services,
    vagueWords: uniqueCaseless(hits(VAGUE, all).map((w) => w.toLowerCase())),
    measures,
    subject: clip(title.trim().replace(/[.!]+$/, ""), 120),
  };
}
