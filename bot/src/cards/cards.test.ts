/**
 * @jest-environment jsdom
 */

import { roundResults } from "@pointwise/core/consensus";
import { deckFor } from "@pointwise/core/decks";
import * as AC from "adaptivecards";
import type { VotingCardState } from "../cardState";
import { type AdaptiveCard, MAX_ACTIONS_PER_SET } from "./adaptiveCard";
import { buildHelpCard } from "./helpCard";
import { buildSummaryCard, summaryText } from "./summaryCard";
import { buildVotingCard } from "./votingCard";

/**
 * Every card is parsed by Microsoft's Adaptive Cards renderer library (`adaptivecards`, in a
 * DOM) with a 1.5 serialisation context: no parse warnings or errors, no validation failures,
 * and it renders. Plus the Teams rules the library does not know.
 */
// Teams renders markdown itself; the library only needs to be told it is handled.
AC.AdaptiveCard.onProcessMarkdown = (text, result) => {
  result.outputHtml = text;
  result.didProcess = true;
};

function problemsOf(json: AdaptiveCard): string[] {
  const context = new AC.SerializationContext(AC.Versions.v1_5);
  const card = new AC.AdaptiveCard();
  card.parse(json, context);
  const problems: string[] = [];
  for (let i = 0; i < context.eventCount; i++) problems.push(context.getEventAt(i).message);
  for (const event of card.validateProperties().validationEvents) problems.push(event.message);
  if (!card.render()) problems.push("did not render");
  return problems;
}

const baseState = (overrides: Partial<VotingCardState> = {}): VotingCardState => ({
  session: { id: "s1", title: "Sprint 12", deck: deckFor("fibonacci") },
  story: {
    id: "st1",
    title: "Checkout",
    ticketNumber: "BAM-65",
    votesRevealed: false,
    status: "voting",
    finalPoints: null,
  },
  voters: [
    { displayName: "Ann", hasVoted: true },
    { displayName: "Bob", hasVoted: false },
  ],
  remaining: 3,
  openUrl: "https://pointwise.test/session/s1",
  viewer: { ownPoints: 5, isLeader: true },
  refreshUserIds: ["29:ann"],
  ...overrides,
});

/** Every ActionSet and the card's own actions respect Teams' limit. */
function actionCounts(card: AdaptiveCard): number[] {
  const sets = card.body.flatMap((e) => (e.type === "ActionSet" ? [e.actions.length] : []));
  return [...sets, card.actions?.length ?? 0];
}

describe("voting card (Adaptive Cards 1.5, Universal Actions)", () => {
  it("is valid before reveal, with the deck as Action.Execute and who voted but no one's points", () => {
    const card = buildVotingCard(baseState({ viewer: { ownPoints: null, isLeader: true } }));
    expect(card.version).toBe("1.5");
    expect(problemsOf(card)).toEqual([]);
    expect(card.refresh?.action).toMatchObject({ type: "Action.Execute", verb: "refresh" });
    expect(card.refresh?.userIds).toEqual(["29:ann"]);
    const deckButtons = card.body.flatMap((e) => (e.type === "ActionSet" ? e.actions : []));
    expect(deckButtons.map((a) => a.title)).toEqual(["1", "2", "3", "5", "8", "13", "21", "?"]);
    expect(deckButtons.every((a) => a.type === "Action.Execute" && a.verb === "vote")).toBe(true);
    expect(JSON.stringify(card)).toContain("Voted (1 of 2): Ann");
    expect(JSON.stringify(card.body)).not.toMatch(/Ann: \d/);
    expect(Math.max(...actionCounts(card))).toBeLessThanOrEqual(MAX_ACTIONS_PER_SET);
  });

  it("is valid after reveal with the results, and for a custom deck of 20 cards", () => {
    const votes = [
      { displayName: "Ann", points: 5 },
      { displayName: "Bob", points: 8 },
    ];
    const revealed = buildVotingCard(
      baseState({
        story: {
          id: "st1",
          title: "Checkout",
          ticketNumber: null,
          votesRevealed: true,
          status: "voting",
          finalPoints: null,
        },
        votes,
        results: roundResults(votes.map((v) => v.points)),
      }),
    );
    expect(problemsOf(revealed)).toEqual([]);
    expect(JSON.stringify(revealed)).toContain("Ann: 5 · Bob: 8");
    const big = buildVotingCard(
      baseState({
        session: {
          id: "s",
          title: "t",
          deck: deckFor(
            "custom",
            Array.from({ length: 20 }, (_, i) => i * 5),
          ),
        },
      }),
    );
    expect(problemsOf(big)).toEqual([]);
    expect(Math.max(...actionCounts(big))).toBeLessThanOrEqual(MAX_ACTIONS_PER_SET);
  });

  it("is valid with no story, and hides leader controls from others", () => {
    expect(problemsOf(buildVotingCard(baseState({ story: null })))).toEqual([]);
    const member = buildVotingCard(baseState({ viewer: { ownPoints: 3, isLeader: false } }));
    expect(JSON.stringify(member.actions)).not.toContain("reveal");
    expect(JSON.stringify(member)).toContain("Your vote: **3**");
  });
});

describe("summary and help cards", () => {
  const summary = {
    sessionTitle: "Sprint 12",
    completedStories: 2,
    totalPoints: 13,
    averagePoints: 6.5,
    consensusRate: 50,
    participants: 4,
    stories: [
      { title: "Checkout", points: 5, ticketNumber: "BAM-65" },
      { title: "Login", points: 8, ticketNumber: null },
    ],
    skippedStories: [{ title: "Export", ticketNumber: "BAM-9" }],
    openUrl: "https://pointwise.test/session/s1",
  };
  it("are valid Adaptive Cards 1.5", () => {
    expect(problemsOf(buildSummaryCard(summary))).toEqual([]);
    expect(problemsOf(buildHelpCard("I don't know that."))).toEqual([]);
  });
  it("says the summary as text for the share link", () => {
    expect(summaryText(summary)).toBe(
      [
        "Pointwise summary: Sprint 12",
        "2 stories completed, 13 points, average 6.5, consensus 50%, 4 participants",
        "- BAM-65 Checkout: 5 points",
        "- Login: 8 points",
        "Skipped: BAM-9",
      ].join("\n"),
    );
  });
});
