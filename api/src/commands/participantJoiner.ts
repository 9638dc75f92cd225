import { isUuid } from "@pointwise/core/ids";
import type { JoinAnonymousResult, ParticipantView } from "@pointwise/core/presented";
import { eq, sql } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import { newParticipantToken } from "../auth/participantTokens";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import { pointingSessions, sessionParticipants, users } from "../db/schema";
import { AppError, notFound, permissionDenied, userNotFound } from "../errors";
import type { ParticipantRow, SessionRow } from "../policies/sessionPolicy";
import { presentParticipant } from "../presenters/participantPresenter";
import { publishParticipantsUpdate } from "../realtime/participantsUpdate";

/** 403 when the session already holds maxParticipants participants. */
const sessionFull = (): AppError => new AppError(403, "PERMISSION_DENIED", "This session is full");

async function lockOpenSession(tx: Tx, sessionId: string, invalidMessage: string): Promise<SessionRow> {
  const [session] = isUuid(sessionId)
    ? await tx.select().from(pointingSessions).where(eq(pointingSessions.id, sessionId)).for("update")
    : [];
  if (!session) throw notFound(invalidMessage);
  if (session.archivedAt) throw permissionDenied("This session is archived");
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionParticipants)
    .where(eq(sessionParticipants.sessionId, sessionId));
  if ((count?.n ?? 0) >= session.maxParticipants) throw sessionFull();
  return session;
}

/**
 * Joins a guest by display name (spec part 2 section 5): a new anonymous participant and its
 * token, of which only the SHA-256 is stored.
 * @throws 404 "Invalid session" for an unknown session; 403 when archived or full.
 */
export async function joinAnonymous(
  ctx: AppContext,
  sessionId: string,
  displayName: string,
): Promise<JoinAnonymousResult> {
  const { token, hash } = newParticipantToken();
  const { session, row } = await ctx.db.transaction(async (tx) => {
    const session = await lockOpenSession(tx, sessionId, "Invalid session");
    const [row] = await tx
      .insert(sessionParticipants)
      .values({ sessionId, displayName, isAnonymous: true, role: "participant", tokenHash: hash })
      .returning();
    if (!row) throw new Error("unreachable: insert returned no row");
    return { session, row };
  });
  await publishParticipantsUpdate(ctx, sessionId, { participants: [presentParticipant(row, null)] });
  return {
    participant: { id: row.id, displayName: row.displayName ?? displayName },
    sessionInfo: { title: session.title },
    participantToken: token,
  };
}

/**
 * Adds a registered user to a session (self-join with the link, or an invitation).
 * Idempotent: an existing participant is returned with `created` false.
 * @throws 404 NOT_FOUND for an unknown session; 403 when archived or full.
 */
export async function addUserParticipant(
  ctx: AppContext,
  sessionId: string,
  user: UserRow,
): Promise<{ participant: ParticipantView; created: boolean }> {
  const existing = await ctx.db
    .select()
    .from(sessionParticipants)
    .where(sql`${sessionParticipants.sessionId} = ${sessionId} and ${sessionParticipants.userId} = ${user.id}`);
  if (existing[0]) return { participant: presentParticipant(existing[0], user), created: false };
  const row: ParticipantRow = await ctx.db.transaction(async (tx) => {
    await lockOpenSession(tx, sessionId, "Session not found");
    const [inserted] = await tx
      .insert(sessionParticipants)
      .values({ sessionId, userId: user.id })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    const [again] = await tx
      .select()
      .from(sessionParticipants)
      .where(sql`${sessionParticipants.sessionId} = ${sessionId} and ${sessionParticipants.userId} = ${user.id}`);
    if (!again) throw new Error("unreachable: conflict without a row");
    return again;
  });
  const view = presentParticipant(row, user);
  await publishParticipantsUpdate(ctx, sessionId, { participants: [view] });
  return { participant: view, created: true };
}

/**
 * Finds the registered user an invitation names, by id or e-mail.
 * @throws 404 USER_NOT_FOUND.
 */
export async function findInvitee(ctx: AppContext, by: { userId?: string; email?: string }): Promise<UserRow> {
  const [user] = by.userId
    ? await ctx.db.select().from(users).where(eq(users.id, by.userId))
    : await ctx.db
        .select()
        .from(users)
        .where(eq(users.email, by.email ?? ""));
  if (!user) throw userNotFound("No registered user with that email");
  return user;
}
