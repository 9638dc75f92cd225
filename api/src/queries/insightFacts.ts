import { asc, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import { stories, storyRounds, votes } from "../db/schema";
import type { SessionFacts, StoryFacts } from "../pointbot/insights/sessionFacts";
import type { SessionRow } from "../policies/sessionPolicy";

/**
 * The facts PointBot's insight rules and the summary read of a session (pointbot/insights), in
 * three queries. Points only of revealed rounds: current votes of stories whose votes are
 * revealed, earlier rounds as story_rounds kept them (points only when revealed). Coffee cards
 * carry no points and are left out. A story's first vote is the earliest vote time of any round.
 */
export async function loadSessionFacts(ctx: AppContext, session: SessionRow): Promise<SessionFacts> {
  const rows = await ctx.db
    .select()
    .from(stories)
    .where(eq(stories.sessionId, session.id))
    .orderBy(asc(stories.position), asc(stories.createdAt));
  const ids = rows.map((s) => s.id);
  const voteRows = ids.length
    ? await ctx.db
        .select({ storyId: votes.storyId, points: votes.points, createdAt: votes.createdAt })
        .from(votes)
        .where(inArray(votes.storyId, ids))
        .orderBy(asc(votes.createdAt))
    : [];
  const roundRows = ids.length
    ? await ctx.db
        .select({
          storyId: storyRounds.storyId,
          round: storyRounds.round,
          votes: storyRounds.votes,
          createdAt: storyRounds.createdAt,
        })
        .from(storyRounds)
        .where(inArray(storyRounds.storyId, ids))
        .orderBy(asc(storyRounds.round))
    : [];
  return {
    sessionId: session.id,
    title: session.title,
    stories: rows.map((s): StoryFacts => {
      const current = voteRows.filter((v) => v.storyId === s.id);
      const earlier = roundRows.filter((r) => r.storyId === s.id);
      const times = [
        ...current.map((v) => v.createdAt.getTime()),
        ...earlier.flatMap((r) => r.votes.map((v) => Date.parse(v.updatedAt)).filter((t) => !Number.isNaN(t))),
        // A round ends after its first vote: its end bounds the start when its votes were not kept.
        ...earlier.map((r) => r.createdAt.getTime()),
      ];
      return {
        id: s.id,
        title: s.title,
        ticketNumber: s.ticketNumber,
        description: s.description,
        acceptanceCriteria: s.acceptanceCriteria,
        status: s.status,
        finalPoints: s.finalPoints,
        round: s.round,
        revealedPoints: s.votesRevealed ? current.flatMap((v) => (typeof v.points === "number" ? [v.points] : [])) : [],
        earlierRounds: earlier.map((r) => ({
          round: r.round,
          points: r.votes.flatMap((v) => (typeof v.points === "number" ? [v.points] : [])),
          endedAt: r.createdAt,
        })),
        firstVoteAt: times.length ? new Date(Math.min(...times)) : null,
        updatedAt: s.updatedAt,
      };
    }),
  };
}
