import type { TeamInviteResult, TeamView } from "@pointwise/core/presented";
import type { TeamSettingsInput } from "@pointwise/core/teamSchemas";
import { buildUser, type TestUser } from "./factories";

/** A team with one person in each role (issue #11 roles; issue #22 settings). */
export interface TeamScenario {
  team: TeamView;
  owner: TestUser;
  admin: TestUser;
  moderator: TestUser;
  member: TestUser;
}

/**
 * A team whose owner added an admin, a moderator and a member (existing accounts, added at
 * once), with `settings` applied by the owner when given (PATCH /api/teams/{id}). Builds the
 * owner too unless one is given.
 */
export async function buildTeam(
  baseUrl: string,
  overrides: { name?: string; owner?: TestUser; settings?: TeamSettingsInput } = {},
): Promise<TeamScenario> {
  const owner = overrides.owner ?? (await buildUser(baseUrl, { firstName: "Olga", lastName: "Owner" }));
  const created = await owner.client.post<TeamView>("/api/teams", {
    name: overrides.name ?? `Team ${Math.random().toString(36).slice(2, 8)}`,
  });
  if (created.status !== 201) throw new Error(`create team failed: ${created.status} ${JSON.stringify(created.body)}`);
  let team = created.body;
  const people: Partial<Record<"admin" | "moderator" | "member", TestUser>> = {};
  for (const role of ["admin", "moderator", "member"] as const) {
    const user = await buildUser(baseUrl, { firstName: role[0]?.toUpperCase() + role.slice(1), lastName: "Person" });
    const res = await owner.client.post<TeamInviteResult>(`/api/teams/${team.id}/invite`, { email: user.email, role });
    if (res.body.status !== "added") throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
    people[role] = user;
  }
  if (overrides.settings) {
    const patched = await owner.client.patch<TeamView>(`/api/teams/${team.id}`, { settings: overrides.settings });
    if (patched.status !== 200) throw new Error(`settings failed: ${patched.status} ${JSON.stringify(patched.body)}`);
    team = patched.body;
  }
  const { admin, moderator, member } = people;
  if (!admin || !moderator || !member) throw new Error("unreachable: every role was added");
  return { team, owner, admin, moderator, member };
}
