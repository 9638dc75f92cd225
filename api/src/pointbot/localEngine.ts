import type { StoryAnalysis } from "@pointwise/core/pointbotSchemas";
import type { PointBotEngine, StoryDraft, StoryForCriteria } from "./port";
import { type Endpoint, readStory, STATUS_MEANING, type StoryReading, type WorkKind } from "./storyReading";
import { clip, uniqueCaseless } from "./storyText";

/** The label of the local engine's output in the UI (issue #9 section 1). */
export const LOCAL_ENGINE_LABEL = "PointBot (local)";

/** Most criteria in one analysis. */
const MAX_CRITERIA = 10;
/** Most criteria one kind of work contributes before the next kind's (API stories keep their status codes). */
const PER_KIND = { api: 6, other: 3 };

const endpointName = (e: Endpoint): string => (e.verb ? `${e.verb} ${e.path}` : e.path);
const lowerFirst = (s: string): string => (/^[A-Z][a-z]/.test(s) ? s[0]?.toLowerCase() + s.slice(1) : s);

/** The thing the story is about, for criteria: its first endpoint, UI part, or its title. */
function focusOf(r: StoryReading): string {
  const endpoint = r.endpoints[0];
  if (endpoint) return endpointName(endpoint);
  if (r.kinds.includes("api") || r.kinds.includes("security")) return `the API behind “${r.subject}”`;
  return `“${r.subject}”`;
}

/** Criteria for a story about an HTTP API: one per status code the story implies or names. */
function apiCriteria(r: StoryReading): string[] {
  const target = focusOf(r);
  const codes = new Set<number>([...r.statusCodes, 200, 400, 401, 404]);
  const out: string[] = [];
  const success = [...codes].find((c) => c >= 200 && c < 300) ?? 200;
  out.push(
    `${target} answers ${STATUS_MEANING[success]} with the documented JSON body for a valid, authorised request`,
  );
  if (codes.has(400))
    out.push(`${target} answers ${STATUS_MEANING[400]} with field-level errors for missing or malformed input`);
  if (codes.has(401))
    out.push(`${target} answers ${STATUS_MEANING[401]} when the request has no valid credentials or token`);
  if (codes.has(403) || r.kinds.includes("security"))
    out.push(`${target} answers ${STATUS_MEANING[403]} when the caller may not act on another owner's resource`);
  if (codes.has(404)) out.push(`${target} answers ${STATUS_MEANING[404]} for an unknown or deleted resource id`);
  for (const code of codes) {
    if ([200, 201, 204, 400, 401, 403, 404].includes(code)) continue;
    out.push(`${target} answers ${STATUS_MEANING[code]} in the case the story describes, covered by an API test`);
  }
  return out;
}

/** Criteria templates per kind of work (issue #9 section 1), filled with the story's own names. */
function kindCriteria(kind: WorkKind, r: StoryReading): string[] {
  const focus = focusOf(r);
  const ui = r.components[0] ?? `the screen for “${r.subject}”`;
  const data = r.databases.length > 0 ? r.databases.join(", ") : "the affected tables";
  const service = r.services.length > 0 ? r.services.join(", ") : "The external system";
  const measure = r.measures[0];
  switch (kind) {
    case "api":
      return apiCriteria(r);
    case "ui":
      return [
        `The ${ui} shows the change described in ${focus} and keeps the existing controls working`,
        `The ${ui} can be used with the keyboard only and announces its state to screen readers`,
        `The ${ui} shows a clear empty, loading and error state instead of a blank area`,
        `The ${ui} stays usable at a 390 px wide window and in dark mode`,
      ];
    case "migration":
      return [
        `The migration of ${data} runs on a copy of production data without errors and can be run twice safely`,
        `Row counts and checksums of ${data} match before and after the migration`,
        `A rollback script restores ${data} to the previous schema without data loss`,
        `Existing records created before the change still read and write correctly afterwards`,
      ];
    case "security":
      return [
        `Unauthenticated requests to ${focus} are rejected (401) and nothing about the resource leaks in the answer`,
        `A signed-in user cannot read or change another user's data through ${focus} (403 or 404)`,
        "Secrets, tokens and passwords never appear in logs, URLs or error messages",
        `Every input of ${focus} is validated on the server, not only in the client`,
      ];
    case "performance":
      return [
        measure
          ? `${r.subject} meets the stated target of ${measure}, measured by a repeatable benchmark`
          : `${r.subject} is measured by a repeatable benchmark with a baseline recorded before the change`,
        "The 95th percentile latency does not regress for the existing workload",
        "Memory use stays bounded under the largest expected input",
      ];
    case "integration":
      return [
        `${service}: a successful call maps every field of “${r.subject}” both ways without loss`,
        `${service} timeouts and 5xx answers are retried once and then reported to the user; no partial data is stored`,
        `${service} credentials are configurable and never shown back in full`,
      ];
    case "bug":
      return [
        `The problem “${r.subject}” no longer reproduces with the steps in the description`,
        `An automated regression test fails before the fix and passes after it for “${r.subject}”`,
        "Related behaviour that worked before the fix still works (no new errors in the log)",
      ];
  }
}

