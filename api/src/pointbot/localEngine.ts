import type { StoryAnalysis } from "@pointwise/core/pointbotSchemas";
import { apiFocus, criteriaOf, endpointName, MAX_CRITERIA } from "./criteriaWriter";
import type { PointBotEngine, StoryDraft, StoryForCriteria } from "./port";
import { tidyDescription } from "./storyMarkup";
import { canClause, capitalised, listed, platformsIn, titleWish, withThe } from "./storyPhrasing";
import { asCriterion, readStory, type StoryReading, type WorkKind } from "./storyReading";
import { comparisonKey, uniqueByKey, uniqueCaseless } from "./storyText";

/** The label of the local engine's output in the UI (issue #9 section 1). */
export const LOCAL_ENGINE_LABEL = "PointBot (local)";

/** Most criteria suggestions per call. */
const MAX_SUGGESTIONS = 5;

const SKILLS: Record<WorkKind, string> = {
  api: "HTTP API design",
  ui: "Front-end (UI, accessibility)",
  migration: "Database and data migration",
  security: "Application security",
  performance: "Performance profiling",
  integration: "Third-party integration",
  bug: "Debugging",
  testing: "Test automation",
  docs: "Technical writing",
  research: "Research and prototyping",
};
/** What a kind of work touches, as a noun phrase for the complexity and summary sentences. */
const AREA: Record<WorkKind, string> = {
  api: "the HTTP API",
  ui: "the UI",
  migration: "stored data",
  security: "security",
  performance: "performance",
  integration: "integrations",
  bug: "a bug",
  testing: "tests",
  docs: "documentation",
  research: "open questions",
};
/** How the summary opens per main kind of work. */
const OPENING: Record<WorkKind, string> = {
  api: "HTTP API work",
  ui: "UI work",
  migration: "A data migration",
  security: "Security work",
  performance: "Performance work",
  integration: "Integration work",
  bug: "A bug fix",
  testing: "Test work",
  docs: "Documentation work",
  research: "An investigation",
};
const PATTERNS: Record<WorkKind, string[]> = {
  api: ["Validate input at the boundary with a schema", "Stable error codes per status"],
  ui: ["Small components with their own states", "Accessible form controls"],
  migration: ["Expand-migrate-contract", "Idempotent, reversible migration scripts"],
  security: ["Deny by default, authorise in one policy", "Least privilege"],
  performance: ["Measure first (benchmark), then optimise", "Caching with explicit invalidation"],
  integration: ["Adapter behind a port", "Retry with timeout and idempotency keys"],
  bug: ["Reproduce with a failing test first"],
  testing: ["Test behaviour through the public interface", "One reason to fail per test"],
  docs: ["Task-oriented pages with runnable examples"],
  research: ["Time-boxed spike with a written recommendation"],
};
const NON_FUNCTIONAL: Record<WorkKind, string> = {
  api: "Answers are JSON with stable error codes; the API stays backward compatible for existing clients",
  ui: "Accessible (keyboard, screen reader) and usable at small window sizes",
  migration: "No data loss; the migration is reversible and fits the maintenance window",
  security: "No sensitive data in logs or error answers; inputs validated server-side",
  performance: "Latency and memory measured against a recorded baseline",
  integration: "Timeouts and retries on every external call; failures reported, never silent",
  bug: "No regression in related features",
  testing: "Tests are deterministic and run in the regular build",
  docs: "Documentation matches the released behaviour",
  research: "Findings are written down where the team can find them",
};
const RISKS: Record<WorkKind, string> = {
  api: "Breaking existing API clients with a changed answer shape or status code",
  ui: "Layout or accessibility regressions on small screens",
  migration: "Data loss or long locks while migrating large tables",
  security: "Leaking another user's data through an unchecked path",
  performance: "Optimising without a baseline, or a cache serving stale data",
  integration: "The external system's rate limits, outages or API changes",
  bug: "The root cause is elsewhere and the fix only hides the symptom",
  testing: "Flaky tests that fail for reasons unrelated to the change",
  docs: "The text goes stale when the behaviour changes again",
  research: "The investigation grows without a time box",
};

/** The kind of work the story is mainly about; a bug report on a screen is a bug fix first. */
const mainKind = (r: StoryReading): WorkKind | undefined =>
  r.kinds.includes("bug") && r.kinds[0] === "ui" ? "bug" : r.kinds[0];

