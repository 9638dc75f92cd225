import { canClause, capitalised, imperativeVerb, listed, problemSolved, withThe } from "./storyPhrasing";
import { type Endpoint, STATUS_MEANING, type StoryReading, type WorkKind } from "./storyReading";
import { comparisonKey, uniqueByKey, withoutDoubledWords } from "./storyText";

/** Most criteria in one analysis. */
export const MAX_CRITERIA = 10;
/** Most criteria one kind of work contributes before the next kind's (API stories keep their status codes). */
const PER_KIND = { api: 6, other: 3 };
/** A criterion's length in characters (issue #22 section 4). */
const LENGTH = { min: 20, max: 200 };

/** "GET /users/me", or the bare path. */
export const endpointName = (e: Endpoint): string => (e.verb ? `${e.verb} ${e.path}` : e.path);

/** What API criteria are about: the first endpoint, the API's own name, or "the API". */
export function apiFocus(r: StoryReading): string {
  const endpoint = r.endpoints[0];
  return endpoint ? endpointName(endpoint) : (r.apiName ?? "the API");
}

/** What UI criteria are about: the first UI part named ("the Outline view"). */
const uiFocus = (r: StoryReading): string => withThe(r.components[0] ?? "screen");

/** The kind the story is mainly about, bug reports before the rest. */
const isBugFirst = (r: StoryReading): boolean =>
  r.kinds[0] === "bug" || (r.kinds.includes("bug") && r.kinds[0] === "ui");

/** Criteria for a story about an HTTP API: one per status code it implies or names. */
function apiCriteria(r: StoryReading): string[] {
  const focus = capitalised(apiFocus(r));
  const bug = r.kinds.includes("bug");
  // A new endpoint answers the usual four; a bug in one, or another change, is about the codes
  // it names, the allowed path (200), and 401 (and 403/404) when access is at stake. A named 5xx
  // is the failure to remove.
  const creates =
    r.endpoints.some((e) => e.verb !== null) ||
    /^(?:add|create|implement|expose|provide|introduce|build|design|support)$/.test(verbOf(r));
  const access = r.kinds.includes("security") ? [200, 401, ...(r.userData ? [403, 404] : [])] : [];
  const usual = !bug && creates ? [200, 400, 401, 404] : bug ? access : [200, ...access];
  const codes = new Set<number>([...usual, ...r.statusCodes]);
  const success = [...codes].find((c) => c >= 200 && c < 300) ?? 200;
  const out =
    bug && !codes.has(success)
      ? []
      : [`${focus} answers ${STATUS_MEANING[success]} with the documented JSON body for a valid, authorised request`];
  if (codes.has(400))
    out.push(`${focus} answers ${STATUS_MEANING[400]} with field-level errors for missing or malformed input`);
  if (codes.has(401))
    out.push(`${focus} answers ${STATUS_MEANING[401]} when the request has no valid credentials or token`);
  if (codes.has(403) || (r.kinds.includes("security") && r.userData))
    out.push(
      r.userData
        ? `${focus} answers ${STATUS_MEANING[403]} when the caller may not act on another owner's resource`
        : `${focus} answers ${STATUS_MEANING[403]} when the caller lacks the permission for the action`,
    );
  if (codes.has(404)) out.push(`${focus} answers ${STATUS_MEANING[404]} for an unknown or deleted resource id`);
  for (const code of codes) {
    if ([200, 201, 204, 400, 401, 403, 404].includes(code) || code === success) continue;
    out.push(
      code >= 500
        ? `${focus} no longer answers ${STATUS_MEANING[code]} in the case the story describes`
        : `${focus} answers ${STATUS_MEANING[code]} in the case the story describes, covered by an API test`,
    );
  }
  return out;
}

/** UI parts that show data and so need loading, empty and error states. */
const DATA_VIEW = /\b(view|page|panel|dashboard|screen|editor|window|tab|dialog|explorer|navigator)$/i;
/** UI parts people operate, which must work from the keyboard. */
const CONTROL = /\b(dialog|button|form|wizard|menu|toolbar|tab|dropdown|modal|page|panel|view)$/i;
/** Title verbs that build or reshape a piece of UI (not "remove", "use", "fix"). */
const BUILDS_UI =
  /^(?:add|create|implement|introduce|build|design|redesign|provide|support|allow|enable|make|collapse|guide|show|display|improve|change)$/;
/** Words of how something looks. */
const VISUAL = /\b(colou?rs?|themes?|fonts?|styl\w*|borders?|icons?|layout|css|contrast|dark mode|readable)\b/i;

