import type { SessionView, StoryView, VoteView } from "@pointwise/core/presented";
import type { AppContext } from "../context";
import type { SessionAccess } from "../policies/sessionPolicy";
import { storyViews, voteViews } from "./sessionState";
import { sessionView } from "./sessionViews";

/** What the results exports read: the session, every story in queue order, revealed votes. */
export interface SessionResultsData {
  session: SessionView;
  stories: StoryView[];
  /** Votes presented to nobody in particular: points only on revealed stories (DESIGN.md "Vote secrecy"). */
  votes: VoteView[];
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
  return { session, stories, votes };
}
