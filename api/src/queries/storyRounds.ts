import type { StoryRoundView } from "@pointwise/core/presented";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { storyRounds } from "../db/schema";

/**
 * The finished rounds of a story, oldest first (GET /api/stories/{id}/rounds; issue #8
 * section 3): `votes` is empty for a round that ended without a reveal.
 */
export async function storyRoundViews(ctx: AppContext, storyId: string): Promise<StoryRoundView[]> {
  const rows = await ctx.db
    .select()
    .from(storyRounds)
    .where(eq(storyRounds.storyId, storyId))
    .orderBy(asc(storyRounds.round));
  return rows.map((r) => ({ round: r.round, votes: r.votes, average: r.average, consensusLabel: r.consensusLabel }));
}
