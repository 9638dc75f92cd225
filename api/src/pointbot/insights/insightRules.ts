import { consensusRate } from "@pointwise/core/consensus";
import type { InsightContent } from "@pointwise/core/insights";
import type { HistorySuggestion, SessionFacts, StoryFacts } from "./sessionFacts";
import { isFinished, median, storyMinutes } from "./storyTimes";

/**
 * PointBot's insight rules (issue #9 section 2): pure functions of the session's facts, so the
 * same session always gives the same insights, in the same order, with the same text.
 * Thresholds come from spec part 2 section 9 where it has one (Wide Spread: range > 5; high
 * complexity: 13 or more final points; consensus: range <= 1).
 */

/** An insight before it is stored (spec part 1 section 3 `ai_insights` fields). */
export interface InsightDraft extends InsightContent {
  /** Which rule made it (kept in metadata.rule). */
  rule: InsightRule;
  impact: string;
  recommendation: string;
  riskFactors: string[];
  /** The summary's action items this insight asks for (kept in metadata.actionItems). */
  actionItems: string[];
  metadata: Record<string, unknown>;
}

/** The rules, in the order their insights are listed at equal priority. */
export type InsightRule =
  | "wide_spread"
  | "split_large"
  | "missing_criteria"
  | "consensus_rate"
  | "rounds_needed"
  | "time_spent"
  | "history_gap"
  | "on_track";

/** Range of revealed votes above which the results panel says Wide Spread (spec part 2 section 9). */
export const WIDE_SPREAD_RANGE = 5;
/** Final points from which a story is of high complexity, a candidate to split (spec part 2 section 9). */
export const SPLIT_FROM_POINTS = 13;
/** A story discussed longer than this (minutes) is slow, whatever the session's median. */
export const SLOW_STORY_MINUTES = 10;
/** Or longer than this many times the session's median, when at least 3 stories were measured and it took 5+ minutes. */
export const SLOW_STORY_FACTOR = 2;
/** Consensus rate (percent) under which the session's agreement is a warning. */
export const LOW_CONSENSUS_RATE = 50;
/** Consensus rate (percent) from which the session's agreement is good. */
export const GOOD_CONSENSUS_RATE = 80;

/** A story's name in a text: `PW-12 "Login page"`, the title cut at 60 characters. */
export function storyName(s: Pick<StoryFacts, "title" | "ticketNumber">): string {
  const title = s.title.length > 60 ? `${s.title.slice(0, 59)}…` : s.title;
  return s.ticketNumber ? `${s.ticketNumber} "${title}"` : `"${title}"`;
}

/** Rounds a story was voted in: its current round, or more when story_rounds holds more. */
export const roundsOf = (s: StoryFacts): number => Math.max(s.round, s.earlierRounds.length + 1);

/** The revealed rounds of a story, oldest first, with their round number. */
function revealedRounds(s: StoryFacts): { round: number; points: number[] }[] {
  const rounds = s.earlierRounds.filter((r) => r.points.length > 0).map((r) => ({ round: r.round, points: r.points }));
  if (s.revealedPoints.length > 0) rounds.push({ round: s.round, points: s.revealedPoints });
  return rounds;
}

const spread = (points: readonly number[]) => Math.max(...points) - Math.min(...points);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Stories whose revealed votes ranged more than WIDE_SPREAD_RANGE in some round: one insight each. */
export function wideSpreadInsights(facts: SessionFacts): InsightDraft[] {
  return facts.stories.flatMap((s): InsightDraft[] => {
    const rounds = revealedRounds(s);
    const wide = rounds.filter((r) => r.points.length >= 2 && spread(r.points) > WIDE_SPREAD_RANGE);
    const worst = wide.sort((a, b) => spread(b.points) - spread(a.points) || a.round - b.round)[0];
    if (!worst) return [];
    const last = rounds[rounds.length - 1];
    const stillWide = last !== undefined && last.points.length >= 2 && spread(last.points) > WIDE_SPREAD_RANGE;
    const low = Math.min(...worst.points);
    const high = Math.max(...worst.points);
    const name = storyName(s);
    return [
      {
        rule: "wide_spread",
        storyId: s.id,
        type: "warning",
        priority: stillWide ? "high" : "medium",
        category: "estimation",
        icon: "exclamation-triangle",
        title: `Wide spread on ${name}`,
        message:
          `Votes on ${name} ranged from ${low} to ${high} points in round ${worst.round} ` +
          `(${plural(worst.points.length, "vote")}). ` +
          (stillWide
            ? "The last revealed round was still that far apart."
            : "A later round brought the votes closer together."),
        impact: "The team does not share one picture of this story's scope, so its points may not hold.",
        recommendation: `Ask the people who voted ${low} and ${high} to explain their reasoning, agree on the scope, then re-vote.`,
        riskFactors: [
          "Different understanding of the scope",
          "Hidden complexity known to part of the team",
          "Final points that do not reflect the team's view",
        ],
        actionItems: [`Clarify the scope of ${name}: votes ranged from ${low} to ${high}`],
        metadata: { low, high, range: high - low, round: worst.round, votes: worst.points.length, stillWide },
      },
    ];
  });
}

