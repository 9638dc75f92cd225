import { Badge, Button, CounterBadge, makeStyles, mergeClasses, Tooltip, tokens } from "@fluentui/react-components";
import {
  Add20Regular,
  Archive20Regular,
  Board20Regular,
  Flash20Regular,
  PersonAdd20Regular,
  Warning20Regular,
} from "@fluentui/react-icons";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../api/authQueries";
import { useArchivedSessions, useSessions } from "../../api/sessionQueries";
import { useSessionSlot } from "../../api/subscriptionQueries";
import { useTeams } from "../../api/teamQueries";
import { GuestAccountCard } from "./GuestAccountCard";
import { RecentSessionsNav } from "./RecentSessionsNav";
import { SidebarLink } from "./SidebarLink";
import { SidebarSection } from "./SidebarSection";
import { TeamsNav } from "./TeamsNav";
import { UserMenu } from "./UserMenu";

// The create dialogs open on a click, so their code (forms, Select, Switch, Textarea) loads then,
// not with the shell (issue #6 part 4: first-load budget).
const CreateSessionDialog = lazy(() =>
  import("../sessions/CreateSessionDialog").then((m) => ({ default: m.CreateSessionDialog })),
);
const CreateTeamDialog = lazy(() =>
  import("../sessions/CreateTeamDialog").then((m) => ({ default: m.CreateTeamDialog })),
);

const useStyles = makeStyles({
  root: {
    width: "16rem",
    flexShrink: 0,
    display: "flex",
    flexDirection: "column",
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    position: "sticky",
    top: 0,
    height: "100vh",
    transition: "width 0.15s ease",
  },
  collapsed: { width: "3rem" },
  drawer: { width: "100%", position: "static", height: "100%", borderRight: "none", transition: "none" },
  logo: {
    display: "flex",
    alignItems: "center",
    gap: "8px",
    padding: "14px 16px",
    fontWeight: 700,
    fontSize: tokens.fontSizeBase400,
    color: tokens.colorBrandForeground1,
    textDecoration: "none",
  },
  scroll: { flex: 1, overflowY: "auto", overflowX: "hidden" },
  footer: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, padding: "6px" },
});

/**
 * The app sidebar (spec part 1 section 2): navigation, quick actions, recent sessions, teams,
 * tools, user menu. `variant="drawer"` fills the phone's overlay drawer (issue #8 section 6).
 */
export function Sidebar({ open, variant = "rail" }: { open: boolean; variant?: "rail" | "drawer" }) {
  const styles = useStyles();
  const collapsed = !open;
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const sessions = useSessions(signedIn);
  const archived = useArchivedSessions(signedIn);
  const teams = useTeams(signedIn);
  const slot = useSessionSlot(signedIn);
  const [creatingSession, setCreatingSession] = useState(false);
  const [creatingTeam, setCreatingTeam] = useState(false);

  return (
    <aside
      className={mergeClasses(styles.root, collapsed && styles.collapsed, variant === "drawer" && styles.drawer)}
      aria-label="Sidebar"
    >
      <Link to="/" className={styles.logo} aria-label="Pointwise home">
        <img src="/favicon.svg" alt="" width={20} height={20} />
        {collapsed ? null : "Pointwise"}
      </Link>
      <div className={styles.scroll}>
        <SidebarSection title="Navigation" collapsed={collapsed}>
          <SidebarLink to="/sessions" collapsed={collapsed} icon={<Board20Regular />} label="All Sessions" />
        </SidebarSection>
        {user ? (
          <>
            <SidebarSection title="Quick Actions" collapsed={collapsed}>
              {slot.refusal ? (
                // At the limit the form never opens (issue #22): the entry says so and leads to the plans.
                <SidebarLink
                  to={slot.refusal.reason === "limit" ? "/settings" : "/settings/billing"}
                  collapsed={collapsed}
                  icon={<Warning20Regular />}
                  label={slot.refusal.reason === "limit" ? "Session limit reached" : "Payment overdue"}
                  badge={
                    slot.refusal.reason === "limit" ? (
                      <Badge size="small" appearance="tint" color="danger">
                        {`${slot.refusal.owned}/${slot.refusal.limit}`}
                      </Badge>
                    ) : undefined
                  }
                />
              ) : (
                <SidebarLink
                  collapsed={collapsed}
                  onClick={() => setCreatingSession(true)}
                  icon={<Add20Regular />}
                  label="New Session"
                />
              )}
            </SidebarSection>
            <SidebarSection title="Recent Sessions" collapsed={collapsed}>
              <RecentSessionsNav sessions={sessions.data ?? []} collapsed={collapsed} />
            </SidebarSection>
            <SidebarSection
              title="Projects & Teams"
              collapsed={collapsed}
              action={
                <Tooltip content="Create New Team" relationship="label">
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<Add20Regular />}
                    onClick={() => setCreatingTeam(true)}
                  />
                </Tooltip>
              }
            >
              <TeamsNav teams={teams.data ?? []} userId={user.id} collapsed={collapsed} />
            </SidebarSection>
            <SidebarSection title="Tools & Integrations" collapsed={collapsed}>
              <SidebarLink
                to="/automations"
                collapsed={collapsed}
                icon={<Flash20Regular />}
                label="Automations"
                badge={
                  <Badge size="small" appearance="tint" color="important">
                    Pro
                  </Badge>
                }
              />
              <SidebarLink
                to="/archived"
                collapsed={collapsed}
                icon={<Archive20Regular />}
                label="Archive"
                badge={<CounterBadge size="small" appearance="ghost" count={archived.data?.length ?? 0} />}
              />
            </SidebarSection>
          </>
        ) : (
          <SidebarSection title="Account" collapsed={collapsed}>
            {collapsed ? (
              <SidebarLink
                collapsed
                onClick={() => window.location.assign("/api/login")}
                icon={<PersonAdd20Regular />}
                label="Register"
              />
            ) : (
              <GuestAccountCard />
            )}
          </SidebarSection>
        )}
      </div>
      {user ? (
        <div className={styles.footer}>
          <UserMenu user={user} collapsed={collapsed} />
        </div>
      ) : null}
      <Suspense fallback={null}>
        {creatingSession ? <CreateSessionDialog open onOpenChange={setCreatingSession} /> : null}
        {creatingTeam ? <CreateTeamDialog open onOpenChange={setCreatingTeam} /> : null}
      </Suspense>
    </aside>
  );
}
