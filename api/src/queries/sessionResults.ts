import type { SessionView, StoryRoundView, StoryView, VoteView } from "@pointwise/core/presented";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { stories as storiesTable, storyRounds } from "../db/schema";
import type { SessionAccess } from "../policies/sessionPolicy";
import { storyViews, voteViews } from "./sessionState";
import { sessionView } from "./sessionViews";

/** What the results exports read: the session, every story in queue order, revealed votes. */
export interface SessionResultsData {
  session: SessionView;
  stories: StoryView[];
  /** Votes presented to nobody in particular: points only on revealed stories (DESIGN.md "Vote secrecy"). */
  votes: VoteView[];
  /** Each story's finished rounds (`story_rounds`), oldest first, by story id; votes only of revealed rounds. */
  history: Map<string, StoryRoundView[]>;
}

/**
 * The data of the results exports (issue #8 section 4: available once any story is completed,
 * every story listed). Votes are presented with no viewer, so even the caller's own unrevealed
 * points stay out of a file that may be shared.
 * @param access an access already checked with `sessionPolicy.view`
 */
export async function sessionResults(ctx: AppContext, access: SessionAccess): Promise<SessionResultsData> {
  const session = await sessionView(ctx, access.session);
  const stories = await storyViews(ctx, access.session.id);
  const revealed = new Set(stories.filter((s) => s.votesRevealed).map((s) => s.id));
  const votes = await voteViews(
    ctx,
    stories.map((s) => s.id),
    revealed,
    null,
  );
  return { session, stories, votes, history: await roundHistory(ctx, access.session.id) };
}

/** The finished rounds of every story of a session, by story id, oldest first (one query). */
async function roundHistory(ctx: AppContext, sessionId: string): Promise<Map<string, StoryRoundView[]>> {
  const rows = await ctx.db
    .select({
      storyId: storyRounds.storyId,
      round: storyRounds.round,
      votes: storyRounds.votes,
      average: storyRounds.average,
      consensusLabel: storyRounds.consensusLabel,
    })
    .from(storyRounds)
    .innerJoin(storiesTable, eq(storiesTable.id, storyRounds.storyId))
    .where(eq(storiesTable.sessionId, sessionId))
    .orderBy(asc(storyRounds.storyId), asc(storyRounds.round));
  const history = new Map<string, StoryRoundView[]>();
  for (const { storyId, ...round } of rows) {
    const list = history.get(storyId) ?? [];
    list.push(round);
    history.set(storyId, list);
  }
  return history;
}