/** Completed stories of SPLIT_FROM_POINTS final points or more: one insight each. */
export function splitLargeInsights(facts: SessionFacts): InsightDraft[] {
  return facts.stories.flatMap((s): InsightDraft[] => {
    if (s.status !== "completed" || s.finalPoints === null || s.finalPoints < SPLIT_FROM_POINTS) return [];
    const name = storyName(s);
    return [
      {
        rule: "split_large",
        storyId: s.id,
        type: "suggestion",
        priority: s.finalPoints >= 21 ? "high" : "medium",
        category: "technical",
        icon: "bolt",
        title: `Split ${name} (${s.finalPoints} points)`,
        message: `${name} was estimated at ${s.finalPoints} points, high complexity for one story (${SPLIT_FROM_POINTS} or more).`,
        impact: "Large stories hide unknowns, rarely fit in one sprint and make the forecast less reliable.",
        recommendation:
          "Split it into stories that each deliver something testable, by workflow step, business rule or data variation, and estimate each.",
        riskFactors: ["Unknowns hidden in a large scope", "Work carried over between sprints", "Late feedback"],
        actionItems: [`Split ${name} (${s.finalPoints} points) into smaller stories`],
        metadata: { finalPoints: s.finalPoints },
      },
    ];
  });
}

/** Stories (skipped ones aside) with no acceptance criteria: one insight for all of them. */
export function missingCriteriaInsights(facts: SessionFacts): InsightDraft[] {
  const considered = facts.stories.filter((s) => s.status !== "skipped");
  const missing = considered.filter((s) => !s.acceptanceCriteria.some((c) => c.trim() !== ""));
  if (missing.length === 0) return [];
  const names = missing.map(storyName);
  const listed = names.slice(0, 5).join(", ") + (names.length > 5 ? ` and ${names.length - 5} more` : "");
  return [
    {
      rule: "missing_criteria",
      storyId: missing.length === 1 ? (missing[0]?.id ?? null) : null,
      type: "risk",
      priority: missing.length * 2 >= considered.length ? "high" : "medium",
      category: "edge_cases",
      icon: "check-square",
      title:
        missing.length === 1
          ? `${names[0]} has no acceptance criteria`
          : `${missing.length} of ${considered.length} stories have no acceptance criteria`,
      message: `No acceptance criteria on ${listed}.`,
      impact: 'Without criteria, people estimate different scopes and "done" is decided late.',
      recommendation:
        "Write 3-5 testable criteria per story (Given/When/Then), including error cases, before or while estimating.",
      riskFactors: ["Scope creep", "Edge cases discovered during development", "Disagreement at review"],
      actionItems: names.slice(0, 5).map((n) => `Add acceptance criteria to ${n}`),
      metadata: { storyIds: missing.map((s) => s.id), count: missing.length, of: considered.length },
    },
  ];
}

/**
 * The consensus rate of the completed stories (core `consensusRate`, spec part 2 section 9),
 * once at least one story is completed.
 */
