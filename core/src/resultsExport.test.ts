import { deckFor } from "./decks";
import {
  averageLabel,
  neutralisedCell,
  type ResultsSession,
  type ResultsStory,
  type ResultsVote,
  resultsCsvRows,
  resultsMarkdown,
  resultsTotal,
} from "./resultsExport";
import { castVoteSchema } from "./voteSchemas";

const fibonacci: ResultsSession = {
  id: "s1",
  title: "Sprint 12",
  estimationScale: "fibonacci",
  deck: deckFor("fibonacci"),
};
const tshirt: ResultsSession = { id: "s2", title: "Sizes", estimationScale: "tshirt", deck: deckFor("tshirt") };

const story = (overrides: Partial<ResultsStory> & { id: string }): ResultsStory => ({
  title: "Login page",
  ticketNumber: null,
  status: "pending",
  finalPoints: null,
  consensus: false,
  votesRevealed: false,
  round: 1,
  ...overrides,
});

const vote = (storyId: string, voterKey: string, points?: number, coffee?: true): ResultsVote => ({
  storyId,
  voterKey,
  displayName: voterKey === "u:a" ? "Ann" : "=Bob",
  ...(points === undefined ? {} : { points }),
  ...(coffee ? { coffee } : {}),
});

describe("results export (issue #8 section 4)", () => {
  const stories = [
    story({
      id: "a",
      title: "Login",
      ticketNumber: "PW-1",
      status: "completed",
      finalPoints: 5,
      consensus: true,
      votesRevealed: true,
    }),
    story({ id: "b", title: "Logout", status: "skipped" }),
    story({ id: "c", title: "Search" }),
  ];
  const votes = [vote("a", "u:a", 5), vote("a", "p:b", undefined, true), vote("c", "u:a")];

  it("writes every story in a Markdown table, pending ones with empty points, and the total", () => {
    expect(resultsMarkdown(fibonacci, stories, votes)).toBe(
      [
        "# Sprint 12",
        "",
        "| Story | Ticket | Status | Points | Average | Consensus | Rounds |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        "| Login | PW-1 | Completed | 5 | 5.0 | Yes | Round 1: 5 - Good Alignment |",
        "| Logout |  | Skipped |  |  |  | Round 1: not revealed |",
        "| Search |  | Pending |  |  |  |  |",
        "",
        "**Total:** 5 points",
        "",
      ].join("\n"),
    );
  });

  it("keeps hostile titles inert in Markdown (issue #7)", () => {
    const hostile = [story({ id: "x", title: "A | B\n# <img src=x onerror=alert(1)>" })];
    const lines = resultsMarkdown({ ...fibonacci, title: "[t](javascript:x)" }, hostile, []).split("\n");
    expect(lines[0]).toBe("# \\[t\\](javascript:x)");
    expect(lines[4]).toBe("| A \\| B # \\<img src=x onerror=alert(1)\\> |  | Pending |  |  |  |  |");
  });

  it("writes CSV rows with a column per voter, ☕ for a break request and no vote before reveal", () => {
    expect(resultsCsvRows(fibonacci, stories, votes)).toEqual([
      ["ticket", "title", "status", "final points", "average", "consensus", "rounds", "Ann", "'=Bob"],
      ["PW-1", "Login", "Completed", "5", "5.0", "Yes", "Round 1: 5 - Good Alignment", "5", "☕"],
      ["", "Logout", "Skipped", "", "", "", "Round 1: not revealed", "", ""],
      ["", "Search", "Pending", "", "", "", "", "", ""],
    ]);
  });

  it("neutralises cells a spreadsheet would run as formulas (OWASP CSV Injection)", () => {
    for (const cell of ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(neutralisedCell(cell)).toBe(`'${cell}`);
    for (const cell of ["", "Login", "3.5", "a=b"]) expect(neutralisedCell(cell)).toBe(cell);
    const rows = resultsCsvRows(
      fibonacci,
      [story({ id: "h", title: '=HYPERLINK("http://evil")', ticketNumber: "@x" })],
      [],
    );
    expect(rows[1]?.slice(0, 2)).toEqual(["'@x", `'=HYPERLINK("http://evil")`]);
  });

  it("shows the t-shirt deck as sizes: median size, no point totals", () => {
    expect(averageLabel(tshirt, [1, 3, 13])).toBe("M");
    expect(averageLabel(tshirt, [1, 2, 3, 5])).toBe("S");
    expect(averageLabel(fibonacci, [0.5, 3])).toBe("1.8");
    expect(averageLabel(fibonacci, [])).toBeNull();
    const done = [
      story({ id: "a", status: "completed", finalPoints: 3, votesRevealed: true }),
      story({ id: "b", status: "completed", finalPoints: 8 }),
      story({ id: "c", status: "completed", finalPoints: 13 }),
    ];
    expect(resultsTotal(tshirt, done)).toBe("Median size: XL");
    expect(resultsMarkdown(tshirt, done, [vote("a", "u:a", 3)])).toContain("| Median size |");
    expect(resultsMarkdown(tshirt, done, [])).not.toContain("Total");
    expect(resultsCsvRows(tshirt, done, [vote("a", "u:a", 3)])[1]).toEqual([
      "",
      "Login page",
      "Completed",
      "M",
      "M",
      "No",
      "Round 1: M - Good Alignment",
      "M",
    ]);
  });

  it("lists each story's earlier rounds and its revealed current round (issue #8 section 3)", () => {
    const twice = [
      story({ id: "a", title: "Login", status: "completed", finalPoints: 5, votesRevealed: true, round: 2 }),
      story({ id: "b", title: "Search", status: "voting", round: 3 }),
    ];
    const history = new Map([
      [
        "a",
        [{ round: 1, votes: [{ points: 13 }, { points: 3 }, { points: 5 }], consensusLabel: "Wide Spread" as const }],
      ],
      [
        "b",
        [
          { round: 1, votes: [], consensusLabel: null },
          { round: 2, votes: [{ points: 8 }, { points: 8 }], consensusLabel: "Strong Consensus" as const },
        ],
      ],
    ]);
    const current = [vote("a", "u:a", 5), vote("a", "p:b", 5), vote("b", "u:a")];
    const rows = resultsCsvRows(fibonacci, twice, current, history);
    expect(rows[1]?.[6]).toBe("Round 1: 3, 5, 13 - Wide Spread; Round 2: 5, 5 - Strong Consensus");
    // Round 3 of "Search" is still being voted on: its (hidden) vote is not listed.
    expect(rows[2]?.[6]).toBe("Round 1: not revealed; Round 2: 8, 8 - Strong Consensus");
    expect(resultsMarkdown(fibonacci, twice, current, history)).toContain(
      "| Login |  | Completed | 5 | 5.0 | No | Round 1: 3, 5, 13 - Wide Spread; Round 2: 5, 5 - Strong Consensus |",
    );
  });

  it("totals decimal points to 1 decimal and says nothing with no completed story", () => {
    const halves = [0.5, 0.5, 0.1, 0.2].map((p, i) => story({ id: `s${i}`, status: "completed", finalPoints: p }));
    expect(resultsTotal(fibonacci, halves)).toBe("Total: 1.3 points");
    expect(resultsTotal(fibonacci, [story({ id: "p" })])).toBeNull();
  });
});

describe("castVoteSchema (issue #8 section 4)", () => {
  const storyId = "8f0b8d1e-2b7a-4b38-9d8e-3f1f0a6c1d2e";
  it("takes the coffee card, ? and one decimal place", () => {
    expect(castVoteSchema.parse({ storyId, points: "coffee" }).points).toBe("coffee");
    expect(castVoteSchema.parse({ storyId, points: "?" }).points).toBeNull();
    expect(castVoteSchema.parse({ storyId, points: 0.5 }).points).toBe(0.5);
    expect(castVoteSchema.safeParse({ storyId, points: 0.25 }).success).toBe(false);
    expect(castVoteSchema.safeParse({ storyId, points: "tea" }).success).toBe(false);
  });
});
