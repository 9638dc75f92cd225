import { isUuid } from "@pointwise/core/ids";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { votes } from "../db/schema";
import type { VoteRow } from "../presenters/votePresenter";

/** One voter's vote on a story, by user id or anonymous participant id; null when none. */
export async function findVote(
  ctx: AppContext,
  storyId: string,
  voter: { userId: string } | { participantId: string },
): Promise<VoteRow | null> {
  const id = "userId" in voter ? voter.userId : voter.participantId;
  if (!isUuid(id)) return null;
  const [vote] = await ctx.db
    .select()
    .from(votes)
    .where(
      and(
        eq(votes.storyId, storyId),
        "userId" in voter ? eq(votes.userId, voter.userId) : eq(votes.participantId, voter.participantId),
      ),
    );
  return vote ?? null;
}