/** How to start, per main kind of work, with the story's own names. */
function approachOf(r: StoryReading): string {
  const primary = mainKind(r);
  const ui = r.components[0] ? withThe(r.components[0]) : "the screen";
  const services = listed([...r.webServices, ...r.tools].slice(0, 2)) || "the external system";
  switch (primary) {
    case "bug":
      return "Reproduce the problem with a failing automated test first, fix its cause, and keep the test as a regression guard.";
    case "api":
      return `Start from the contract of ${apiFocus(r)}: validate input at the boundary with a schema, give each status a stable error code, then cover the criteria with API tests.`;
    case "ui":
      return `Build ${ui} from small components with their own loading, empty and error states, then check it with the keyboard and a screen reader.`;
    case "migration":
      return "Expand, migrate, contract: add the new shape next to the old one, migrate with an idempotent script tried on a copy of production data, then remove the old shape.";
    case "security":
      return "Deny by default and authorise in one place; write the refusal tests first, then the allowed path.";
    case "performance":
      return "Measure first: record a benchmark baseline, profile to find the hot spot, and change one thing at a time against that baseline.";
    case "integration":
      return `Put ${services} behind an adapter with timeouts and retries, and test it against a stand-in that behaves like the real one.`;
    case "testing":
      return "Write the tests against the public behaviour, not the implementation, and run them in the regular build.";
    case "docs":
      return "Write from the reader's task, with examples that run as written, and have someone who did not write the text review it.";
    case "research":
      return "Time-box the investigation, write down the options with their costs, and end with a recommendation the team can estimate.";
    default:
      return "Agree the scope with the story's author first, then build it in small steps, each covered by a test.";
  }
}

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
    ...r.kinds.filter((k) => k !== "bug").map((k) => AREA[k]),
    ...r.services,
    ...r.databases,
  ]);
  const complexity =
    hint ?? `${level}: ${reasons.length > 0 ? `touches ${listed(reasons)}` : "a single, contained change"}`;
  const effort =
    level === "High"
      ? "Several days; consider splitting the story"
      : level === "Medium"
        ? "A few days for one developer"
        : "About a day for one developer";
  return { complexity, effort };
}

/** Who asks for work of this kind when the story does not say. */
function roleOf(r: StoryReading): string {
  if (r.kinds[0] === "api") return "an API client developer";
  if (
    r.kinds.some((k) => k === "testing" || k === "research") ||
    /^(?:refactor|rename|clean|merge|extract|move|deprecate|publish|update|upgrade|bump|convert|change|install|configure|port|define|document|create|implement)\b/i.test(
      r.headline,
    )
  )
    return "a developer";
  return "a user";
}

/**
 * The story's user story: the one it states, or one its title asks for ("Allow user to delete
 * X" -> a user wants to delete X). A bug report, or a title that asks for nothing, has none:
 * all three fields empty, rather than a made-up benefit.
 */
function userStoryOf(r: StoryReading): StoryAnalysis["description"]["userStory"] {
  if (r.userStory) return r.userStory;
  const wish = titleWish(r.headline, r.text);
  if (!wish || (r.kinds.includes("bug") && !/^(?:add|allow|support|implement|enable)\b/i.test(r.headline)))
    return { as: "", want: "", soThat: "" };
  const platform = platformsIn(r.areas.join(" ")).filter((p) => !platformsIn(wish.want).includes(p));
  return {
    as: wish.role ?? roleOf(r),
    want: platform.length > 0 ? `${wish.want} on ${listed(platform)}` : wish.want,
    soThat: "",
  };
}

/** "As a user, I want to ..., so that ...." */
const userStorySentence = (us: StoryAnalysis["description"]["userStory"]): string =>
  us.want ? `${capitalised(`As ${us.as}`)}, I want ${us.want}${us.soThat ? `, so that ${us.soThat}` : ""}.` : "";

