import { createHash, randomBytes } from "node:crypto";
import type { TeamInviteResult } from "@pointwise/core/presented";
import type { InviteTeamMemberInput } from "@pointwise/core/teamSchemas";
import { and, eq, sql } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { AppContext } from "../context";
import { teamInvitations, teamMembers, users } from "../db/schema";
import { alreadyTeamMember } from "../errors";
import { sendTeamInvitationMail } from "../integrations/mail/teamInvitationMailer";
import type { TeamRow } from "../presenters/teamPresenter";
import { publishTeamAdded, publishTeamUpdated } from "../realtime/teamUpdated";

/** How long a team invitation stays open (issue #11 section 1: 14 days). */
export const TEAM_INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** The stored form of a link token: hex SHA-256 (the token itself is 256 random bits, so no salt is needed). */
export const hashInvitationToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The page that accepts an invitation (tab route /invite/{token}). */
export const invitationUrl = (baseUrl: string, token: string): string =>
  `${baseUrl.replace(/\/+$/, "")}/invite/${token}`;

/**
 * Invites an e-mail address to a team (POST /api/teams/{id}/invite; owner or admin, teamPolicy.
 * manageMembers). An address with an account becomes a member at once (`added`; the team's
 * watchers get `team_updated`, the new member's sockets `team_added`); otherwise a
 * pending invitation is stored (a new token and 14 more days when one exists) and e-mailed
 * when SMTP_URL is set, and the link is returned to the inviter either way (`invited`).
 * Unlike session invitations (issue #7, which answer alike for known and unknown addresses),
 * issue #11 asks for `added` vs `invited`: only a team's owner and admins can see it.
 * A failed e-mail is logged and answered as `emailSent: false`; the invitation stays.
 * @param baseUrl the public origin for the link (PUBLIC_URL, else the request's origin)
 * @throws 409 ALREADY_TEAM_MEMBER when the address belongs to a member already.
 */
export async function inviteTeamMember(
  ctx: AppContext,
  team: TeamRow,
  inviter: UserRow,
  input: InviteTeamMemberInput,
  baseUrl: string,
  log: { warn(obj: object, msg: string): void },
): Promise<TeamInviteResult> {
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) {
    const added = await ctx.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: existing.id, role: input.role })
      .onConflictDoNothing()
      .returning({ id: teamMembers.id });
    if (added.length === 0) throw alreadyTeamMember();
    await ctx.db
      .delete(teamInvitations)
      .where(and(eq(teamInvitations.teamId, team.id), eq(teamInvitations.email, input.email)));
    await publishTeamUpdated(ctx, team.id, "members_added", existing.id);
    await publishTeamAdded(ctx, existing.id, team.id);
    return { status: "added" };
  }
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + TEAM_INVITATION_TTL_MS);
  const fields = { role: input.role, tokenHash: hashInvitationToken(token), invitedBy: inviter.id, expiresAt };
  await ctx.db
    .insert(teamInvitations)
    .values({ teamId: team.id, email: input.email, ...fields })
    .onConflictDoUpdate({
      target: [teamInvitations.teamId, teamInvitations.email],
      set: { ...fields, createdAt: sql`now()`, acceptedAt: null },
    });
  const inviteUrl = invitationUrl(baseUrl, token);
  const inviterName = [inviter.firstName, inviter.lastName].filter(Boolean).join(" ") || inviter.email || "A teammate";
  let emailSent = false;
  try {
    emailSent = await sendTeamInvitationMail(ctx.config, {
      to: input.email,
      teamName: team.name,
      inviterName,
      inviteUrl,
      expiresAt,
    });
  } catch (err) {
    log.warn({ err }, "team invitation e-mail not sent");
  }
  return { status: "invited", inviteUrl, emailSent };
}
