import { Badge, makeStyles, tokens } from "@fluentui/react-components";
import { ChevronDown16Regular, ChevronRight16Regular, PeopleTeam20Regular } from "@fluentui/react-icons";
import type { TeamView } from "@pointwise/core/presented";
import { useState } from "react";
import { SidebarLink } from "./SidebarLink";

const useStyles = makeStyles({
  empty: { padding: "4px 10px", color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  children: { display: "flex", flexDirection: "column", paddingLeft: "20px", gap: "2px" },
});

function TeamEntry({ team, isOwner, collapsed }: { team: TeamView; isOwner: boolean; collapsed: boolean }) {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(false);
  if (collapsed) {
    return <SidebarLink to={`/teams/${team.id}/sessions`} collapsed icon={<PeopleTeam20Regular />} label={team.name} />;
  }
  return (
    <div>
      <SidebarLink
        collapsed={false}
        onClick={() => setExpanded((e) => !e)}
        icon={expanded ? <ChevronDown16Regular /> : <ChevronRight16Regular />}
        label={team.name}
        badge={
          isOwner ? (
            <Badge size="small" appearance="tint" color="brand">
              Owner
            </Badge>
          ) : undefined
        }
      />
      {expanded ? (
        <div className={styles.children}>
          <SidebarLink to={`/teams/${team.id}/sessions`} collapsed={false} icon={null} label="Sessions" />
          <SidebarLink to={`/teams/${team.id}/settings`} collapsed={false} icon={null} label="Members" />
          {isOwner ? (
            <SidebarLink to={`/teams/${team.id}/settings`} collapsed={false} icon={null} label="Manage Team" />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Projects & Teams: one collapsible entry per team, 'No teams yet' when there is none (spec part 1 section 2). */
export function TeamsNav({ teams, userId, collapsed }: { teams: TeamView[]; userId: string; collapsed: boolean }) {
  const styles = useStyles();
  if (teams.length === 0) return collapsed ? null : <div className={styles.empty}>No teams yet</div>;
  return (
    <>
      {teams.map((team) => (
        <TeamEntry key={team.id} team={team} isOwner={team.creatorId === userId} collapsed={collapsed} />
      ))}
    </>
  );
}
