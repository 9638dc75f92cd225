import type { HistorySuggestion, SessionFacts, StoryFacts } from "./sessionFacts";
import { actionItemsOf, sessionInsights } from "./sessionInsights";
import { sessionMinutes, storyMinutes } from "./storyTimes";

const T0 = new Date("2026-03-02T09:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
let seq = 0;

/** A completed, well-prepared story voted 5,5,5 for 2 minutes; `overrides` make it interesting. */
function buildStoryFacts(overrides: Partial<StoryFacts> = {}): StoryFacts {
  seq += 1;
  return {
    id: `story-${seq}`,
    title: `Story ${seq}`,
    ticketNumber: null,
    description: "As a user I want it so that it works",
    acceptanceCriteria: ["Given a user, when they log in, then they see the dashboard"],
    status: "completed",
    finalPoints: 5,
    round: 1,
    revealedPoints: [5, 5, 5],
    earlierRounds: [],
    firstVoteAt: at(0),
    updatedAt: at(2),
    ...overrides,
  };
}

const facts = (stories: StoryFacts[]): SessionFacts => ({ sessionId: "s1", title: "Sprint 12", stories });
const rules = (f: SessionFacts, suggestions?: Map<string, HistorySuggestion>) =>
  sessionInsights(f, suggestions).map((i) => i.rule);

describe("PointBot insight rules (issue #9 section 2)", () => {
  it("says only 'on track' (and a good consensus rate) for a well-prepared session", () => {
    const insights = sessionInsights(facts([buildStoryFacts(), buildStoryFacts({ revealedPoints: [3, 2] })]));
    expect(insights.map((i) => i.rule)).toEqual(["consensus_rate", "on_track"]);
    expect(insights[0]).toMatchObject({ title: "Consensus rate 100%", type: "info", icon: "users" });
    expect(actionItemsOf(insights)).toEqual([]);
  });

  it("flags a revealed round whose votes range more than 5 (spec part 2 section 9: Wide Spread)", () => {
    const story = buildStoryFacts({
      title: "Payments",
      ticketNumber: "PW-7",
      revealedPoints: [2, 3, 13],
      finalPoints: 8,
    });
    const wide = sessionInsights(facts([story])).find((i) => i.rule === "wide_spread");
    expect(wide).toMatchObject({
      storyId: story.id,
      type: "warning",
      priority: "high",
      category: "estimation",
      icon: "exclamation-triangle",
      title: 'Wide spread on PW-7 "Payments"',
    });
    expect(wide?.message).toContain("ranged from 2 to 13 points in round 1");
    expect(wide?.riskFactors.length).toBeGreaterThan(0);
    expect(wide?.recommendation).toContain("voted 2 and 13");
    // A range of exactly 5 is not wide; nor is anything unrevealed.
    expect(rules(facts([buildStoryFacts({ revealedPoints: [3, 8] })]))).not.toContain("wide_spread");
    expect(rules(facts([buildStoryFacts({ status: "voting", revealedPoints: [], finalPoints: null })]))).not.toContain(
      "wide_spread",
    );
  });

  it("keeps a wide spread of an earlier round, at medium priority once a re-vote agreed", () => {
    const story = buildStoryFacts({
      round: 2,
      revealedPoints: [5, 5],
      earlierRounds: [{ round: 1, points: [1, 13], endedAt: at(1) }],
    });
    const wide = sessionInsights(facts([story])).find((i) => i.rule === "wide_spread");
    expect(wide).toMatchObject({
      priority: "medium",
      metadata: expect.objectContaining({ round: 1, stillWide: false }),
    });
  });

  it("asks to split stories of 13 points or more, 21 at high priority", () => {
    const thirteen = buildStoryFacts({ title: "Import", finalPoints: 13, revealedPoints: [13, 13] });
    const twentyOne = buildStoryFacts({ title: "Billing", finalPoints: 21, revealedPoints: [21, 21] });
    const split = sessionInsights(facts([thirteen, twentyOne, buildStoryFacts({ finalPoints: 8 })])).filter(
      (i) => i.rule === "split_large",
    );
    expect(split.map((i) => [i.storyId, i.priority, i.icon])).toEqual([
      [twentyOne.id, "high", "bolt"],
      [thirteen.id, "medium", "bolt"],
    ]);
    expect(split[1]?.actionItems).toEqual(['Split "Import" (13 points) into smaller stories']);
    expect(rules(facts([buildStoryFacts({ finalPoints: 8 })]))).not.toContain("split_large");
  });

  it("lists stories without acceptance criteria (blank entries count as none; skipped stories are ignored)", () => {
    const bare = buildStoryFacts({ title: "Search", acceptanceCriteria: [] });
    const blank = buildStoryFacts({ title: "Export", acceptanceCriteria: ["  "] });
    const skipped = buildStoryFacts({ title: "Later", acceptanceCriteria: [], status: "skipped" });
    const insights = sessionInsights(facts([bare, blank, skipped, buildStoryFacts()]));
    const missing = insights.find((i) => i.rule === "missing_criteria");
    expect(missing).toMatchObject({
      type: "risk",
      priority: "high",
      category: "edge_cases",
      icon: "check-square",
      title: "2 of 3 stories have no acceptance criteria",
      message: 'No acceptance criteria on "Search", "Export".',
    });
    expect(actionItemsOf(insights)).toEqual(
      expect.arrayContaining(['Add acceptance criteria to "Search"', 'Add acceptance criteria to "Export"']),
    );
    expect(rules(facts([buildStoryFacts(), skipped]))).not.toContain("missing_criteria");
  });

  it("reports the consensus rate of completed stories with the spec's rule (range <= 1 or fewer than 2 votes)", () => {
    const agreed = buildStoryFacts({ revealedPoints: [3, 2] });
    const single = buildStoryFacts({ revealedPoints: [8] });
    const apart = buildStoryFacts({ revealedPoints: [3, 5] });
    const far = buildStoryFacts({ revealedPoints: [1, 8] });
    const rate = sessionInsights(facts([agreed, single, apart, far])).find((i) => i.rule === "consensus_rate");
    expect(rate).toMatchObject({ title: "Consensus rate 50%", type: "suggestion", priority: "medium" });
    const low = sessionInsights(facts([apart, far])).find((i) => i.rule === "consensus_rate");
    expect(low).toMatchObject({ title: "Consensus rate 0%", type: "warning", priority: "high" });
    expect(rules(facts([buildStoryFacts({ status: "voting", finalPoints: null })]))).not.toContain("consensus_rate");
  });

  it("counts the rounds stories needed", () => {
    const twice = buildStoryFacts({
      title: "Login",
      round: 2,
      earlierRounds: [{ round: 1, points: [], endedAt: at(1) }],
    });
    const thrice = buildStoryFacts({
      title: "Cart",
      round: 3,
      earlierRounds: [
        { round: 1, points: [], endedAt: at(1) },
        { round: 2, points: [], endedAt: at(2) },
      ],
    });
    const rounds = sessionInsights(facts([twice, thrice, buildStoryFacts()])).find((i) => i.rule === "rounds_needed");
    expect(rounds).toMatchObject({
      priority: "medium",
      icon: "bullseye",
      title: "2 stories needed more than one round",
    });
    expect(rounds?.message).toBe('"Login" (2 rounds), "Cart" (3 rounds). Stories voted on took 2 rounds on average.');
    expect(rules(facts([buildStoryFacts()]))).not.toContain("rounds_needed");
  });

  it("measures time per story from the first vote to the finish and flags slow stories", () => {
    const quick = [buildStoryFacts(), buildStoryFacts({ firstVoteAt: at(2), updatedAt: at(5) })];
    const slow = buildStoryFacts({ title: "Reports", firstVoteAt: at(5), updatedAt: at(19) });
    expect(storyMinutes(slow)).toBe(14);
    expect(sessionMinutes(facts([...quick, slow]))).toBe(19);
    const time = sessionInsights(facts([...quick, slow])).find((i) => i.rule === "time_spent");
    expect(time).toMatchObject({ storyId: slow.id, icon: "clock", title: '"Reports" took 14 min' });
    expect(time?.message).toContain("Stories took 6 min on average (median 3 min)");
    expect(rules(facts(quick))).not.toContain("time_spent");
    // Not finished, or never voted: not measured.
    expect(storyMinutes(buildStoryFacts({ status: "voting" }))).toBeNull();
    expect(storyMinutes(buildStoryFacts({ firstVoteAt: null }))).toBeNull();
  });

  it("flags an estimate outside the range the team's history suggests", () => {
    const story = buildStoryFacts({ title: "Upload", finalPoints: 13, revealedPoints: [13, 13] });
    const near = buildStoryFacts({ title: "Rename", finalPoints: 3, revealedPoints: [3, 3] });
    const suggestions = new Map<string, HistorySuggestion>([
      [story.id, { points: 3, low: 2, high: 5 }],
      [near.id, { points: 3, low: 2, high: 5 }],
    ]);
    const gaps = sessionInsights(facts([story, near]), suggestions).filter((i) => i.rule === "history_gap");
    expect(gaps.map((g) => g.storyId)).toEqual([story.id]);
    expect(gaps[0]).toMatchObject({ icon: "calculator", title: '"Upload" estimated higher than similar stories' });
    expect(rules(facts([story, near]))).not.toContain("history_gap");
  });

  it("is deterministic and lists the most important first, with fields the database accepts", () => {
    const f = facts([
      buildStoryFacts({ revealedPoints: [1, 21], finalPoints: 21, acceptanceCriteria: [] }),
      buildStoryFacts({ round: 2, earlierRounds: [{ round: 1, points: [], endedAt: at(1) }] }),
    ]);
    const a = sessionInsights(f);
    expect(sessionInsights(f)).toEqual(a);
    const order = ["critical", "high", "medium", "low", "info"];
    const ranks = a.map((i) => order.indexOf(i.priority));
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    for (const i of a) expect(i.title.length).toBeLessThanOrEqual(200);
    expect(rules(f)).not.toContain("on_track");
  });
});
