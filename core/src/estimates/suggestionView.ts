/**
 * PointBot's estimate from the team's own history as the API presents it (issue #9 section 3,
 * `GET /api/stories/{id}/estimate-suggestion`).
 */
export interface EstimateSuggestionView {
  storyId: string;
  /** Suggested points, a numeric card of the session's deck. */
  points: number;
  /** The likely range, cards of the deck, `low <= points <= high`. */
  low: number;
  high: number;
  /** Card labels of points/low/high ("5", "½", or "L" on the t-shirt deck). */
  labels: { points: string; low: string; high: string };
  /** Up to 3 most similar stories of the history, most similar first. */
  similar: { key: string; title: string; points: number }[];
  /** Stories in the history the suggestion learnt from (0: the estimator's default, no evidence). */
  historySize: number;
  /** Where the history comes from: the session's team, or the session creator's sessions without a team. */
  scope: "team" | "creator";
  /** The estimator: always the in-process local one, whatever engine PointBot's text features use. */
  engine: "local";
}

/** How often the team's final points matched PointBot's suggestion (issue #9 section 3). */
export interface SuggestionAccuracy {
  /** Completed stories with numeric points that had a suggestion recorded. */
  total: number;
  /** Of those, final points equal to the suggested points. */
  matched: number;
  /** Of those, final points within the suggested range (low..high). */
  withinRange: number;
}