/** The verb an imperative headline opens with ("add", "remove", "refactor"), or "". */
const verbOf = (r: StoryReading): string => imperativeVerb(r.headline) ?? "";

/**
 * UI criteria that fit the story: keyboard and screen readers where UI is built or reshaped,
 * loading/empty/error states for a new view, themes and small windows where looks are at stake.
 */
function uiCriteria(r: StoryReading): string[] {
  const ui = capitalised(uiFocus(r));
  const builds = !isBugFirst(r) && BUILDS_UI.test(verbOf(r));
  // Without a UI part it can name, a criterion about "the affected screen" says nothing testable.
  const part = r.components[0];
  if (!part) return [];
  return [
    ...(builds && CONTROL.test(part)
      ? [`${ui} can be used with the keyboard only and announces its state to screen readers`]
      : []),
    ...(builds &&
    /^(?:add|create|implement|introduce|build|design|redesign|show|display|provide)$/.test(verbOf(r)) &&
    DATA_VIEW.test(part)
      ? [`${ui} shows a clear loading, empty and error state instead of a blank area`]
      : []),
    ...(VISUAL.test(r.headline) || (builds && /\b(css|styl\w*|themes?|layout)\b/i.test(r.text))
      ? [`${ui} looks right in the light and dark themes and at the smallest supported window size`]
      : []),
  ];
}

/** Security criteria by what the story involves: HTTP refusals, other users' data, roles, secrets, sign-in. */
function securityCriteria(r: StoryReading): string[] {
  const http = r.kinds.includes("api");
  const focus = apiFocus(r);
  const all = `${r.title} ${r.text}`;
  // Over HTTP the API's criteria already name 401, 403 and 404; these say what the codes cannot.
  return [
    ...(http ? [`A refused request to ${focus} reveals nothing about the resource, not even whether it exists`] : []),
    ...(r.userData && !http ? ["A signed-in user cannot see or change another user's data"] : []),
    ...(!http && /\b(roles?|permissions?|privileges?)\b/i.test(all)
      ? ["Each role the story names is tested: allowed roles succeed and every other role is refused"]
      : []),
    ...(r.secrets ? ["Secrets, tokens and passwords never appear in logs, URLs or error messages"] : []),
    ...(r.secrets && /\b(persist\w*|stor(?:e|ed|es|ing)|sav(?:e|ed|es|ing)|remember\w*)\b/i.test(all)
      ? ["Stored passwords and credentials are encrypted, never kept in plain text"]
      : []),
    ...(r.signIn ? ["A failed sign-in says what went wrong without revealing whether the account exists"] : []),
    ...(http ? [`Every input of ${focus} is validated on the server, not only in the client`] : []),
  ];
}

/** Performance criteria: a benchmark of what the story names (its stated target when it gives one), no regression. */
function performanceCriteria(r: StoryReading): string[] {
  const endpoint = r.endpoints[0];
  const target = endpoint
    ? endpointName(endpoint)
    : r.components[0]
      ? withThe(r.components[0])
      : "the changed code path";
  const measure = r.targets[0];
  return [
    measure
      ? `A repeatable benchmark shows ${target} meeting the stated target of ${measure}`
      : `A repeatable benchmark of ${target} records a baseline before the change and shows the gain after it`,
    "Existing workloads do not get slower, measured against the same baseline",
    ...(/\bmemory\b/i.test(`${r.title} ${r.text}`)
      ? ["Memory use stays bounded under the largest expected input"]
      : []),
  ];
}

/** Integration criteria per system the story is about: web services (timeouts, credentials, data both ways) or local tools (their errors). */
function integrationCriteria(r: StoryReading): string[] {
  const web = r.webServices.slice(0, 2);
  const tools = r.tools.slice(0, 2);
  const all = `${r.title} ${r.text}`;
  const out: string[] = [];
  if (web.length > 0) {
    const name = listed(web);
    out.push(`${name} timeouts and errors are retried once, then reported to the user; no partial data is stored`);
    if (r.secrets || r.signIn || /\baccounts?\b/i.test(all))
      out.push(`${name} credentials are configurable and never shown back in full`);
    if (/\b(sync\w*|import\w*|export\w*|mapp\w*)\b/i.test(all))
      out.push(`Data exchanged with ${name} arrives complete and unchanged in both directions`);
  }
  if (tools.length > 0)
    out.push(
      `${listed(tools)} errors reach the user with ${tools.length === 1 ? `${tools[0]}'s` : "the tool's"} own message instead of being swallowed`,
    );
  if (out.length === 0)
    out.push("Errors and timeouts of the external system are reported to the user, and no partial data is kept");
  return out;
}

