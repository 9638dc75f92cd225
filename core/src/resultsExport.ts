import { roundResults, roundTo1 } from "./consensus";
import { type Card, cardLabel, type EstimationScale, isSizeDeck } from "./decks";
import { markdownText } from "./markdownText";
import { type RoundHistoryEntry, roundHistoryText } from "./roundHistory";
import type { StoryStatus } from "./storySchemas";

/**
 * Session Results and their exports (issue #8 section 4 "Results at any moment"; spec part 2
 * section 9: file session-results-{id}.md). One builder for the web app and the server, so the
 * Markdown downloaded from `GET /api/sessions/{id}/export.md` is the document the tab shows.
 */

/** What the results read of a session. */
export interface ResultsSession {
  id: string;
  title: string;
  estimationScale: EstimationScale;
  deck: Card[];
}

/** What the results read of a story; `round` counts its voting rounds (1 = first). */
export interface ResultsStory {
  id: string;
  title: string;
  ticketNumber: string | null;
  status: StoryStatus;
  finalPoints: number | null;
  consensus: boolean;
  votesRevealed: boolean;
  round: number;
}

/** What the results read of a vote: `points` absent when hidden, `coffee` for a break request. */
export interface ResultsVote {
  storyId: string;
  voterKey: string;
  displayName: string;
  points?: number;
  coffee?: true;
}

/** One row of the results: every cell already a display string ("" when none). */
export interface StoryResultRow {
  ticket: string;
  title: string;
  status: string;
  finalPoints: string;
  average: string;
  consensus: string;
  rounds: string;
  /** The revealed vote of each voter (`votersOf` order), "" when none. */
  votes: string[];
}

const STATUS_TEXT: Record<StoryStatus, string> = {
  pending: "Pending",
  voting: "Voting",
  completed: "Completed",
  skipped: "Skipped",
  blocked: "Blocked",
};

/**
 * The middle value of some points, as a card label: the lower middle for an even count, so the
 * result is always a card someone chose (issue #8 section 4: "the t-shirt deck shows sizes,
 * median size"). Null with no points.
 */
export function medianLabel(deck: readonly Card[], points: readonly number[]): string | null {
  if (points.length === 0) return null;
  const sorted = [...points].sort((a, b) => a - b);
  return cardLabel(deck, sorted[Math.floor((sorted.length - 1) / 2)] ?? null);
}

/**
 * The "average" of some points as the deck shows it (issue #8 section 4): the t-shirt deck a
 * median size ("M"), numeric decks the mean to 1 decimal ("3.5", spec part 2 section 9).
 * Null with no points; coffee cards and `?` never reach here (they carry no points).
 */
export function averageLabel(session: ResultsSession, points: readonly number[]): string | null {
  if (points.length === 0) return null;
  if (isSizeDeck(session.estimationScale)) return medianLabel(session.deck, points);
  const average = roundResults(points).average;
  return average === null ? null : average.toFixed(1);
}

/**
 * The session's total line: numeric decks the sum of completed stories' final points
 * ("Total: 13.5 points"); the t-shirt deck no point total but the median size of the completed
 * stories ("Median size: M"). Null when no completed story has final points.
 */
export function resultsTotal(session: ResultsSession, stories: readonly ResultsStory[]): string | null {
  const finals = stories.flatMap((s) => (s.status === "completed" && s.finalPoints !== null ? [s.finalPoints] : []));
  if (finals.length === 0) return null;
  if (isSizeDeck(session.estimationScale)) return `Median size: ${medianLabel(session.deck, finals)}`;
  const total = roundTo1(finals.reduce((sum, p) => sum + p, 0));
  return `Total: ${total} ${total === 1 ? "point" : "points"}`;
}

/**
 * The voters of revealed stories, in the order they first voted, as `{voterKey, displayName}`:
 * the per-person columns of the results ("votes per person after reveal").
 */
export function votersOf(
  stories: readonly ResultsStory[],
  votes: readonly ResultsVote[],
): { voterKey: string; displayName: string }[] {
  const revealed = new Set(stories.filter((s) => s.votesRevealed).map((s) => s.id));
  const seen = new Map<string, string>();
  for (const v of votes) if (revealed.has(v.storyId) && !seen.has(v.voterKey)) seen.set(v.voterKey, v.displayName);
  return [...seen].map(([voterKey, displayName]) => ({ voterKey, displayName }));
}

/**
 * The finished rounds of each story, by story id, oldest first (`story_rounds`, as
 * `GET /api/stories/{id}/rounds` answers them): votes only for rounds that were revealed.
 */
export type ResultsHistory = ReadonlyMap<string, readonly RoundHistoryEntry[]>;

/**
 * The rounds cell of a story (issue #8 sections 3 and 4): its earlier rounds from `history`,
 * then its current round once it is over ("Round 1: 3, 5, 13 - Wide Spread; Round 2: 5, 5, 8 -
 * Strong Consensus"): with its votes when revealed, "not revealed" when the story was completed
 * or skipped without a reveal, left out while it is pending or still being voted on unrevealed.
 * @param points the current round's revealed points (empty before reveal)
 */
