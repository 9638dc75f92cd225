import type { SessionSummaryView } from "@pointwise/core/insights";
import { sessionSummary } from "@pointwise/core/sessionSummary";
import type { AppContext } from "../context";
import { roundsOf } from "../pointbot/insights/insightRules";
import type { StoryFacts } from "../pointbot/insights/sessionFacts";
import { actionItemsOf, sessionInsights } from "../pointbot/insights/sessionInsights";
import { isFinished, sessionMinutes, storyMinutes } from "../pointbot/insights/storyTimes";
import type { SessionAccess } from "../policies/sessionPolicy";
import { ROOM_VIEWER } from "../presenters/participantPresenter";
import { loadSessionFacts } from "./insightFacts";
import { participantViews, storyViews, voteViews } from "./sessionState";
import { suggestionAccuracyOf } from "./suggestionAccuracy";

/**
 * `GET /api/sessions/{id}/summary` (spec part 2 sections 3 and 7; issue #9 section 2). The
 * figures are core `sessionSummary` over the revealed votes of completed stories: the same
 * function and inputs as the bot's summary card (integrations/teams/cardStates) and the tab's
 * results view, so the consensus rate is computed once (spec part 2 section 9). Durations are
 * measured (pointbot/insights/storyTimes); action items come from PointBot's insight rules,
 * computed now, so they follow the session even before the leader regenerates the insights.
 * @param access an access already checked with `sessionPolicy.view`
 */
export async function sessionSummaryData(ctx: AppContext, access: SessionAccess): Promise<SessionSummaryView> {
  const session = access.session;
  const stories = await storyViews(ctx, session.id);
  const revealed = stories.filter((s) => s.status === "completed" && s.votesRevealed).map((s) => s.id);
  const votes = await voteViews(ctx, revealed, new Set(revealed), null);
  const summary = sessionSummary(stories, votes);
  const facts = await loadSessionFacts(ctx, session);
  const finished = facts.stories.filter(isFinished);
  const measured = finished.flatMap((s) => {
    const m = storyMinutes(s);
    return m === null ? [] : [m];
  });
  const byId = new Map(facts.stories.map((s) => [s.id, s]));
  const accuracy = await suggestionAccuracyOf(ctx, session);
  return {
    sessionId: session.id,
    title: session.title,
    consensusRate: summary.consensusRate,
    actionItems: actionItemsOf(sessionInsights(facts)),
    completedStories: summary.completed.length,
    skippedStories: summary.skipped.length,
    totalStories: stories.length,
    totalPoints: summary.totalPoints,
    averagePoints: summary.averagePoints,
    participants: (await participantViews(ctx, session.id, ROOM_VIEWER)).length,
    durationMinutes: sessionMinutes(facts),
    averageMinutesPerStory: measured.length
      ? Math.round((measured.reduce((a, b) => a + b, 0) / measured.length) * 10) / 10
      : null,
    rounds: finished.reduce((sum, s) => sum + roundsOf(s), 0),
    stories: summary.completed.map((s) => ({
      id: s.id,
      title: s.title,
      ticketNumber: s.ticketNumber,
      points: s.finalPoints,
      rounds: roundsOrOne(byId.get(s.id)),
    })),
    suggestionAccuracy: accuracy.session,
    historyAccuracy: accuracy.history,
  };
}

const roundsOrOne = (s: StoryFacts | undefined): number => (s ? roundsOf(s) : 1);