export function consensusRateInsights(facts: SessionFacts): InsightDraft[] {
  const completed = facts.stories.filter((s) => s.status === "completed");
  const rate = consensusRate(completed.map((s) => s.revealedPoints));
  if (rate === null) return [];
  const agreed = Math.round((rate * completed.length) / 100);
  const base = {
    rule: "consensus_rate" as const,
    storyId: null,
    category: "collaboration" as const,
    icon: "users" as const,
    title: `Consensus rate ${rate}%`,
    message:
      `${agreed} of ${plural(completed.length, "completed story", "completed stories")} reached consensus ` +
      "(votes at most 1 point apart, or fewer than 2 votes).",
    metadata: { consensusRate: rate, completed: completed.length },
  };
  if (rate < LOW_CONSENSUS_RATE) {
    return [
      {
        ...base,
        type: "warning",
        priority: "high",
        impact: "Most estimates were settled without agreement, so the sprint forecast carries more risk.",
        recommendation:
          "Spend a minute on scope and acceptance criteria before each vote, and re-vote after discussing outliers.",
        riskFactors: ["Unclear stories", "Knowledge held by few people", "Anchoring on the loudest voice"],
        actionItems: [`Raise agreement: only ${rate}% of stories reached consensus; discuss scope before voting`],
      },
    ];
  }
  if (rate < GOOD_CONSENSUS_RATE) {
    return [
      {
        ...base,
        type: "suggestion",
        priority: "medium",
        impact: "Some estimates were settled without agreement.",
        recommendation: "Revisit the stories without consensus with their outlying voters before the sprint starts.",
        riskFactors: ["Unclear stories", "Different assumptions about the solution"],
        actionItems: [`Revisit the stories without consensus (consensus rate ${rate}%)`],
      },
    ];
  }
  return [
    {
      ...base,
      type: "info",
      priority: "low",
      impact: "The team shares a common understanding of most stories.",
      recommendation: "Keep the same preparation: stories with clear criteria lead to quick agreement.",
      riskFactors: [],
      actionItems: [],
    },
  ];
}

/** Stories that needed more than one round of voting: one insight for all of them. */
export function roundsNeededInsights(facts: SessionFacts): InsightDraft[] {
  const revoted = facts.stories.filter((s) => roundsOf(s) > 1);
  if (revoted.length === 0) return [];
  const most = [...revoted].sort((a, b) => roundsOf(b) - roundsOf(a))[0] as StoryFacts;
  const voted = facts.stories.filter((s) => s.firstVoteAt !== null || roundsOf(s) > 1);
  const total = voted.reduce((sum, s) => sum + roundsOf(s), 0);
  const mean = Math.round((total / Math.max(voted.length, 1)) * 10) / 10;
  return [
    {
      rule: "rounds_needed",
      storyId: revoted.length === 1 ? most.id : null,
      type: "optimization",
      priority: roundsOf(most) >= 3 ? "medium" : "low",
      category: "process",
      icon: "bullseye",
      title: `${plural(revoted.length, "story", "stories")} needed more than one round`,
      message:
        `${revoted.map((s) => `${storyName(s)} (${roundsOf(s)} rounds)`).join(", ")}. ` +
        `Stories voted on took ${mean} rounds on average.`,
      impact: "Each extra round costs the whole team's time and often signals a story that was not ready.",
      recommendation:
        "Refine stories with the product owner before planning: clear scope and acceptance criteria settle votes in one round.",
      riskFactors: ["Stories not ready for estimation", "Missing domain knowledge"],
      actionItems: [`Refine stories before planning: ${storyName(most)} needed ${roundsOf(most)} rounds`],
      metadata: { stories: revoted.map((s) => ({ id: s.id, rounds: roundsOf(s) })), averageRounds: mean },
    },
  ];
}

/**
 * Stories that took long (storyTimes: first vote to finish): more than SLOW_STORY_MINUTES, or
 * more than SLOW_STORY_FACTOR times the median of at least 3 measured stories (and 5+ minutes).
 */
