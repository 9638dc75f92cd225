/**
 * @jest-environment jsdom
 */
import { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "./queryKeys";
import { applyTeamMessage } from "./useLiveTeams";

/** Team pushes in the tab's cache (issue #11): `team_updated` and `team_added` refetch, `team_access_revoked` forgets. */
const TID = "team-1";

function seeded() {
  const client = new QueryClient();
  client.setQueryData(queryKeys.team(TID), { id: TID, name: "Platform" });
  client.setQueryData(queryKeys.teamMembers(TID), [{ id: "m1" }]);
  client.setQueryData(queryKeys.teamSessions(TID), []);
  client.setQueryData(queryKeys.teams, [{ id: TID }]);
  client.setQueryData(queryKeys.team("other"), { id: "other" });
  return client;
}

it("marks the team's entries and the lists stale on team_updated", () => {
  const client = seeded();
  applyTeamMessage(client, { type: "team_updated", teamId: TID, change: "member_role", userId: "u1" });
  expect(client.getQueryState(queryKeys.team(TID))?.isInvalidated).toBe(true);
  expect(client.getQueryState(queryKeys.teamMembers(TID))?.isInvalidated).toBe(true);
  expect(client.getQueryState(queryKeys.teams)?.isInvalidated).toBe(true);
  expect(client.getQueryState(queryKeys.team("other"))?.isInvalidated).toBe(false);
});

it("forgets the team on team_access_revoked, so its page shows the not-found view", () => {
  const client = seeded();
  applyTeamMessage(client, { type: "team_access_revoked", teamId: TID });
  expect(client.getQueryData(queryKeys.team(TID))).toBeUndefined();
  expect(client.getQueryData(queryKeys.teamMembers(TID))).toBeUndefined();
  expect(client.getQueryState(queryKeys.teams)?.isInvalidated).toBe(true);
  expect(client.getQueryData(queryKeys.team("other"))).toEqual({ id: "other" });
});

it("marks the teams and sessions lists stale on team_added, so the new team and its sessions show", () => {
  const client = seeded();
  client.setQueryData(queryKeys.sessions, []);
  applyTeamMessage(client, { type: "team_added", teamId: "new-team" });
  expect(client.getQueryState(queryKeys.teams)?.isInvalidated).toBe(true);
  expect(client.getQueryState(queryKeys.sessions)?.isInvalidated).toBe(true);
  expect(client.getQueryState(queryKeys.team(TID))?.isInvalidated).toBe(false);
});
