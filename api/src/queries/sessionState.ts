import { roundResults } from "@pointwise/core/consensus";
import { DISPLAY_NAME_FALLBACK, sessionNameOf } from "@pointwise/core/displayNames";
import type { ParticipantView, StoryResults, StoryView, VoteView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import { roundCounts, voterKeyOf } from "@pointwise/core/voters";
import { asc, eq, inArray } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/database";
import { sessionParticipants, stories, users, votes } from "../db/schema";
import type { SessionAccess } from "../policies/sessionPolicy";
import { type ParticipantViewer, presentParticipant, viewerOf } from "../presenters/participantPresenter";
import { presentSession } from "../presenters/sessionPresenter";
import { presentStory, type StoryRow } from "../presenters/storyPresenter";
import { presentVote, type VoteRow } from "../presenters/votePresenter";
import { participantCountsOf, snapshotPeople } from "./participantWindow";
import { participantPresence } from "./roundProgress";
import { pendingInvitationViews } from "./sessionInvitations";
import { leaderKeysOf, leaderPresent, NO_STORIES, storyCountsOf } from "./sessionViews";
import {
  currentStoryIdOf,
  queueOrder,
  readStoryWindow,
  SNAPSHOT_STORY_WINDOW,
  type StoryWindowRows,
} from "./storyWindow";

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
    .orderBy(...queueOrder);
}

/** The votes on some stories, oldest first. */
async function storyVoteRows(db: Db, storyIds: readonly string[]): Promise<VoteRow[]> {
  if (storyIds.length === 0) return [];
  return db
    .select()
    .from(votes)
    .where(inArray(votes.storyId, [...storyIds]))
    .orderBy(asc(votes.createdAt));
}

/**
 * Participants of a session (not removed) with their users, in join order, as `viewer` may see
 * them (e-mail), each with `present` (issue #8 section 1): all of them, or the page `limit` from
 * index `offset` (issue #24 section 3; the room is at most 500 people, read whole either way).
 */
export async function participantViews(
  ctx: AppContext,
  sessionId: string,
  viewer: ParticipantViewer,
  page?: { offset: number; limit?: number | undefined },
): Promise<ParticipantView[]> {
  const rows = await participantPresence(ctx.db, sessionId);
  const chosen = page?.limit === undefined ? rows : rows.slice(page.offset, page.offset + page.limit);
  return chosen.map((r) => presentParticipant(r.row, r.user, viewer, r.present));
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

/** The stories a snapshot carries: the window of the queue around the current story. */
async function snapshotWindow(
  db: Db,
  sessionId: string,
): Promise<{ currentStoryId: string | null; window: StoryWindowRows }> {
  // The first window and the current story in parallel: the current story is in it for any
  // backlog of up to SNAPSHOT_STORY_WINDOW stories, and early in a big one.
  const [currentStoryId, first] = await Promise.all([
    currentStoryIdOf(db, sessionId),
    readStoryWindow(db, sessionId, { limit: SNAPSHOT_STORY_WINDOW }),
  ]);
  if (currentStoryId === null || first.rows.some((r) => r.id === currentStoryId)) {
    return { currentStoryId, window: first };
  }
  const window = await readStoryWindow(db, sessionId, { limit: SNAPSHOT_STORY_WINDOW, around: currentStoryId });
  return { currentStoryId, window };
}

/**
 * The state a (re)joining client starts from (DESIGN.md: "a client that reconnects gets a full
 * snapshot"): the session with its counts, the room, and of the queue only a window around the
 * current story (SNAPSHOT_STORY_WINDOW stories, `storyWindow` says where) with those stories'
 * votes and results; the client reads the rest of a big backlog as its queue scrolls or searches
 * (issue #22 section 3; issue #23 section 2: what a join sends does not grow with the backlog).
 * The round's counts come from those rows by the same rules as `currentRoundProgress`.
 */
export async function sessionSnapshot(ctx: AppContext, access: SessionAccess): Promise<ServerMessage> {
  const sessionId = access.session.id;
  const [{ currentStoryId, window }, people, storyCounts] = await Promise.all([
    snapshotWindow(ctx.db, sessionId),
    participantPresence(ctx.db, sessionId),
    storyCountsOf(ctx.db, [sessionId]),
  ]);
  const storyList = window.rows.map(presentStory);
  const voteRows = await storyVoteRows(
    ctx.db,
    storyList.map((s) => s.id),
  );
  const revealed = new Set(storyList.filter((s) => s.votesRevealed).map((s) => s.id));
  // Names come with the room; only voters no longer in it (removed) need a read.
  const names = new Map(people.map((p) => [p.voterKey, sessionNameOf({ ...p.user, displayName: p.row.displayName })]));
  const missing = voteRows.filter((v) => !names.has(voterKeyOf(v)));
  if (missing.length) for (const [key, name] of await voterNames(ctx.db, missing)) names.set(key, name);
  const voteList = voteRows.map((v) =>
    presentVote(v, names.get(voterKeyOf(v)) ?? DISPLAY_NAME_FALLBACK, revealed.has(v.storyId), access.voterKey),
  );
  const viewer = viewerOf(access);
  const leaders = leaderKeysOf(access.session);
  // A big room's snapshot carries its first people, the leaders and the viewer; the counts tell
  // the whole room (issue #24 section 3).
  const shown = snapshotPeople(people, leaders, access.voterKey);
  const participants = shown.map((r) => presentParticipant(r.row, r.user, viewer, r.present));
  const invitations = access.isLeader ? { invitations: await pendingInvitationViews(ctx, sessionId) } : {};
  // Who is connected comes with the room's read (of those shown, the leaders among them); only a
  // leader not yet in the room needs the presence table.
  const online = new Set(shown.filter((p) => p.online).map((p) => p.voterKey));
  if (leaders.some((key) => !people.some((p) => p.voterKey === key))) {
    for (const key of await ctx.hub.onlineVoters(sessionId, leaders)) online.add(key);
  }
  const isLeaderPresent = leaderPresent(access.session, online);
  const votedKeys = voteRows.filter((v) => v.storyId === currentStoryId && !v.coffee).map((v) => voterKeyOf(v));
  const counts = { ...(storyCounts.get(sessionId) ?? NO_STORIES), participantCount: people.length };
  return {
    type: "session_snapshot",
    session: presentSession(access.session, counts, isLeaderPresent),
    stories: storyList,
    storyWindow: { offset: window.offset, total: window.total },
    votes: voteList,
    participants,
    ...invitations,
    presence: { online: [...online], leaderPresent: isLeaderPresent },
    results: resultsByStory(storyList, voteList),
    you: { voterKey: access.voterKey ?? "", isLeader: access.isLeader },
    serverNow: new Date().toISOString(),
    currentStoryId,
    participantCounts: participantCountsOf(people),
    ...roundCounts(
      people.map((p) => ({ voterKey: p.voterKey, role: p.row.role, present: p.present })),
      votedKeys,
    ),
  };
}
