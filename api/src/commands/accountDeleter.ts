import { and, asc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import type { Tx } from "../db/database";
import {
  pointingSessions,
  sessionInvitations,
  sessionParticipants,
  storyRounds,
  teamInvitations,
  teamMembers,
  teams,
  users,
} from "../db/schema";
import { validationError } from "../errors";

/** Team roles in the order a new owner is chosen from (then the longest-present member). */
const SUCCESSION = ["admin", "moderator", "member", "viewer"] as const;

/** What deleting an account did to data shared with others (the answer of DELETE /api/account). */
export interface AccountDeletion {
  /** Teams handed to another member, and teams deleted (no other member). */
  teamsTransferred: number;
  teamsDeleted: number;
  /** Sessions the user created that now belong to someone else, and sessions deleted (nobody to hand them to). */
  sessionsTransferred: number;
  sessionsDeleted: number;
}

/** The e-mail typed as confirmation matches the account's (without case or surrounding space). */
function confirms(user: UserRow, confirmEmail: string): boolean {
  return user.email !== null && user.email.toLowerCase() === confirmEmail.trim().toLowerCase();
}

/** A name for a transferred team the new owner does not already use (team names are unique per creator). */
async function freeTeamName(tx: Tx, ownerId: string, name: string): Promise<string> {
  const taken = new Set(
    (await tx.select({ name: teams.name }).from(teams).where(eq(teams.creatorId, ownerId))).map((t) => t.name),
  );
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? "" : ` (${n})`;
    const candidate = `${name.slice(0, 100 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Teams the user created: each passes to another member (SUCCESSION, then longest present) or is deleted. */
async function handOverTeams(tx: Tx, userId: string, result: AccountDeletion): Promise<void> {
  const owned = await tx.select().from(teams).where(eq(teams.creatorId, userId));
  for (const team of owned) {
    const others = await tx
      .select({ userId: teamMembers.userId, role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), ne(teamMembers.userId, userId)))
      .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id));
    const heir = SUCCESSION.map((role) => others.find((m) => m.role === role)).find(Boolean) ?? others[0];
    if (!heir) {
      await tx.delete(teams).where(eq(teams.id, team.id));
      result.teamsDeleted += 1;
      continue;
    }
    const name = await freeTeamName(tx, heir.userId, team.name);
    await tx.update(teams).set({ creatorId: heir.userId, name, updatedAt: new Date() }).where(eq(teams.id, team.id));
    await tx
      .update(teamMembers)
      .set({ role: "owner" })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, heir.userId)));
    result.teamsTransferred += 1;
  }
}

/**
 * Sessions the user created: each passes to its other leader if there is one, else to the
 * registered participant present longest (joined first, not removed), else to the owner of
 * its team; a session with none of them is deleted (with its stories, and its guests' votes).
 */
async function handOverSessions(tx: Tx, userId: string, result: AccountDeletion): Promise<void> {
  const created = await tx.select().from(pointingSessions).where(eq(pointingSessions.creatorId, userId));
  for (const s of created) {
    let heir = s.leaderId && s.leaderId !== userId ? s.leaderId : null;
    if (!heir) {
      const [participant] = await tx
        .select({ userId: sessionParticipants.userId })
        .from(sessionParticipants)
        .where(
          and(
            eq(sessionParticipants.sessionId, s.id),
            isNotNull(sessionParticipants.userId),
            ne(sessionParticipants.userId, userId),
            isNull(sessionParticipants.removedAt),
          ),
        )
        .orderBy(asc(sessionParticipants.joinedAt), asc(sessionParticipants.id))
        .limit(1);
      heir = participant?.userId ?? null;
    }
    if (!heir && s.teamId) {
      const [team] = await tx.select({ creatorId: teams.creatorId }).from(teams).where(eq(teams.id, s.teamId));
      heir = team && team.creatorId !== userId ? team.creatorId : null;
    }
    if (!heir) {
      await tx.delete(pointingSessions).where(eq(pointingSessions.id, s.id));
      result.sessionsDeleted += 1;
      continue;
    }
    await tx
      .update(pointingSessions)
      .set({ creatorId: heir, leaderId: heir, updatedAt: new Date() })
      .where(eq(pointingSessions.id, s.id));
    result.sessionsTransferred += 1;
  }
}

/**
 * Deletes the signed-in user's account (DELETE /api/account {confirmEmail}, issue #13 section 2),
 * in one transaction, and with it their personal data:
 * - teams they own pass to another member (an admin, else a moderator, member, viewer, the
 *   longest present first; renamed "Name (2)" when the heir already has a team of that name),
 *   or are deleted when nobody else is in them;
 * - sessions they created pass on (`handOverSessions`: the other leader, else the registered
 *   participant present longest, else the team's owner) or are deleted;
 * - their memberships, participations, votes, suggestions, reset links and PointBot history
 *   go with the user row (the schema's cascades); invitations they sent stay without inviter;
 *   invitations addressed to their e-mail are deleted; their name is removed from the kept
 *   votes of earlier rounds (story_rounds.votes).
 * Other people's votes, suggestions, stories and memberships are untouched. Signing out the
 * user's sessions is the caller's part, after this has committed.
 * @throws 400 VALIDATION_ERROR on `confirmEmail` when it is not the account's e-mail.
 */
export async function deleteAccount(ctx: AppContext, user: UserRow, confirmEmail: string): Promise<AccountDeletion> {
  if (!confirms(user, confirmEmail)) {
    throw validationError({ confirmEmail: ["Type your account's email address to confirm"] });
  }
  const result: AccountDeletion = { teamsTransferred: 0, teamsDeleted: 0, sessionsTransferred: 0, sessionsDeleted: 0 };
  await ctx.db.transaction(async (tx) => {
    await handOverTeams(tx, user.id, result);
    await handOverSessions(tx, user.id, result);
    const mine = sql`${JSON.stringify([{ userId: user.id }])}::jsonb`;
    await tx
      .update(storyRounds)
      .set({
        votes: sql`(SELECT coalesce(jsonb_agg(v), '[]'::jsonb) FROM jsonb_array_elements(${storyRounds.votes}) AS v WHERE v->>'userId' IS DISTINCT FROM ${user.id})`,
      })
      .where(sql`${storyRounds.votes} @> ${mine}`);
    if (user.email) {
      await tx.delete(teamInvitations).where(eq(teamInvitations.email, user.email));
      await tx.delete(sessionInvitations).where(eq(sessionInvitations.email, user.email));
    }
    await tx.delete(users).where(eq(users.id, user.id));
  });
  return result;
}
