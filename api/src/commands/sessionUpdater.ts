import type { SessionView } from "@pointwise/core/presented";
import type { UpdateSessionInput } from "@pointwise/core/sessionSchemas";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { pointingSessions, teamMembers } from "../db/schema";
import { notFound, teamAccessDenied } from "../errors";
import type { SessionAccess, SessionRow } from "../policies/sessionPolicy";
import { sessionView } from "../queries/sessionViews";

/**
 * Edits a session (creator or leader; spec part 2 section 2, "Edit session dialog").
 * @throws 403 TEAM_ACCESS_DENIED when moving it to a team the caller is not in.
 */
export async function updateSession(
  ctx: AppContext,
  access: SessionAccess,
  input: UpdateSessionInput,
): Promise<SessionView> {
  if (input.teamId && access.user) {
    const member = await ctx.db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, input.teamId), eq(teamMembers.userId, access.user.id)));
    if (member.length === 0) throw teamAccessDenied();
  }
  const patch: Partial<SessionRow> = { updatedAt: new Date() };
  if (input.title !== undefined) patch.title = input.title;
  if (input.description !== undefined) patch.description = input.description;
  if (input.teamId !== undefined) patch.teamId = input.teamId;
  if (input.jiraProjectKey !== undefined) patch.jiraProjectKey = input.jiraProjectKey;
  if (input.estimationScale !== undefined) patch.estimationScale = input.estimationScale;
  if (input.customDeck !== undefined) patch.customDeck = input.customDeck;
  if (input.maxParticipants !== undefined) patch.maxParticipants = input.maxParticipants;
  return saveSession(ctx, access.session.id, patch);
}

/** Archives (inactive, archivedAt set) or restores a session (spec part 1 section 4). */
export async function setArchived(ctx: AppContext, access: SessionAccess, archived: boolean): Promise<SessionView> {
  return saveSession(ctx, access.session.id, {
    archivedAt: archived ? new Date() : null,
    isActive: !archived,
    updatedAt: new Date(),
  });
}

async function saveSession(ctx: AppContext, sessionId: string, patch: Partial<SessionRow>): Promise<SessionView> {
  const [row] = await ctx.db.update(pointingSessions).set(patch).where(eq(pointingSessions.id, sessionId)).returning();
  if (!row) throw notFound("Session not found");
  const view = await sessionView(ctx, row);
  await ctx.hub.publish(sessionId, { type: "session_updated", session: view });
  return view;
}

/** Deletes a session with its stories, votes and participants (cascades). */
export async function deleteSession(ctx: AppContext, access: SessionAccess): Promise<void> {
  await ctx.db.delete(pointingSessions).where(eq(pointingSessions.id, access.session.id));
  await ctx.hub.publish(access.session.id, { type: "session_deleted", sessionId: access.session.id });
}