/** The test or code a testing story is about: "tests for X" -> X, "Test Not Passing: X" -> X, a test class name. */
function testTarget(r: StoryReading): string | null {
  const h = r.headline;
  const named = /\b([A-Z][A-Za-z0-9]+(?:Test|Tests|IT)\b(?:[./][\w.:/]+)?)/.exec(h)?.[1];
  if (named) return named;
  const of = /\btests? (?:for|of|on) (.+)$/i.exec(h)?.[1];
  if (of) return of;
  const passing = /^tests? not passing:?\s*(.+)$/i.exec(r.title.trim())?.[1];
  return passing ?? null;
}

/** Test-work criteria: a failing or flaky test passes reliably, a slow one gets faster, a test run is recorded, new tests cover their target. */
function testingCriteria(r: StoryReading): string[] {
  const target = testTarget(r);
  if (/\bslow\b/i.test(r.headline))
    return [
      `${capitalised(target ?? "the test")} finishes in a fraction of its current time and still checks the same behaviour`,
    ];
  if (
    /\b(flaky|not passing|fail\w*|broken|segfault\w*|crash\w*|hang\w*)\b/i.test(r.title) ||
    /^fix\b/i.test(r.headline)
  )
    return [
      `20 consecutive CI builds run ${target ?? "the test"} without a failure`,
      "The cause of the failure is fixed, not hidden by a retry or a longer timeout",
    ];
  if (/^test\b/i.test(r.headline) && !/^tests?\s+(?:for|of)\b/i.test(r.headline))
    return [
      "The test results are written down: what was tested, on which versions, and what failed",
      "Every failure found is filed as an issue with the steps to reproduce it",
    ];
  return [
    `Automated tests cover ${target ?? "the code the story names"}: its main paths, edge cases and error cases`,
    "The new tests run in the regular build and pass on every run",
  ];
}

/** The state after a fix: the title turned around when its shape allows, else a sentence about the report. */
function bugOutcome(r: StoryReading): string {
  const solved = problemSolved(r.headline);
  // "tabsTintColor is honored": a name in lower case cannot open the sentence.
  if (solved && /^[a-z]/.test(solved)) return `In the case the report describes, ${solved}`;
  if (solved) {
    // "... when running only to iPhone simulator when following ...": one "when" is enough.
    if (/\b(?:when|if|while|after|during)\b/i.test(solved))
      return `${solved} (checked ${r.steps ? "with the steps in the description" : "in the case the report describes"})`;
    return `${solved}${r.steps ? " when following the steps in the description" : " in the case the report describes"}`;
  }
  // A feature title on a bug report ("Add X to Y" with steps and an expected result), or "Fix X".
  if (/^fix\b/i.test(r.headline))
    return r.steps
      ? "Following the steps in the description no longer shows the reported problem"
      : "The reported problem no longer occurs in the case the description explains";
  if (verbOf(r) || /^(?:better|improved?|enhanced?|proper|correct|consistent)\b/i.test(r.headline))
    return r.steps
      ? "Following the steps in the description now gives the expected result"
      : "The case the description reports now gives the expected result";
  if (r.headline.length <= 80 && !/^(?:if|when)\b/i.test(r.headline))
    return `The problem reported in “${r.headline}” no longer occurs${r.steps ? " when following the steps in the description" : ""}`;
  return r.steps
    ? "Following the steps in the description no longer shows the reported problem"
    : "The reported problem no longer occurs in the case the description explains";
}

/** Bug criteria: the outcome, the report's expected result, a regression test, nothing else broken. */
function bugCriteria(r: StoryReading): string[] {
  const outcome = bugOutcome(r);
  return [
    outcome,
    ...(r.expected ? [r.expected] : []),
    "An automated regression test fails before the fix and passes after it",
    "Related behaviour that worked before the fix still works, with no new errors in the log",
  ];
}

/** Criteria templates per kind of work (issue #9 section 1, issue #22 section 4), filled with the story's own names. */
function kindCriteria(kind: WorkKind, r: StoryReading): string[] {
  const data = r.databases.length > 0 ? listed(r.databases) : "the affected data";
  switch (kind) {
    case "api":
      return apiCriteria(r);
    case "ui":
      return uiCriteria(r);
    case "migration":
      return [
        `The migration of ${data} runs on a copy of production data without errors and can be run twice safely`,
        `Row counts and checksums of ${data} match before and after the migration`,
        `A rollback script restores ${data} to the previous schema without data loss`,
        "Records created before the change still read and write correctly afterwards",
      ];
    case "security":
      return securityCriteria(r);
    case "performance":
      return performanceCriteria(r);
    case "integration":
      return integrationCriteria(r);
    case "bug":
      return bugCriteria(r);
    case "testing":
      return testingCriteria(r);
    case "docs":
      return [
        "The new text is published with the product's documentation and linked from the related pages",
        "Every code example and command in the text runs as written",
        "Someone who did not write the text reviews it for accuracy",
      ];
    case "research":
      return [
        "The findings are written down with the options considered, their costs and a recommendation",
        "Follow-up work is captured as stories the team can estimate",
        "The investigation stays within a time box agreed before it starts",
      ];
  }
}