/** All criteria for a story: the API's first (status codes), then each kind's, then the generic ones. */
function criteriaOf(r: StoryReading): string[] {
  const kinds = r.kinds.includes("api") ? ["api" as const, ...r.kinds.filter((k) => k !== "api")] : r.kinds;
  const first = kinds.flatMap((k) => kindCriteria(k, r).slice(0, k === "api" ? PER_KIND.api : PER_KIND.other));
  const rest = kinds.flatMap((k) => kindCriteria(k, r).slice(k === "api" ? PER_KIND.api : PER_KIND.other));
  return uniqueCaseless([...first, ...(kinds.length === 0 ? genericCriteria(r) : []), ...rest, ...genericCriteria(r)]);
}

/** Criteria for a story without any recognised kind: from its user story and sentences. */
function genericCriteria(r: StoryReading): string[] {
  const out: string[] = [];
  if (r.userStory) {
    out.push(`As ${r.userStory.as}, I can ${lowerFirst(r.userStory.want)}`);
    if (r.userStory.soThat) out.push(`The outcome lets ${r.userStory.as} ${lowerFirst(r.userStory.soThat)}`);
  }
  for (const s of r.sentences.filter((s) => /\b(should|must|needs? to|allow|able to|can)\b/i.test(s)).slice(0, 3))
    out.push(clip(s.replace(/[.!]+$/, ""), 200));
  out.push(`“${r.subject}” works end to end in the product and is covered by an automated test`);
  out.push(`The documentation or help text describes “${r.subject}”`);
  return out;
}

const SKILLS: Record<WorkKind, string> = {
  api: "HTTP API design",
  ui: "Front-end (UI, accessibility)",
  migration: "Database and data migration",
  security: "Application security",
  performance: "Performance profiling",
  integration: "Third-party integration",
  bug: "Debugging",
};
const PATTERNS: Record<WorkKind, string[]> = {
  api: ["Validate input at the boundary with a schema", "Stable error codes per status"],
  ui: ["Small components with their own states", "Accessible form controls"],
  migration: ["Expand-migrate-contract", "Idempotent, reversible migration scripts"],
  security: ["Deny by default, authorise in one policy", "Least privilege"],
  performance: ["Measure first (benchmark), then optimise", "Caching with explicit invalidation"],
  integration: ["Adapter behind a port", "Retry with timeout and idempotency keys"],
  bug: ["Reproduce with a failing test first"],
};
const NON_FUNCTIONAL: Record<WorkKind, string> = {
  api: "Answers are JSON with stable error codes; the API stays backward compatible for existing clients",
  ui: "Accessible (keyboard, screen reader) and responsive down to 390 px",
  migration: "No data loss; the migration is reversible and fits the maintenance window",
  security: "No sensitive data in logs or error answers; inputs validated server-side",
  performance: "Latency and memory measured against a recorded baseline",
  integration: "Timeouts and retries on every external call; failures reported, never silent",
  bug: "No regression in related features",
};
const RISKS: Record<WorkKind, string> = {
  api: "Breaking existing API clients with a changed answer shape or status code",
  ui: "Layout or accessibility regressions on small screens",
  migration: "Data loss or long locks while migrating large tables",
  security: "Leaking another user's data through an unchecked path",
  performance: "Optimising without a baseline, or a cache serving stale data",
  integration: "The external system's rate limits, outages or API changes",
  bug: "The root cause is elsewhere and the fix only hides the symptom",
};

/** Uncertainty rule: +2 no description, +1 under 25 words, +1 per vague word (max 2), +1 for open questions. */
function uncertaintyOf(r: StoryReading): { level: "low" | "medium" | "high"; points: number } {
  let points = 0;
  if (r.words === 0) points += 2;
  else if (r.words < 25) points += 1;
  points += Math.min(r.vagueWords.length, 2);
  if (/\?/.test(r.text)) points += 1;
  return { level: points >= 3 ? "high" : points === 2 ? "medium" : "low", points };
}

