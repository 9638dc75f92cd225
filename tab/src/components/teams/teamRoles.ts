import type { TeamMemberView } from "@pointwise/core/presented";
import type { AssignableTeamRole } from "@pointwise/core/teamSchemas";

/** The role selector's choices (spec part 2 section 6: member and admin only; invitations also offer moderator). */
export const ROLE_SELECTOR_CHOICES: readonly AssignableTeamRole[] = ["member", "admin"];

/** The invite dialog's roles (spec part 2 section 6). */
export const INVITE_ROLE_CHOICES: readonly AssignableTeamRole[] = ["member", "moderator", "admin"];

/** A role's name on its badge: "Owner" for the creator (spec part 2 section 3), else "Member", "Moderator", "Admin". */
export function teamRoleLabel(role: string, isCreator = false): string {
  if (isCreator || role === "owner") return "Owner";
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/**
 * What the viewer may do with one member row (spec part 2 section 6; the server's teamPolicy
 * decides, this only hides controls): the owner or an admin, never on themselves nor the owner.
 */
export function memberActions(viewer: TeamMemberView | undefined, target: TeamMemberView): { manage: boolean } {
  const viewerManages = viewer?.role === "owner" || viewer?.role === "admin";
  const manage = viewerManages && viewer?.user.id !== target.user.id && target.role !== "owner";
  return { manage };
}

/** True when `viewer` may invite and see pending invitations (owner or admin). */
export const managesMembers = (viewer: TeamMemberView | undefined): boolean =>
  viewer?.role === "owner" || viewer?.role === "admin";
