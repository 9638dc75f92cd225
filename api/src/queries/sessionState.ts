import { roundResults } from "@pointwise/core/consensus";
import { DISPLAY_NAME_FALLBACK, sessionNameOf } from "@pointwise/core/displayNames";
import type { ParticipantView, StoryResults, StoryView, VoteView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { voterKeyOf } from "@pointwise/core/voters";
import { asc, eq, inArray } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/database";
import { sessionParticipants, stories, users, votes } from "../db/schema";
import type { SessionAccess } from "../policies/sessionPolicy";
import { type ParticipantViewer, presentParticipant, viewerOf } from "../presenters/participantPresenter";
import { presentStory } from "../presenters/storyPresenter";
import { presentVote, type VoteRow } from "../presenters/votePresenter";
import { currentRoundProgress, participantPresence } from "./roundProgress";
import { pendingInvitationViews } from "./sessionInvitations";
import { leaderPresent, sessionView } from "./sessionViews";

/** Stories of a session in queue order. */
export async function storyViews(ctx: AppContext, sessionId: string): Promise<StoryView[]> {
  const rows = await ctx.db
    .select()
    .from(stories)
    .where(eq(stories.sessionId, sessionId))
    .orderBy(asc(stories.position), asc(stories.createdAt));
  return rows.map(presentStory);
}

/**
 * Participants of a session (not removed) with their users, in join order, as `viewer` may see
 * them (e-mail), each with `present` (issue #8 section 1).
 */
export async function participantViews(
  ctx: AppContext,
  sessionId: string,
  viewer: ParticipantViewer,
): Promise<ParticipantView[]> {
  const rows = await participantPresence(ctx.db, sessionId);
  return rows.map((r) => presentParticipant(r.row, r.user, viewer, r.present));
}

/**
 * Display names of the voters of some votes (users and participants), by voterKey.
 * @param db the database or a transaction
 */
export async function voterNames(db: Db | Tx, rows: VoteRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const userIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const participantIds = [...new Set(rows.flatMap((r) => (r.participantId ? [r.participantId] : [])))];
  if (userIds.length) {
    const found: UserRow[] = await db.select().from(users).where(inArray(users.id, userIds));
    for (const u of found) names.set(voterKeyOf({ userId: u.id }), sessionNameOf(u));
  }
  if (participantIds.length) {
    const found = await db
      .select({ id: sessionParticipants.id, displayName: sessionParticipants.displayName })
      .from(sessionParticipants)
      .where(inArray(sessionParticipants.id, participantIds));
    for (const p of found) names.set(voterKeyOf({ participantId: p.id }), sessionNameOf(p));
  }
  return names;
}

/**
 * Votes of some stories as `viewerKey` may see them (secrecy applied by presentVote).
 * @param revealed story ids whose votes are revealed
 */
export async function voteViews(
  ctx: AppContext,
  storyIds: string[],
  revealed: Set<string>,
  viewerKey: string | null,
): Promise<VoteView[]> {
  if (storyIds.length === 0) return [];
  const rows = await ctx.db.select().from(votes).where(inArray(votes.storyId, storyIds)).orderBy(asc(votes.createdAt));
  const names = await voterNames(ctx.db, rows);
  return rows.map((v) =>
    presentVote(v, names.get(voterKeyOf(v)) ?? DISPLAY_NAME_FALLBACK, revealed.has(v.storyId), viewerKey),
  );
}

/** Results of each revealed story, by story id. */
export function resultsByStory(storyList: StoryView[], voteList: VoteView[]): Record<string, StoryResults> {
  const results: Record<string, StoryResults> = {};
  for (const story of storyList) {
    if (!story.votesRevealed) continue;
    results[story.id] = roundResults(voteList.filter((v) => v.storyId === story.id).map((v) => v.points ?? null));
  }
  return results;
}

/** The full state a (re)joining client starts from (DESIGN.md: "a client that reconnects gets a full snapshot"). */
export async function sessionSnapshot(ctx: AppContext, access: SessionAccess): Promise<ServerMessage> {
  const session = await sessionView(ctx, access.session);
  const storyList = await storyViews(ctx, access.session.id);
  const revealed = new Set(storyList.filter((s) => s.votesRevealed).map((s) => s.id));
  const voteList = await voteViews(
    ctx,
    storyList.map((s) => s.id),
    revealed,
    access.voterKey,
  );
  // One read of the room serves the list and the counts (issue #10: joins in O(N)).
  const people = await participantPresence(ctx.db, access.session.id);
  const viewer = viewerOf(access);
  const participants = people.map((r) => presentParticipant(r.row, r.user, viewer, r.present));
  const invitations = access.isLeader ? { invitations: await pendingInvitationViews(ctx, access.session.id) } : {};
  // Who is connected comes with the room's read; only a leader not yet in it needs the presence table.
  const online = new Set(people.filter((p) => p.online).map((p) => p.voterKey));
  const leaders = [access.session.creatorId, access.session.leaderId].flatMap((id) =>
    id ? [voterKeyOf({ userId: id })] : [],
  );
  if (leaders.some((key) => !people.some((p) => p.voterKey === key))) {
    for (const key of await ctx.hub.onlineVoters(access.session.id)) online.add(key);
  }
  return {
    type: "session_snapshot",
    session,
    stories: storyList,
    votes: voteList,
    participants,
    ...invitations,
    presence: { online: [...online], leaderPresent: leaderPresent(access.session, online) },
    results: resultsByStory(storyList, voteList),
    you: { voterKey: access.voterKey ?? "", isLeader: access.isLeader },
    serverNow: new Date().toISOString(),
    ...(await currentRoundProgress(ctx.db, access.session.id, people)),
  };
}