/** The summary: kind of work and what it is about, uncertainty and why, how many criteria. */
function summaryOf(r: StoryReading, uncertainty: ReturnType<typeof uncertaintyOf>, criteria: number): string {
  const primary = mainKind(r);
  const endpoint = r.endpoints[0];
  const about = endpoint
    ? ` on ${endpointName(endpoint)}`
    : primary === "integration" && r.webServices.length + r.tools.length > 0
      ? ` with ${listed([...r.webServices, ...r.tools].slice(0, 2))}`
      : r.components[0]
        ? ` on ${withThe(r.components[0])}`
        : "";
  const also = r.kinds
    .filter((k) => k !== primary && k !== "bug")
    .slice(0, 2)
    .map((k) => AREA[k]);
  const why =
    r.words === 0
      ? " (no description)"
      : r.vagueWords.length > 0
        ? ` (vague wording: ${r.vagueWords.slice(0, 3).join(", ")})`
        : /\?/.test(r.text)
          ? " (open questions)"
          : r.words < 25
            ? " (a short description)"
            : "";
  return `${primary ? OPENING[primary] : "Product work"}${about}${also.length > 0 ? `, also touching ${listed(also)}` : ""}. ${capitalised(uncertainty.level)} uncertainty${why}; ${criteria} acceptance ${criteria === 1 ? "criterion" : "criteria"} proposed.`;
}

/**
 * The enhanced description: the story's own description tidied (markup kept, nothing added, no
 * title in front); without one, the user story, or else what the story still has to say.
 */
function detailedDescriptionOf(story: StoryDraft, r: StoryReading, userStory: string): string {
  const tidy = tidyDescription(story.description);
  if (tidy) return tidy;
  if (userStory) return userStory;
  const failingTest = r.kinds.includes("testing") && /\b(?:fix|fail\w*|flaky|not passing)\b/i.test(r.headline);
  return r.kinds.includes("bug") || failingTest
    ? "To be written: the steps to reproduce, the expected result and the actual result."
    : "To be written: what should change, for whom, and how the team will know it is done.";
}

/**
 * The local, deterministic PointBot (issue #9 section 1, issue #22 section 4): reads the story's
 * own text (no model, no network) and fills the analysis of spec part 2 section 3 from templates
 * per kind of work, in sentences a careful colleague would write.
 */
export function analyzeLocally(story: StoryDraft): StoryAnalysis {
  const r = readStory(story.title, story.description);
  const criteria = criteriaOf(r).slice(0, MAX_CRITERIA);
  const uncertainty = uncertaintyOf(r);
  const { complexity, effort } = complexityOf(r, story.complexityHint);
  const userStory = userStoryOf(r);
  const can = canClause(userStory.want);
  const functional = uniqueByKey([
    // A stated user story, or one a user asks for; a developer's task restated is no requirement.
    ...(userStory.want && can && (r.userStory || userStory.as !== "a developer")
      ? [`${capitalised(userStory.as)} can ${can}`]
      : []),
    ...r.requirements,
    ...r.endpoints.map((e) => (e.verb ? `Provide ${endpointName(e)}` : `Provide the ${e.path} endpoint`)),
  ]).slice(0, 6);
  const businessRules = uniqueByKey(
    r.sentences
      .filter((s) => /\b(only|never|always|must not|per (user|team|account)|at most|at least|owner)\b/i.test(s))
      .map(asCriterion)
      .filter((s): s is string => s !== null),
  ).slice(0, 4);
  const considerations = uniqueCaseless([
    ...(r.vagueWords.length > 0
      ? [`Clarify the vague parts (${r.vagueWords.join(", ")}) with the story's author`]
      : []),
    ...(r.words === 0 ? ["The story has no description: agree the scope before estimating"] : []),
    ...(r.kinds.includes("api") ? ["Keep the API backward compatible or version it"] : []),
    ...(r.kinds.includes("migration") ? ["Run the migration on a copy of production data first"] : []),
    ...(r.webServices.length > 0
      ? [`Test against a stand-in for ${listed(r.webServices)} that follows its real API`]
      : []),
    ...(r.platforms.length > 0 ? [`Check the change on ${listed(r.platforms)}`] : []),
  ]);
  return {
    description: {
      detailedDescription: detailedDescriptionOf(story, r, userStorySentence(userStory)),
      executiveSummary: summaryOf(r, uncertainty, criteria.length),
      userStory,
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
        approach: approachOf(r),
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
}

/**
 * Criteria suggestions: the story's criteria (as the analysis writes them) that it does not have
 * yet, compared after normalising (case, punctuation and blanks ignored), at most 5.
 */
export function suggestCriteriaLocally(story: StoryForCriteria): string[] {
  const have = new Set(story.acceptanceCriteria.map(comparisonKey));
  const r = readStory(story.title, story.description);
  return criteriaOf(r, { allGeneral: true })
    .filter((c) => !have.has(comparisonKey(c)))
    .slice(0, MAX_SUGGESTIONS);
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