export function roundsCell(
  session: ResultsSession,
  story: ResultsStory,
  points: readonly number[],
  earlier: readonly RoundHistoryEntry[] = [],
): string {
  const rounds = earlier.filter((r) => r.round < story.round);
  if (story.votesRevealed) {
    const label = roundResults(points).label;
    rounds.push({ round: story.round, votes: points.map((p) => ({ points: p })), consensusLabel: label });
  } else if (story.status === "completed" || story.status === "skipped") {
    rounds.push({ round: story.round, votes: [], consensusLabel: null });
  }
  return roundHistoryText(rounds, session.deck);
}

/**
 * The results of each story, in the given order; every story appears, pending ones with empty
 * points. Only revealed votes are shown (a vote's points are present only once revealed when
 * the caller presents votes with no viewer); a coffee card shows as ☕.
 * @param stories the session's stories in queue order
 * @param votes votes as presented to nobody in particular (secrecy applied)
 * @param history each story's finished rounds (none given: only the current round shows)
 */
export function storyResultRows(
  session: ResultsSession,
  stories: readonly ResultsStory[],
  votes: readonly ResultsVote[],
  history: ResultsHistory = new Map(),
): StoryResultRow[] {
  const voters = votersOf(stories, votes);
  return stories.map((story) => {
    const own = votes.filter((v) => v.storyId === story.id);
    const points = story.votesRevealed ? own.flatMap((v) => (v.points === undefined ? [] : [v.points])) : [];
    const byVoter = new Map(own.map((v) => [v.voterKey, v]));
    const completed = story.status === "completed";
    return {
      ticket: story.ticketNumber ?? "",
      title: story.title,
      status: STATUS_TEXT[story.status],
      finalPoints: completed ? cardLabel(session.deck, story.finalPoints) : "",
      average: averageLabel(session, points) ?? "",
      consensus: completed ? (story.consensus ? "Yes" : "No") : "",
      rounds: roundsCell(session, story, points, history.get(story.id)),
      votes: voters.map(({ voterKey }) => {
        const vote = byVoter.get(voterKey);
        if (!vote || !story.votesRevealed) return "";
        if (vote.coffee) return "☕";
        return vote.points === undefined ? "" : cardLabel(session.deck, vote.points);
      }),
    };
  });
}

/**
 * The Markdown export (spec part 2 section 9, file session-results-{id}.md): the title, a table
 * of every story (status, final points, average or median size, consensus, rounds: each round's
 * votes and label, `roundsCell`) and the total line of `resultsTotal`. Titles, tickets and names are user text: core's `markdownText`
 * keeps each on its table row and inert (no HTML, links, images; issue #7).
 */
export function resultsMarkdown(
  session: ResultsSession,
  stories: readonly ResultsStory[],
  votes: readonly ResultsVote[],
  history: ResultsHistory = new Map(),
): string {
  const average = isSizeDeck(session.estimationScale) ? "Median size" : "Average";
  const lines = [
    `# ${markdownText(session.title)}`,
    "",
    `| Story | Ticket | Status | Points | ${average} | Consensus | Rounds |`,
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const row of storyResultRows(session, stories, votes, history)) {
    // Only the title and ticket are user text; the other cells are ours (labels, numbers).
    const cells = [markdownText(row.title), markdownText(row.ticket), row.status, row.finalPoints, row.average];
    lines.push(`| ${[...cells, row.consensus, row.rounds].join(" | ")} |`);
  }
  const total = resultsTotal(session, stories);
  if (total !== null) {
    const [name, value] = total.split(": ");
    lines.push("", `**${name}:** ${value}`);
  }
  lines.push("");
  return lines.join("\n");
}

/** First characters a spreadsheet reads as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV cell that a spreadsheet shows as text: one starting with `=`, `+`, `-`, `@`, tab or
 * carriage return gets a leading `'` (OWASP "CSV Injection"; issue #8 section 4).
 */
export function neutralisedCell(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * The CSV export as rows of cells (issue #8 section 4): header `ticket, title, status, final
 * points, average, consensus, rounds`, then one column per voter (their display name) with
 * their revealed vote; every cell neutralised against formula injection. The caller quotes.
 */
export function resultsCsvRows(
  session: ResultsSession,
  stories: readonly ResultsStory[],
  votes: readonly ResultsVote[],
  history: ResultsHistory = new Map(),
): string[][] {
  const average = isSizeDeck(session.estimationScale) ? "median size" : "average";
  const header = ["ticket", "title", "status", "final points", average, "consensus", "rounds"];
  const voters = votersOf(stories, votes).map((v) => v.displayName);
  const rows = storyResultRows(session, stories, votes, history).map((r) => [
    r.ticket,
    r.title,
    r.status,
    r.finalPoints,
    r.average,
    r.consensus,
    r.rounds,
    ...r.votes,
  ]);
  return [[...header, ...voters], ...rows].map((row) => row.map(neutralisedCell));
}
