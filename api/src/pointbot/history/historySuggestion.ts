import { deckFor } from "@pointwise/core/decks";
import type { EstimateSuggestionView } from "@pointwise/core/estimates/suggestionView";
import type { Db } from "../../db/database";
import type { SessionRow } from "../../policies/sessionPolicy";
import { historySource } from "../../queries/estimateHistory";
import { EstimatorCache, type HistoryScope } from "./estimatorCache";

/** One cache per database (tests run several servers in one process). */
const caches = new WeakMap<Db, EstimatorCache>();

/** The process's estimator cache for `db`. */
export function estimatorCacheFor(db: Db): EstimatorCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new EstimatorCache(historySource(db));
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The history a session's stories learn from (issue #9 section 3): its team's, or when it has
 * none, its creator's sessions without a team. A different team's history is never used.
 */
export const historyScopeOf = (session: Pick<SessionRow, "teamId" | "creatorId">): HistoryScope =>
  session.teamId ? { teamId: session.teamId } : { ownerUserId: session.creatorId };

/**
 * The numeric cards of the session's deck with their labels; `?` and ☕ are never suggested. The
 * t-shirt deck maps to its cards' values (XS 1, S 2, M 3, L 5, XL 8, XXL 13) and answers the labels.
 */
export function numericCards(session: Pick<SessionRow, "estimationScale" | "customDeck">): Map<number, string> {
  const cards = new Map<number, string>();
  for (const card of deckFor(session.estimationScale, session.customDeck)) {
    if (card.value !== null) cards.set(card.value, card.label);
  }
  return cards;
}

/** The story text the estimator reads; a completed story also brings the suggestion recorded then. */
export interface StoryToEstimate {
  id: string;
  title: string;
  description: string | null;
  ticketNumber?: string | null;
  status?: string;
  suggestedPoints?: number | null;
  suggestedLow?: number | null;
  suggestedHigh?: number | null;
}

/**
 * PointBot's suggestion for a story from its session's history scope, snapped to the session's
 * numeric deck, computed in-process (issue #9 section 3). With no history it answers the
 * estimator's default with `historySize: 0` and no similar stories. A completed story answers the
 * suggestion recorded at its completion (from the history before it joined); the story itself is
 * never among its similar stories (an imported story with known points is in the history).
 */
export async function suggestFromHistory(
  db: Db,
  session: Pick<SessionRow, "teamId" | "creatorId" | "estimationScale" | "customDeck">,
  story: StoryToEstimate,
): Promise<EstimateSuggestionView> {
  const scope = historyScopeOf(session);
  const entry = await estimatorCacheFor(db).get(scope);
  const cards = numericCards(session);
  const deck = [...cards.keys()];
  const s = entry.estimator.suggest({ title: story.title, description: story.description }, deck);
  const label = (n: number) => cards.get(n) ?? String(n);
  const recorded =
    story.status === "completed" &&
    story.suggestedPoints != null &&
    story.suggestedLow != null &&
    story.suggestedHigh != null
      ? { points: story.suggestedPoints, low: story.suggestedLow, high: story.suggestedHigh }
      : null;
  const { points, low, high } = recorded ?? s;
  const ownKey = story.ticketNumber ?? story.id;
  return {
    storyId: story.id,
    points,
    low,
    high,
    labels: { points: label(points), low: label(low), high: label(high) },
    similar: s.similar.flatMap((key) => {
      const known = key === ownKey ? undefined : entry.byKey.get(key);
      return known ? [known] : [];
    }),
    historySize: entry.estimator.size,
    scope: scope.teamId !== undefined ? "team" : "creator",
    engine: "local",
  };
}

/**
 * The estimate model's reading for PointBot's analysis (issue #9 sections 1 and 3; the engines'
 * `complexityHint`): "History of the team: 5 points, likely 3-8, like KEY-1, KEY-2, KEY-3 (120
 * estimated stories)". Undefined with an empty history.
 */
export async function complexityHintFor(
  db: Db,
  session: Pick<SessionRow, "teamId" | "creatorId" | "estimationScale" | "customDeck">,
  draft: { title: string; description?: string | null },
): Promise<string | undefined> {
  const s = await suggestFromHistory(db, session, {
    id: "",
    title: draft.title,
    description: draft.description ?? null,
  });
  if (s.historySize === 0) return undefined;
  const range = s.labels.low === s.labels.high ? s.labels.low : `${s.labels.low}-${s.labels.high}`;
  const like = s.similar.length > 0 ? `, like ${s.similar.map((x) => x.key).join(", ")}` : "";
  const whose = s.scope === "team" ? "the team's" : "the session creator's";
  return `History of ${whose} ${s.historySize} estimated stories: ${s.labels.points} points, likely ${range}${like}`;
}
