import { makeStyles, Spinner, Tab, TabList, Text, Title2, tokens } from "@fluentui/react-components";
import { useState } from "react";
import { useParams } from "react-router";
import { useCurrentUser } from "../../api/authQueries";
import { useTeam, useTeamMembers } from "../../api/teamQueries";
import { useLiveTeams } from "../../api/useLiveTeams";
import { usePageTitle } from "../common/usePageTitle";
import { NotFoundPage } from "../errors/NotFoundPage";
import { TeamDetailsTab } from "./TeamDetailsTab";
import { TeamMembersTab } from "./TeamMembersTab";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: "16px", maxWidth: "760px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * /teams/{id}/settings (spec part 2 section 2; issue #11 section 1): a Members tab and a
 * Settings tab; anyone who is not a member (403 TEAM_ACCESS_DENIED or 404, or `viewerRole` null:
 * an outsider who may read an open team, issue #22) gets the not-found view.
 * Team changes arrive live (useLiveTeams): a member removed meanwhile sees the not-found view at once.
 */
export function TeamSettingsPage() {
  const styles = useStyles();
  const { id = "" } = useParams();
  const user = useCurrentUser();
  const team = useTeam(id);
  const isMember = Boolean(team.data?.viewerRole);
  const members = useTeamMembers(isMember ? id : null);
  const [tab, setTab] = useState<"members" | "settings">("members");
  useLiveTeams([id], isMember); // role changes and removal seen live (issue #11)
  usePageTitle(team.data ? `${team.data.name} settings` : "Team settings");
  if (team.isLoading || user.isLoading) return <Spinner aria-label="Loading" />;
  if (!team.data || !user.data || !isMember) return <NotFoundPage />;
  const isOwner = team.data.creatorId === user.data.id;
  const managesSettings = isOwner || team.data.viewerRole === "admin";
  return (
    <div className={styles.page}>
      <Title2 as="h1">{team.data.name}</Title2>
      {team.data.description ? <Text className={styles.muted}>{team.data.description}</Text> : null}
      <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as "members" | "settings")}>
        <Tab value="members">Members</Tab>
        <Tab value="settings">Settings</Tab>
      </TabList>
      {tab === "members" ? (
        <TeamMembersTab
          team={team.data}
          members={members.data ?? []}
          viewerId={user.data.id}
          loading={members.isLoading}
        />
      ) : (
        <TeamDetailsTab team={team.data} access={{ isOwner, managesSettings }} />
      )}
    </div>
  );
}
