/**
 * @jest-environment jsdom
 */

import { roundResults } from "@pointwise/core/consensus";
import { deckFor } from "@pointwise/core/decks";
import * as AC from "adaptivecards";
import type { VotingCardState } from "../cardState";
import { type AdaptiveCard, MAX_ACTIONS_PER_SET } from "./adaptiveCard";
import { cardMarkdown, cardText } from "./cardText";
import { buildHelpCard } from "./helpCard";
import { buildSummaryCard, summaryText } from "./summaryCard";
import { buildConversationCard, buildVotingCard } from "./votingCard";

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
    expect(deckButtons.map((a) => a.title)).toEqual(["0", "½", "1", "2", "3", "5", "8", "13", "21", "?", "☕"]);
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
    expect(problemsOf(buildHelpCard(cardMarkdown`I don't know that.`))).toEqual([]);
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

describe("user text on cards (issue #7: injection in Teams cards)", () => {
  const hostile = [
    "[Admin](https://evil.example)",
    "[click](javascript:alert(1))",
    "![pixel](https://evil.example/p.png)",
    "{{DATE(2017-02-14T06:08:39Z, SHORT)}}",
    "**Boss** <b>x</b>\nline",
    "1. www.evil.example",
  ];
  /** Every Markdown string of a card: TextBlock texts and Fact titles and values. */
  const markdownOf = (card: AdaptiveCard): string[] =>
    card.body.flatMap((e) => {
      if (e.type === "TextBlock") return [e.text];
      if (e.type === "FactSet") return e.facts.flatMap((f) => [f.title, f.value]);
      if (e.type === "Container") return e.items.flatMap((i) => (i.type === "TextBlock" ? [i.text] : []));
      return [];
    });
  /** What could become a link, an image, a template function or an HTML tag in Teams' Markdown. */
  const live = /(?<!\\)\[|(?<!\\)<|\{\{|:\/\/|www\./;

  it("escapes titles, names, tickets and session names so nothing turns into links or templates", () => {
    const [a = "", b = "", c = "", d = "", e = "", f = ""] = hostile;
    const votes = [
      { displayName: c, points: 5 },
      { displayName: d, points: 8 },
    ];
    const cards = [
      buildVotingCard(
        baseState({
          session: { id: "s1", title: a, deck: deckFor("fibonacci") },
          story: { id: "st1", title: b, ticketNumber: e, votesRevealed: false, status: "voting", finalPoints: null },
          voters: hostile.map((displayName, i) => ({ displayName, hasVoted: i % 2 === 0 })),
        }),
      ),
      buildVotingCard(
        baseState({
          story: { id: "st1", title: f, ticketNumber: null, votesRevealed: true, status: "voting", finalPoints: null },
          votes,
          results: roundResults([5, 8]),
        }),
      ),
      buildSummaryCard({
        sessionTitle: a,
        completedStories: 1,
        totalPoints: 5,
        averagePoints: 5,
        consensusRate: 100,
        participants: 2,
        stories: [
          { title: b, points: 5, ticketNumber: null },
          { title: c, points: 3, ticketNumber: "X-1" },
        ],
        skippedStories: [{ title: d, ticketNumber: null }],
        openUrl: "https://pointwise.test/session/s1",
      }),
      buildHelpCard(cardMarkdown`I don't know "${a}".`),
    ];
    for (const card of cards) {
      expect(problemsOf(card)).toEqual([]);
      for (const text of markdownOf(card)) expect(text).not.toMatch(live);
      // The only link is the one we build: "Open in Pointwise".
      const urls = JSON.stringify(card).match(/https?:\/\/[^"\\\s)]+/g) ?? [];
      expect(
        urls.filter((u) => !u.startsWith("https://pointwise.test/") && !u.startsWith("http://adaptivecards.io/")),
      ).toEqual([]);
    }
    const shown = JSON.stringify(cards.map(markdownOf));
    expect(shown).toContain("\\\\[Admin\\\\](https:\u200b//evil.example)");
  });

  it("shows the text as typed once the escapes are read", () => {
    const read = (md: string) => md.replace(/\\([!-/:-@[-`{-~])/g, "$1").replace(/\u200B/g, "");
    for (const text of hostile) expect(read(cardText(text))).toBe(text.replace(/\n/g, " "));
  });

  it("posts to a conversation only the viewer-neutral card, never the viewer's own vote", () => {
    const personal = buildVotingCard(baseState({ viewer: { ownPoints: 5, isLeader: true } }));
    expect(JSON.stringify(personal)).toContain("Your vote: **5**");
    const posted = buildConversationCard(baseState({ viewer: { ownPoints: 5, isLeader: true } }));
    expect(problemsOf(posted)).toEqual([]);
    expect(JSON.stringify(posted)).not.toMatch(/Your vote|\*\*5\*\*/);
    expect(JSON.stringify(posted.actions)).toContain("reveal");
  });
});