/** Criteria the title's shape asks for: platforms, removals, renames, refactorings, settings, upgrades. */
function shapeCriteria(r: StoryReading): string[] {
  const h = r.headline;
  const verb = verbOf(r);
  const bug = r.kinds.includes("bug");
  const out: string[] = [];
  if (r.platforms.length > 0) out.push(`The ${bug ? "fix" : "change"} is verified on ${listed(r.platforms)}`);
  const rename = /^rename\s+(\S+)\s+(?:to|as|into)\s+\S+/i.exec(h);
  if (rename) out.push(`No reference to the old name ${rename[1]} remains in code, build files or documentation`);
  else if (/^(?:remove|drop)$/.test(verb))
    out.push("Nothing in the product or its documentation still refers to what was removed");
  const deprecated = /^deprecate\s+(.+)$/i.exec(h);
  if (deprecated) out.push(`The code and documentation mark ${deprecated[1]} as deprecated and name its replacement`);
  if (/^(?:refactor|restructure|reorganize|clean|cleanup|extract|merge|move|rationalize|rename)$/.test(verb))
    out.push("Behaviour is unchanged: the existing tests pass without changes to their assertions");
  if (
    !bug &&
    /\b(?:configurable|configuration options?|new (?:option|setting|flag|property|preference)s?|(?:option|flag|setting) to)\b/i.test(
      h,
    )
  )
    out.push("The new setting has a documented default, and existing setups keep their current behaviour");
  if (/\b(?:externali[sz]e\w*|locali[sz]\w*|translat\w*|i18n|l10n)\b/i.test(h))
    out.push("Every user-visible string comes from the message catalogue; none is left hard-coded");
  if (/^change (?:the )?signatures?\b/i.test(h))
    out.push("Every caller compiles against the new signature, and the change is listed in the release notes");
  const upgrade = /^(?:update|upgrade|bump)(?:\s+(.+?))?\s+to\s+(?:(work with|support)\s+)?(.+)$/i.exec(h);
  if (upgrade) {
    const version = /^(v?\d[\w.]*|r\d+)\b/i.exec(upgrade[3] ?? "")?.[1];
    const target = upgrade[2] ? upgrade[3] : version && upgrade[1] ? `${upgrade[1]} ${version}` : null;
    if (target) out.push(`The full test suite passes with ${target}`);
  }
  return out;
}

/** The story's own words as criteria: its user story (as "I can ...") and its requirement sentences. */
function storyCriteria(r: StoryReading): string[] {
  const out: string[] = [];
  const can = r.userStory ? canClause(r.userStory.want) : null;
  if (r.userStory && can) out.push(`${capitalised(`As ${r.userStory.as}`)}, I can ${can}`);
  out.push(...r.requirements.slice(0, 2));
  return out;
}

/**
 * General criteria for a story whose own text and kind give too few: new behaviour tested end
 * to end (new work only), nothing else broken (not for bugs, which say so already, nor for
 * documentation or research), help text (features users see).
 */
function fallbackCriteria(r: StoryReading): string[] {
  const verb = verbOf(r);
  const inward = r.kinds.some((k) => k === "testing" || k === "docs" || k === "research" || k === "bug");
  const upgrade = /^(?:update|upgrade|bump)(?:\s+.+?)?\s+to\s+(?:v?\d|r\d|work with|support|the latest|latest)/i.test(
    r.headline,
  );
  const chore = upgrade || /^(?:bump|install|configure|publish|prepare|set|port)$/.test(verb);
  const newWork =
    !inward &&
    !chore &&
    !r.kinds.includes("performance") &&
    !/^(?:remove|drop|delete|deprecate|refactor|rename|merge|move|extract|clean|cleanup|convert)$/.test(verb);
  const userFacing =
    newWork && /^(?:add|allow|enable|support|show|display|provide|let|introduce|create|implement)$/.test(verb);
  return [
    ...(newWork
      ? ["The new behaviour works end to end and is covered by automated tests in the regular build"]
      : inward
        ? []
        : ["The change is covered by automated tests that run in the regular build"]),
    ...(r.kinds.some((k) => k === "bug" || k === "docs" || k === "research")
      ? []
      : ["Existing behaviour the change touches still works, and the current test suite passes"]),
    ...(chore ? ["The result is checked in a clean environment, and the steps to repeat it are written down"] : []),
    ...(userFacing ? ["The user documentation or help text describes the new behaviour"] : []),
  ];
}

