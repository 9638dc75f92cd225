import { roundResults } from "@pointwise/core/consensus";
import { DISPLAY_NAME_FALLBACK, sessionNameOf } from "@pointwise/core/displayNames";
import type { ParticipantView, StoryResults, StoryView, VoteView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { currentStory } from "@pointwise/core/storyRules";
import { roundCounts, voterKeyOf } from "@pointwise/core/voters";
import { asc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/database";
import { sessionParticipants, stories, users, votes } from "../db/schema";
import type { SessionAccess } from "../policies/sessionPolicy";
import { type ParticipantViewer, presentParticipant, viewerOf } from "../presenters/participantPresenter";
import { presentSession } from "../presenters/sessionPresenter";
import { presentStory, type StoryRow } from "../presenters/storyPresenter";
import { presentVote, type VoteRow } from "../presenters/votePresenter";
import { participantPresence } from "./roundProgress";
import { pendingInvitationViews } from "./sessionInvitations";
import { leaderKeysOf, leaderPresent, sessionCountsOf } from "./sessionViews";

/** Stories of a session in queue order. */
export async function storyViews(ctx: AppContext, sessionId: string): Promise<StoryView[]> {
  return (await storyRowsOf(ctx.db, sessionId)).map(presentStory);
}

/** The story rows of a session in queue order (position, then creation). */
function storyRowsOf(db: Db, sessionId: string): Promise<StoryRow[]> {
  return db
    .select()
    .from(stories)
    .where(eq(stories.sessionId, sessionId))
    .orderBy(asc(stories.position), asc(stories.createdAt));
}

/** Every vote on a session's stories, oldest first. */
function sessionVoteRows(db: Db, sessionId: string): Promise<VoteRow[]> {
  return db
    .select(getTableColumns(votes))
    .from(votes)
    .innerJoin(stories, eq(stories.id, votes.storyId))
    .where(eq(stories.sessionId, sessionId))
    .orderBy(asc(votes.createdAt));
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

/**
 * The full state a (re)joining client starts from (DESIGN.md: "a client that reconnects gets a
 * full snapshot"). Three reads (stories, votes, the room), in parallel, plus the pending
 * invitations for a leader and the leaders' presence when one is not in the room: the session's
 * counts, the current story and the round's counts come from those rows (issue #10: a join made
 * ten queries here), by the same rules as `sessionView` and `currentRoundProgress`.
 */
export async function sessionSnapshot(ctx: AppContext, access: SessionAccess): Promise<ServerMessage> {
  const sessionId = access.session.id;
  const [storyRows, voteRows, people] = await Promise.all([
    storyRowsOf(ctx.db, sessionId),
    sessionVoteRows(ctx.db, sessionId),
    participantPresence(ctx.db, sessionId),
  ]);
  const storyList = storyRows.map(presentStory);
  const revealed = new Set(storyList.filter((s) => s.votesRevealed).map((s) => s.id));
  // Names come with the room; only voters no longer in it (removed) need a read.
  const names = new Map(people.map((p) => [p.voterKey, sessionNameOf({ ...p.user, displayName: p.row.displayName })]));
  const missing = voteRows.filter((v) => !names.has(voterKeyOf(v)));
  if (missing.length) for (const [key, name] of await voterNames(ctx.db, missing)) names.set(key, name);
  const voteList = voteRows.map((v) =>
    presentVote(v, names.get(voterKeyOf(v)) ?? DISPLAY_NAME_FALLBACK, revealed.has(v.storyId), access.voterKey),
  );
  const viewer = viewerOf(access);
  const participants = people.map((r) => presentParticipant(r.row, r.user, viewer, r.present));
  const invitations = access.isLeader ? { invitations: await pendingInvitationViews(ctx, sessionId) } : {};
  // Who is connected comes with the room's read; only a leader not yet in it needs the presence table.
  const online = new Set(people.filter((p) => p.online).map((p) => p.voterKey));
  const leaders = leaderKeysOf(access.session);
  if (leaders.some((key) => !people.some((p) => p.voterKey === key))) {
    for (const key of await ctx.hub.onlineVoters(sessionId, leaders)) online.add(key);
  }
  const isLeaderPresent = leaderPresent(access.session, online);
  const currentStoryId = currentStory(storyList, access.session.activeStoryId)?.id ?? null;
  const votedKeys = voteRows.filter((v) => v.storyId === currentStoryId && !v.coffee).map((v) => voterKeyOf(v));
  return {
    type: "session_snapshot",
    session: presentSession(access.session, sessionCountsOf(storyRows, people.length), isLeaderPresent),
    stories: storyList,
    votes: voteList,
    participants,
    ...invitations,
    presence: { online: [...online], leaderPresent: isLeaderPresent },
    results: resultsByStory(storyList, voteList),
    you: { voterKey: access.voterKey ?? "", isLeader: access.isLeader },
    serverNow: new Date().toISOString(),
    currentStoryId,
    ...roundCounts(
      people.map((p) => ({ voterKey: p.voterKey, role: p.row.role, present: p.present })),
      votedKeys,
    ),
  };
}
