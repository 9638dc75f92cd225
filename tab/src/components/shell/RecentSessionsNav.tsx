import { Badge, makeStyles, tokens } from "@fluentui/react-components";
import type { SessionView } from "@pointwise/core/presented";
import { useEffect, useMemo, useState } from "react";
import { readRecentSessions } from "../../storage/recentSessions";
import { SessionStatusDot } from "./SessionStatusDot";
import { SidebarLink } from "./SidebarLink";

const useStyles = makeStyles({
  empty: { padding: "4px 10px", color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const STATUS_LABEL: Record<SessionView["status"], string> = {
  live: "Live",
  in_progress: "In Progress",
  completed: "Completed",
};

/**
 * Recent Sessions: the last 3 visited (kept locally), else the first 3 sessions, each with a
 * status dot, a Locked tag and its status label (spec part 1 section 2).
 */
export function RecentSessionsNav({ sessions, collapsed }: { sessions: SessionView[]; collapsed: boolean }) {
  const styles = useStyles();
  const [visits, setVisits] = useState(readRecentSessions);
  useEffect(() => {
    const onChange = () => setVisits(readRecentSessions());
    window.addEventListener("recent-sessions-changed", onChange);
    return () => window.removeEventListener("recent-sessions-changed", onChange);
  }, []);

  const shown = useMemo(() => {
    const visited = visits
      .map((v) => sessions.find((s) => s.id === v.id))
      .filter((s): s is SessionView => s !== undefined);
    return (visited.length > 0 ? visited : sessions).slice(0, 3);
  }, [sessions, visits]);

  if (shown.length === 0) return collapsed ? null : <div className={styles.empty}>No sessions yet</div>;
  return (
    <>
      {shown.map((session) => (
        <SidebarLink
          key={session.id}
          to={`/session/${session.id}`}
          collapsed={collapsed}
          icon={<SessionStatusDot status={session.status} />}
          label={session.title}
          badge={
            session.locked ? (
              <Badge size="small" appearance="tint" color="danger">
                Locked
              </Badge>
            ) : (
              <Badge size="small" appearance="ghost" color="informative">
                {STATUS_LABEL[session.status]}
              </Badge>
            )
          }
        />
      ))}
    </>
  );
}
