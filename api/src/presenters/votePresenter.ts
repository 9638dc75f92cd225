import type { VoteView } from "@pointwise/core/presented";
import { voterKeyOf } from "@pointwise/core/voters";
import type { votes } from "../db/schema";

/** A row of `votes`. */
export type VoteRow = typeof votes.$inferSelect;

/**
 * A vote as `viewerKey` may see it: the points only when `revealed` or the vote is the viewer's
 * own. This is the one place where unrevealed points are stripped, for REST and WebSocket
 * alike (DESIGN.md "Vote secrecy"). A coffee card is `{coffee: true}` without points, for
 * everyone. Pass `viewerKey` null for a broadcast to everyone.
 */
export function presentVote(vote: VoteRow, displayName: string, revealed: boolean, viewerKey: string | null): VoteView {
  const voterKey = voterKeyOf(vote);
  const view: VoteView = {
    storyId: vote.storyId,
    voterKey,
    userId: vote.userId,
    participantId: vote.participantId,
    displayName,
    hasVoted: true,
    updatedAt: vote.updatedAt.toISOString(),
  };
  if (pointsVisible(voterKey, revealed, viewerKey) && vote.points !== null) view.points = vote.points;
  // A break request is not secret (issue #8 section 4): everyone sees it, before reveal too.
  if (vote.coffee) view.coffee = true;
  return view;
}

/** The secrecy rule: a vote's points are visible once revealed, or to the voter itself. */
const pointsVisible = (voterKey: string, revealed: boolean, viewerKey: string | null): boolean =>
  revealed || voterKey === viewerKey;

/**
 * One voter's points as `viewerKey` may see them (`GET /api/votes/{storyId}/{userId}`): null
 * when they are hidden (not revealed and not the viewer's own), else `{points}` (null points:
 * no vote). The same rule as `presentVote`.
 */
export function presentPoints(
  vote: Pick<VoteRow, "points"> | null,
  voterKey: string,
  revealed: boolean,
  viewerKey: string | null,
): { points: number | null } | null {
  if (!pointsVisible(voterKey, revealed, viewerKey)) return null;
  return { points: vote?.points ?? null };
}
