import { Navigate, useLocation } from "react-router";
import { useTeamsHost } from "../../teamsHost/TeamsHostContext";

/** The route of each Teams frame context that has a view of its own (issue #3 section 1). */
const ROUTE_OF_FRAME: Record<string, string> = {
  sidePanel: "/teams/sidepanel",
  meetingStage: "/teams/stage",
  settings: "/teams/config",
};

/**
 * Inside Teams, sends the frame to the view of its `context.page.frameContext` (side panel,
 * stage, configuration) whatever URL the host opened, keeping the query (`sessionId`). In a
 * content frame (channel, chat or personal tab) the compact side-panel URL opens the full
 * session screen instead. Renders nothing otherwise.
 */
export function TeamsFrameRedirect() {
  const host = useTeamsHost();
  const location = useLocation();
  if (!host) return null;
  const frame = host.context.page.frameContext ?? "content";
  const target = ROUTE_OF_FRAME[frame];
  if (target && location.pathname !== target && location.pathname !== "/teams/card-preview") {
    return <Navigate to={`${target}${location.search}`} replace />;
  }
  const sessionId = new URLSearchParams(location.search).get("sessionId");
  if (frame === "content" && location.pathname === "/teams/sidepanel" && sessionId) {
    return <Navigate to={`/session/${encodeURIComponent(sessionId)}`} replace />;
  }
  return null;
}