export function timeSpentInsights(facts: SessionFacts): InsightDraft[] {
  const measured = facts.stories.flatMap((s) => {
    const minutes = storyMinutes(s);
    return minutes === null ? [] : [{ story: s, minutes }];
  });
  if (measured.length === 0) return [];
  const mid = median(measured.map((m) => m.minutes)) as number;
  const slow = measured
    .filter(
      (m) =>
        m.minutes > SLOW_STORY_MINUTES ||
        (measured.length >= 3 && m.minutes >= 5 && m.minutes > SLOW_STORY_FACTOR * mid),
    )
    .sort((a, b) => b.minutes - a.minutes);
  const slowest = slow[0];
  if (!slowest) return [];
  const min = (m: number) => `${Math.round(m)} min`;
  const average = measured.reduce((sum, m) => sum + m.minutes, 0) / measured.length;
  return [
    {
      rule: "time_spent",
      storyId: slow.length === 1 ? slowest.story.id : null,
      type: "optimization",
      priority: slowest.minutes > 3 * SLOW_STORY_MINUTES ? "high" : "medium",
      category: "process",
      icon: "clock",
      title: `${storyName(slowest.story)} took ${min(slowest.minutes)}`,
      message:
        `Slow stories: ${slow.map((m) => `${storyName(m.story)} ${min(m.minutes)}`).join(", ")}. ` +
        `Stories took ${min(average)} on average (median ${min(mid)}), from the first vote to the finish.`,
      impact: "Long discussions in planning delay the remaining stories and tire the team.",
      recommendation: `Timebox each story (for example ${SLOW_STORY_MINUTES} minutes with the round timer) and take long debates offline.`,
      riskFactors: ["Design discussions during estimation", "Unclear stories"],
      actionItems: [`Timebox estimation: ${storyName(slowest.story)} took ${min(slowest.minutes)}`],
      metadata: {
        averageMinutes: Math.round(average * 10) / 10,
        medianMinutes: Math.round(mid * 10) / 10,
        stories: measured.map((m) => ({ id: m.story.id, minutes: Math.round(m.minutes * 10) / 10 })),
      },
    },
  ];
}

/**
 * Stories whose final points (else the median of the last revealed votes) fall outside the
 * likely range the team's history suggests (issue #9 section 3; `suggestions` by story id).
 */
export function historyGapInsights(
  facts: SessionFacts,
  suggestions: ReadonlyMap<string, HistorySuggestion> = new Map(),
): InsightDraft[] {
  return facts.stories.flatMap((s): InsightDraft[] => {
    const suggestion = suggestions.get(s.id);
    if (!suggestion) return [];
    const last = revealedRounds(s).at(-1);
    const team = s.status === "completed" && s.finalPoints !== null ? s.finalPoints : median(last?.points ?? []);
    if (team === null || (team >= suggestion.low && team <= suggestion.high)) return [];
    const name = storyName(s);
    const direction = team > suggestion.high ? "higher" : "lower";
    return [
      {
        rule: "history_gap",
        storyId: s.id,
        type: "warning",
        priority: "medium",
        category: "estimation",
        icon: "calculator",
        title: `${name} estimated ${direction} than similar stories`,
        message:
          `The team's estimate of ${name} is ${team} points; similar stories in the team's history ` +
          `suggest ${suggestion.points} (likely ${suggestion.low}-${suggestion.high}).`,
        impact: "An estimate far from comparable past work is either a new kind of risk or a misunderstanding.",
        recommendation: `Compare ${name} with the similar past stories and note what makes it ${direction === "higher" ? "bigger" : "smaller"}.`,
        riskFactors: ["Misread scope", "Unrecognised reuse or novelty"],
        actionItems: [`Check ${name} against similar past stories (history suggests ${suggestion.points})`],
        metadata: { estimate: team, ...suggestion },
      },
    ];
  });
}

/** A positive note when stories were completed and no other rule found anything to act on. */
export function onTrackInsights(facts: SessionFacts, others: readonly InsightDraft[]): InsightDraft[] {
  const completed = facts.stories.filter(isFinished).length;
  if (completed === 0 || others.some((o) => o.actionItems.length > 0)) return [];
  return [
    {
      rule: "on_track",
      storyId: null,
      type: "info",
      priority: "info",
      category: "process",
      icon: "lightbulb",
      title: "Session on track",
      message: `${plural(completed, "story", "stories")} finished with clear criteria, close votes and no story to split.`,
      impact: "Estimates from this session are a reliable base for the sprint forecast.",
      recommendation: "Keep preparing stories the same way.",
      riskFactors: [],
      actionItems: [],
      metadata: { finished: completed },
    },
  ];
}