/** Fewest criteria an analysis should offer before the general ones stop being added. */
const ENOUGH = 3;

/** Little words that do not make a criterion more than its title. */
const FILLER = new Set(
  "a an the is are be been it its this that of to in on for with and or as by from at works work working done implemented fixed".split(
    " ",
  ),
);

/** Whether a criterion says more than the title: at least two words of its own beyond filler. */
export function addsToTitle(criterion: string, title: string): boolean {
  const titleWords = new Set(comparisonKey(title).split(" "));
  const own = comparisonKey(criterion)
    .split(" ")
    .filter((w) => w && !titleWords.has(w) && !FILLER.has(w));
  return own.length >= 2 && comparisonKey(criterion) !== comparisonKey(title);
}

/** "can" followed by a determiner, preposition or "be able": a verb is missing. */
const CAN_WITHOUT_VERB =
  /\bcan\s+(?:the|a|an|this|that|these|those|my|your|our|their|his|her|its|to|of|for|in|on|at|with|by|from|into|be able|and|or)\b/i;

/** A criterion as it is offered, or null when it breaks a writing rule (length, title only, grammar). */
function finished(criterion: string, r: StoryReading): string | null {
  const c = withoutDoubledWords(capitalised(criterion.replace(/\s+/g, " ").trim()));
  if (c.length < LENGTH.min || c.length > LENGTH.max) return null;
  if (!addsToTitle(c, r.title) || CAN_WITHOUT_VERB.test(c)) return null;
  return c;
}

/**
 * All criteria for a story, best first: a bug's outcome and expected result, the story's own
 * requirements, each kind's first templates, what the title's shape asks for, the kinds' other
 * templates, then general ones (only up to three criteria in all, or every one with
 * `allGeneral`, for suggestions). Every one is 20-200 characters, says more than the title and
 * is unique after normalising (lower case, no punctuation); not cut to MAX_CRITERIA.
 */
export function criteriaOf(r: StoryReading, options: { allGeneral?: boolean } = {}): string[] {
  // A bug's outcome leads; then an API's status codes; then the other kinds, strongest first.
  const kinds: WorkKind[] = [
    ...(["bug", "api"] as const).filter((k) => r.kinds.includes(k)),
    ...r.kinds.filter((k) => k !== "bug" && k !== "api"),
  ];
  const share = (k: WorkKind) => (k === "api" ? PER_KIND.api : PER_KIND.other);
  // An investigation, a piece of documentation or a manual test run is judged by its own
  // criteria, not by those of the product work it is about.
  const own =
    r.kinds[0] === "research" || r.kinds[0] === "docs" || (r.kinds[0] === "testing" && /^test\b/i.test(r.headline));
  const focus = own && r.kinds[0] ? [r.kinds[0]] : kinds;
  const byKind = focus.map((k) => ({ kind: k, all: kindCriteria(k, r) }));
  // A bug's outcome (and expected result) lead; its general criteria (regression test, nothing
  // else broken) follow the other kinds' specific ones.
  const bug = byKind[0]?.kind === "bug" ? (byKind.shift()?.all ?? []) : [];
  const outcomes = r.expected ? 2 : 1;
  const lead = bug.slice(0, outcomes);
  const first = [...byKind.flatMap(({ kind, all }) => all.slice(0, share(kind))), ...bug.slice(outcomes)];
  const rest = byKind.flatMap(({ kind, all }) => all.slice(share(kind)));
  const shape = own ? shapeCriteria(r).filter((c) => c.includes(" is verified on ")) : shapeCriteria(r);
  const written = uniqueByKey(
    [...lead, ...storyCriteria(r), ...first, ...r.requirements.slice(2, 4), ...shape, ...rest]
      .map((c) => finished(c, r))
      .filter((c): c is string => c !== null),
  );
  const general = fallbackCriteria(r)
    .map((c) => finished(c, r))
    .filter((c): c is string => c !== null);
  return uniqueByKey([
    ...written,
    ...general.slice(0, Math.max(0, ENOUGH - written.length) + (options.allGeneral ? general.length : 0)),
  ]);
}
