import { isUuid } from "@pointwise/core/ids";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { IdentitySource } from "../auth/currentUser";
import { hashParticipantToken, participantTokenCandidates, participantTokenOf } from "../auth/participantTokens";
import type { AppContext } from "../context";
import type { Db } from "../db/database";
import { pointingSessions, sessionParticipants, stories, teamMembers, users } from "../db/schema";
import { notFound } from "../errors";
import type { StoryRow } from "../presenters/storyPresenter";
import { accessOf, invitedSessionIds, isSessionLeader, type ParticipantRow, type SessionAccess } from "./sessionPolicy";

/** The prepared query of `loadStoryAccess`, one per database (issue #10: built once, not per request). */
const prepared = new WeakMap<Db, ReturnType<typeof prepareStoryAccess>>();

/**
 * The story, its session, the user `userId` (null: none), the session's participant rows of that
 * user or of any of `tokenHashes`, and whether the user is in the session's team; one row per
 * participant row found (at least one when the story exists).
 */
function prepareStoryAccess(db: Db) {
  const userId = sql.placeholder("userId");
  return db
    .select({
      story: stories,
      session: pointingSessions,
      user: users,
      participant: sessionParticipants,
      inTeam: sql<boolean>`coalesce(${pointingSessions.teamId} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId}), false)`,
    })
    .from(stories)
    .innerJoin(pointingSessions, eq(pointingSessions.id, stories.sessionId))
    .leftJoin(users, eq(users.id, userId))
    .leftJoin(
      sessionParticipants,
      and(
        eq(sessionParticipants.sessionId, stories.sessionId),
        or(
          eq(sessionParticipants.userId, userId),
          sql`${sessionParticipants.tokenHash} = any(${sql.placeholder("tokenHashes")}::text[])`,
        ),
      ),
    )
    .where(eq(stories.id, sql.placeholder("storyId")))
    .prepare("story_access");
}

function storyAccessQuery(db: Db): ReturnType<typeof prepareStoryAccess> {
  let query = prepared.get(db);
  if (!query) {
    query = prepareStoryAccess(db);
    prepared.set(db, query);
  }
  return query;
}

/**
 * A story and the caller's access to its session, with the rules of `loadSessionAccess`
 * (sessionPolicy.ts) but in one query for the common cases (issue #10: a REST vote loaded the
 * story, the session, the user and the participant row in four round trips): the story, its
 * session, the signed-in user, the caller's participant rows (the user's own and those of the
 * participant tokens it carries) and team membership. Only a user who is neither leader,
 * participant nor team member costs a second query (a pending invitation).
 * Memoises the user on the request as `optionalUser` does.
 * @throws 404 NOT_FOUND for an unknown story (or a malformed id).
 */
export async function loadStoryAccess(
  ctx: AppContext,
  request: FastifyRequest | IdentitySource,
  storyId: string,
): Promise<{ story: StoryRow; access: SessionAccess }> {
  if (!isUuid(storyId)) throw notFound("Story not found");
  const memo = request.userMemo; // undefined: not looked up yet (a Teams bearer sets it)
  const userId = memo !== undefined ? (memo?.id ?? null) : (request.session?.userId ?? null);
  const rows = await storyAccessQuery(ctx.db).execute({
    storyId,
    userId,
    tokenHashes: participantTokenCandidates(request).map(hashParticipantToken),
  });
  const first = rows[0];
  if (!first) throw notFound("Story not found");
  const { story, session } = first;
  const user = memo !== undefined ? memo : first.user;
  request.userMemo = user;
  const found = rows.map((r) => r.participant).filter((p): p is ParticipantRow => p !== null);
  // As loadSessionAccess: the user's own row first; else the token's row for this session.
  let participant: ParticipantRow | null = null;
  let removed = false;
  if (user) {
    participant = found.find((p) => p.userId === user.id) ?? null;
    if (participant?.removedAt) {
      removed = true;
      participant = null;
    }
  }
  if (!participant) {
    const token = participantTokenOf(request, session.id);
    const tokenHash = token ? hashParticipantToken(token) : null;
    const byToken = tokenHash ? found.find((p) => p.tokenHash === tokenHash) : undefined;
    if (byToken) {
      if (byToken.removedAt) removed = true;
      else participant = byToken;
    }
  }
  const asUser = !!user && (isSessionLeader(session, user.id) || participant?.userId === user.id);
  const inTeam = !asUser && !!user && !!session.teamId && first.inTeam === true;
  const invited =
    !asUser &&
    !inTeam &&
    !!user?.email &&
    (
      await ctx.db
        .select({ id: pointingSessions.id })
        .from(pointingSessions)
        .where(and(eq(pointingSessions.id, session.id), inArray(pointingSessions.id, invitedSessionIds(user.email))))
    ).length > 0;
  return { story, access: accessOf(session, user, participant, inTeam || invited, removed) };
}