/**
 * Scores 0-100 (documented rule, README "PointBot"): completeness = 20 for a title, +25 for a
 * description of 25+ words (10 if shorter), +20 for a user story, +15 for stated requirements
 * ("should/must" sentences or a list), +10 for a recognised kind of work, +10 for concrete details
 * (endpoints, status codes, numbers with units, named systems). Clarity = 100 - 12 per vague
 * word - 15 without a description - 10 for a title under 3 words - 10 for an open question
 * - 10 when sentences average over 35 words.
 */
function scoresOf(r: StoryReading): { completenessScore: number; clarityScore: number } {
  const stated = r.sentences.some((s) => /\b(should|must|needs? to|shall)\b/i.test(s)) || /\n- /.test(r.text);
  const concrete =
    r.endpoints.length + r.statusCodes.length + r.measures.length + r.services.length + r.databases.length > 0;
  const completeness =
    20 +
    (r.words >= 25 ? 25 : r.words > 0 ? 10 : 0) +
    (r.userStory ? 20 : 0) +
    (stated ? 15 : 0) +
    (r.kinds.length > 0 ? 10 : 0) +
    (concrete ? 10 : 0);
  const titleWords = r.title.trim().split(/\s+/).length;
  const avgSentence = r.sentences.length > 0 ? r.words / r.sentences.length : 0;
  const clarity =
    100 -
    12 * r.vagueWords.length -
    (r.words === 0 ? 15 : 0) -
    (titleWords < 3 ? 10 : 0) -
    (/\?/.test(r.text) ? 10 : 0) -
    (avgSentence > 35 ? 10 : 0);
  const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
  return { completenessScore: clamp(completeness), clarityScore: clamp(clarity) };
}

/** Priority rule: critical for data loss, outages, crashes or vulnerabilities; high for bugs and security; low for cosmetic work. */
function priorityOf(r: StoryReading): StoryAnalysis["metadata"]["priority"] {
  const all = `${r.title}\n${r.text}`;
  if (/\b(data loss|outage|production (is )?down|vulnerab\w*|exploit|crash\w*|security hole|corrupt\w*)\b/i.test(all))
    return "critical";
  if (r.kinds.includes("bug") || r.kinds.includes("security")) return "high";
  if (/\b(cosmetic|typo|nice to have|minor|branding|polish|wording)\b/i.test(all)) return "low";
  return "medium";
}

/** Complexity from the story's breadth, unless the estimate model's hint is given. */
function complexityOf(r: StoryReading, hint: string | undefined): { complexity: string; effort: string } {
  const breadth = r.kinds.filter((k) => k !== "bug").length + Math.min(r.endpoints.length, 2) + r.services.length;
  const level = breadth >= 4 ? "High" : breadth >= 2 ? "Medium" : "Low";
  const reasons = uniqueCaseless([
    ...r.kinds.filter((k) => k !== "bug").map((k) => SKILLS[k].toLowerCase()),
    ...r.services,
    ...r.databases,
  ]);
  const complexity =
    hint ?? `${level}: ${reasons.length > 0 ? `touches ${reasons.join(", ")}` : "a single, contained change"}`;
  const effort =
    level === "High"
      ? "Several days; consider splitting the story"
      : level === "Medium"
        ? "A few days for one developer"
        : "About a day for one developer";
  return { complexity, effort };
}

/**
 * The local, deterministic PointBot (issue #9 section 1): reads the story's own text (no model,
 * no network) and fills the analysis of spec part 2 section 3 from templates per kind of work.
 */
