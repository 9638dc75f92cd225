import { Avatar, Badge, Card, makeStyles, Spinner, Text, Title2, tokens } from "@fluentui/react-components";
import { displayNameOf } from "@pointwise/core/displayNames";
import { useParams } from "react-router";
import { useTeamMembers, useTeams } from "../../api/teamQueries";
import { EmptyState } from "../common/EmptyState";
import { usePageTitle } from "../common/usePageTitle";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: "16px", maxWidth: "760px" },
  row: {
    display: "flex",
    alignItems: "center",
    gap: "12px",
    padding: "8px 0",
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: { flex: 1, display: "flex", flexDirection: "column" },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** /teams/{id}/settings: the team's members with role badges (spec part 2 section 2); non-members see not found. */
export function TeamSettingsPage() {
  const styles = useStyles();
  const { id = "" } = useParams();
  const teams = useTeams();
  const members = useTeamMembers(id);
  const team = teams.data?.find((t) => t.id === id);
  usePageTitle(team ? `${team.name} settings` : "Team settings");
  if (teams.isLoading) return <Spinner />;
  if (!team) return <EmptyState title="Team not found" message="This team does not exist or you are not a member." />;
  return (
    <div className={styles.page}>
      <Title2 as="h1">{team.name}</Title2>
      {team.description ? <Text>{team.description}</Text> : null}
      <Card>
        <Text weight="semibold">Members</Text>
        {members.isLoading ? <Spinner size="tiny" /> : null}
        {(members.data ?? []).map((m) => (
          <div key={m.id} className={styles.row}>
            <Avatar name={displayNameOf(m.user)} size={32} />
            <span className={styles.name}>
              <Text>{displayNameOf(m.user)}</Text>
              <Text size={200} className={styles.muted}>
                Joined {new Date(m.joinedAt).toLocaleDateString()}
              </Text>
            </span>
            <Badge appearance="tint">{m.user.id === team.creatorId ? "Owner" : m.role}</Badge>
          </div>
        ))}
      </Card>
      <Text size={200} className={styles.muted}>
        Created {new Date(team.createdAt).toLocaleDateString()}
      </Text>
    </div>
  );
}
