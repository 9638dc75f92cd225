import type { SessionView } from "@pointwise/core/presented";
import type { CreateSessionInput } from "@pointwise/core/sessionSchemas";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { pointingSessions, sessionParticipants, teamMembers, users } from "../db/schema";
import { requireSessionSlot } from "../policies/planPolicy";
import { sessionView } from "../queries/sessionViews";

/**
 * Creates a session led by its creator, who joins it as participant `creator`; invited
 * members of the session's team (ids) join too, other ids are ignored. The creator's row is locked so two parallel creations cannot both pass the
 * free-plan check.
 * @throws 403 SUBSCRIPTION_LIMIT_REACHED (currentPlan, limit, currentSessions) on the 4th free
 *   session; 403 SUBSCRIPTION_INACTIVE past the free limit on a past_due paid plan. The route checks team membership first (teamPolicy.assignSession).
 */
export async function createSession(ctx: AppContext, user: UserRow, input: CreateSessionInput): Promise<SessionView> {
  const row = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    const [owned] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(pointingSessions)
      .where(eq(pointingSessions.creatorId, user.id));
    requireSessionSlot(locked ?? { subscriptionPlan: "free", subscriptionStatus: "inactive" }, owned?.n ?? 0);
    const [created] = await tx
      .insert(pointingSessions)
      .values({
        title: input.title,
        description: input.description ?? null,
        teamId: input.teamId ?? null,
        creatorId: user.id,
        leaderId: user.id,
        jiraProjectKey: input.jiraProjectKey ?? null,
        estimationScale: input.estimationScale,
        customDeck: input.estimationScale === "custom" ? (input.customDeck ?? null) : null,
        maxParticipants: input.maxParticipants,
        autoReveal: input.autoReveal,
      })
      .returning();
    if (!created) throw new Error("unreachable: insert returned no row");
    // The creator is there now: present for the grace until their socket is up (issue #8 section 1).
    await tx
      .insert(sessionParticipants)
      .values({ sessionId: created.id, userId: user.id, role: "creator", presentUntil: ctx.hub.graceEndSql() });
    const invited = (input.invitedMembers ?? []).filter((id) => id !== user.id);
    if (invited.length > 0 && created.teamId) {
      // Only members of the session's team, who may see it anyway (issue #7: nobody added without consent).
      const known = await tx
        .select({ id: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, created.teamId), inArray(teamMembers.userId, invited)));
      if (known.length > 0) {
        await tx
          .insert(sessionParticipants)
          .values(known.map((u) => ({ sessionId: created.id, userId: u.id })))
          .onConflictDoNothing();
      }
    }
    return created;
  });
  return sessionView(ctx, row);
}