export function analyzeLocally(story: StoryDraft): StoryAnalysis {
  const r = readStory(story.title, story.description);
  const primary = r.kinds[0];
  const as = r.userStory?.as || (r.kinds.includes("api") ? "an API client developer" : "a user of the product");
  const want =
    r.userStory?.want || (r.kinds.includes("bug") ? `the problem “${r.subject}” fixed` : lowerFirst(r.subject));
  const soThat =
    r.userStory?.soThat ||
    (r.kinds.includes("bug")
      ? "my work is no longer blocked by this problem"
      : r.kinds.includes("performance")
        ? "the product stays fast as usage grows"
        : `I can rely on “${r.subject}” in my daily work`);
  const criteria = criteriaOf(r).slice(0, MAX_CRITERIA);
  const uncertainty = uncertaintyOf(r);
  const { complexity, effort } = complexityOf(r, story.complexityHint);
  const context = [
    r.endpoints.length > 0 ? `endpoints ${r.endpoints.map(endpointName).join(", ")}` : "",
    r.components.length > 0 ? `UI parts ${r.components.join(", ")}` : "",
    r.databases.length > 0 ? `data in ${r.databases.join(", ")}` : "",
    r.services.length > 0 ? `integrations with ${r.services.join(", ")}` : "",
  ].filter(Boolean);
  // The story's own text stays whole (up to 3,500 characters) so filling the form loses nothing of it.
  const excerpt = clip(r.text.replace(/\s*\n\s*/g, " "), 3500);
  const kindsText =
    r.kinds.length > 0 ? r.kinds.map((k) => SKILLS[k].toLowerCase()).join(", ") : "general product work";
  const functional = uniqueCaseless([
    `${as[0]?.toUpperCase()}${as.slice(1)} can ${lowerFirst(want)}`,
    ...r.sentences.filter((s) => /\b(should|must|needs? to|allow|able to|shall)\b/i.test(s)).map((s) => clip(s, 200)),
    ...r.endpoints.map((e) => `Provide ${endpointName(e)}`),
  ]).slice(0, 6);
  const businessRules = uniqueCaseless(
    r.sentences.filter((s) =>
      /\b(only|never|always|must not|per (user|team|account)|at most|at least|owner)\b/i.test(s),
    ),
  )
    .map((s) => clip(s, 200))
    .slice(0, 4);
  const considerations = uniqueCaseless([
    ...(r.vagueWords.length > 0
      ? [`Clarify the vague parts (${r.vagueWords.join(", ")}) with the story's author`]
      : []),
    ...(r.words === 0 ? ["The story has no description: agree the scope before estimating"] : []),
    ...(r.kinds.includes("api") ? ["Keep the API backward compatible or version it"] : []),
    ...(r.kinds.includes("migration") ? ["Run the migration on a copy of production data first"] : []),
    ...(r.services.length > 0 ? [`Test against a stub of ${r.services.join(", ")} that follows its real API`] : []),
  ]);
  const analysis: StoryAnalysis = {
    description: {
      detailedDescription: [
        `${r.subject}.`,
        excerpt,
        context.length > 0 ? `Technical scope: ${context.join("; ")}.` : "",
        `Kind of work: ${kindsText}.`,
      ]
        .filter(Boolean)
        .join(" "),
      executiveSummary: `${r.subject}: ${kindsText}, ${uncertainty.level} uncertainty${
        criteria.length > 0 ? `, ${criteria.length} acceptance criteria proposed` : ""
      }.`,
      userStory: { as, want, soThat },
      acceptanceCriteria: criteria,
      requirements: {
        functional,
        nonFunctional: r.kinds.map((k) => NON_FUNCTIONAL[k]),
        businessRules,
      },
      technicalContext: {
        components: r.components,
        apis: r.endpoints.map(endpointName),
        databases: r.databases,
        services: r.services,
      },
      implementationHints: {
        approach: primary
          ? `Start from ${focusOf(r)}: ${PATTERNS[primary][0]?.toLowerCase()}, then cover the acceptance criteria with tests.`
          : `Agree the scope of “${r.subject}” first, then build it in small, tested steps.`,
        patterns: uniqueCaseless(r.kinds.flatMap((k) => PATTERNS[k])),
        considerations,
        risks: uniqueCaseless([
          ...r.kinds.map((k) => RISKS[k]),
          ...(uncertainty.level === "high" ? ["Scope may grow once the missing details are known"] : []),
        ]),
      },
      estimationFactors: {
        complexity,
        uncertainty: uncertainty.level,
        effort,
        skills: r.kinds.length > 0 ? r.kinds.map((k) => SKILLS[k]) : ["General development"],
      },
    },
    metadata: { priority: priorityOf(r), ...scoresOf(r) },
  };
  return analysis;
}

/** Criteria suggestions: the analysis's criteria the story does not have yet (case-insensitive), at most 5. */
export function suggestCriteriaLocally(story: StoryForCriteria): string[] {
  const have = new Set(story.acceptanceCriteria.map((c) => c.trim().toLowerCase()));
  const r = readStory(story.title, story.description);
  const candidates = uniqueCaseless([...criteriaOf(r), ...kindCriteria("bug", r).slice(1, 2)]);
  return candidates.filter((c) => !have.has(c.toLowerCase())).slice(0, 5);
}

/** The local engine behind the PointBot port. */
export class LocalPointBotEngine implements PointBotEngine {
  readonly kind = "local" as const;
  readonly label = LOCAL_ENGINE_LABEL;

  async analyzeStory(story: StoryDraft): Promise<StoryAnalysis> {
    return analyzeLocally(story);
  }

  async suggestCriteria(story: StoryForCriteria): Promise<string[]> {
    return suggestCriteriaLocally(story);
  }
}
