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

/**
 * How long a team keeps its ended sessions (spec part 2 section 9: 3 months, 6 months, 1 year
 * (default), 2 years, indefinite; issue #22 makes the choice real: the retention job deletes a
 * team's sessions that ended longer ago; `indefinite` never deletes).
 */
export const DATA_RETENTION_CHOICES = ["3_months", "6_months", "1_year", "2_years", "indefinite"] as const;
/** One data-retention choice. */
export type DataRetention = (typeof DATA_RETENTION_CHOICES)[number];

/** The words shown for each retention choice (spec part 2 section 9). */
export const DATA_RETENTION_LABELS: Readonly<Record<DataRetention, string>> = {
  "3_months": "3 months",
  "6_months": "6 months",
  "1_year": "1 year",
  "2_years": "2 years",
  indefinite: "Indefinite",
};

/**
 * A team's privacy and compliance settings (spec part 2 section 2 shows them; issue #22 makes
 * them real): `allowAnonymousParticipants` off refuses guests in the team's sessions;
 * `privateTeam` on (the default, and the behaviour before the setting existed) keeps the team
 * and its sessions list to its members, off ("open team") lets any signed-in user read them too
 * (read only: members, invitations, audit and every change stay with the members); share-link
 * joins are the same either way; `auditLog` on records every change of a story's final points;
 * `dataRetention` as DATA_RETENTION_CHOICES.
 */
export interface TeamSettings {
  allowAnonymousParticipants: boolean;
  privateTeam: boolean;
  auditLog: boolean;
  dataRetention: DataRetention;
}

/** A new team's settings (issue #22, the spec's defaults: anonymous allowed, private, no audit log, 1 year). */
export const DEFAULT_TEAM_SETTINGS: Readonly<TeamSettings> = {
  allowAnonymousParticipants: true,
  privateTeam: true,
  auditLog: false,
  dataRetention: "1_year",
};

/**
 * The `settings` of PATCH /api/teams/{id} (issue #22): any subset of TeamSettings; an unknown
 * key is refused (400), so a misspelt setting never passes silently.
 */
export const teamSettingsSchema = z.strictObject(
  {
    allowAnonymousParticipants: z.boolean({ error: "Must be true or false" }).optional(),
    privateTeam: z.boolean({ error: "Must be true or false" }).optional(),
    auditLog: z.boolean({ error: "Must be true or false" }).optional(),
    dataRetention: z
      .enum(DATA_RETENTION_CHOICES, { error: "Must be 3_months, 6_months, 1_year, 2_years or indefinite" })
      .optional(),
  },
  { error: "Unknown setting" },
);
/** A validated settings change: the keys present are changed, the others stay. */
export type TeamSettingsInput = z.infer<typeof teamSettingsSchema>;

/** True when `settings` changes at least one setting. */
const changesSettings = (settings: TeamSettingsInput | undefined): boolean =>
  !!settings && Object.values(settings).some((v) => v !== undefined);

/**
 * PATCH /api/teams/{id} body: name and/or description, same rules as creation (spec part 2
 * section 7), and/or `settings` (issue #22). At least one change, else 400 "Nothing to update".
 */
export const updateTeamSchema = z
  .object({
    name: createTeamSchema.shape.name.optional(),
    description: createTeamSchema.shape.description.optional(),
    settings: teamSettingsSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || changesSettings(v.settings), {
    message: "Nothing to update",
    path: ["name"],
  });
/** A validated team update; `description: null` clears it, an absent field stays as it is. */
export type UpdateTeamInput = z.infer<typeof updateTeamSchema>;

/** True when an update touches the name or the description (owner only), not only settings (issue #22). */
export const editsTeamDetails = (input: UpdateTeamInput): boolean =>
  input.name !== undefined || input.description !== undefined;

/** Entries per page of GET /api/teams/{id}/audit: `?limit`, default 100, at most 500 (issue #22). */
export const AUDIT_PAGE_DEFAULT = 100;
/** The largest `?limit` of GET /api/teams/{id}/audit. */
export const AUDIT_PAGE_MAX = 500;

/** GET /api/teams/{id}/audit query: `limit` 1-500 (default 100), newest entries first. */
export const teamAuditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "Must be a number" })
    .int("Must be a whole number")
    .min(1, "Must be at least 1")
    .max(AUDIT_PAGE_MAX, `Must be at most ${AUDIT_PAGE_MAX}`)
    .default(AUDIT_PAGE_DEFAULT),
});

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
