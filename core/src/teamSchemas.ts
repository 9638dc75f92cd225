import { z } from "zod";
import { maxChars, minChars } from "./messages";
import { text } from "./text";

/** POST /api/teams body: name 1-100, description up to 500 (spec part 1 section 5). */
export const createTeamSchema = z.object({
  name: text("Name", { error: "Name is required", max: 100 }).trim().min(1, minChars(1)).max(100, maxChars(100)),
  description: text("Description", { max: 500 })
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === "" ? null : v.trim()))
    .pipe(z.union([z.string().max(500, maxChars(500)), z.null()])),
});
/** A validated team. */
export type CreateTeamInput = z.infer<typeof createTeamSchema>;

/** PATCH /api/teams/{id} body: name and/or description, same rules as creation (spec part 2 section 7). */
export const updateTeamSchema = z
  .object({
    name: createTeamSchema.shape.name.optional(),
    description: createTeamSchema.shape.description.optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined, { message: "Nothing to update", path: ["name"] });
/** A validated team update; `description: null` clears it, an absent field stays as it is. */
export type UpdateTeamInput = z.infer<typeof updateTeamSchema>;

/** Roles an owner or admin may give (spec part 2 section 6); `owner` belongs to the creator only. */
export const ASSIGNABLE_TEAM_ROLES = ["member", "moderator", "admin"] as const;
/** One assignable team role. */
export type AssignableTeamRole = (typeof ASSIGNABLE_TEAM_ROLES)[number];

const teamRoleField = z.enum(ASSIGNABLE_TEAM_ROLES, { error: "Role must be member, moderator or admin" });

/** POST /api/teams/{id}/invite body: e-mail (lower-cased) and role (spec part 2 section 7). */
export const inviteTeamMemberSchema = z.object({
  email: text("Email", { max: 255 }).trim().toLowerCase().max(255, maxChars(255)).email("Invalid email address"),
  role: teamRoleField.default("member"),
});
/** A validated team invitation. */
export type InviteTeamMemberInput = z.infer<typeof inviteTeamMemberSchema>;

/** PATCH /api/teams/{id}/members/{userId} body (spec part 2 section 7). */
export const memberRoleSchema = z.object({ role: teamRoleField });
