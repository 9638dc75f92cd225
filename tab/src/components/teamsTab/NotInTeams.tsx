import { Button } from "@fluentui/react-components";
import { PlugDisconnected24Regular } from "@fluentui/react-icons";
import { useNavigate } from "react-router";
import { EmptyState } from "../common/EmptyState";

/** Shown when a Teams-only view (side panel, stage, configuration) is opened outside Teams. */
export function NotInTeams({ sessionId }: { sessionId: string | null }) {
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={<PlugDisconnected24Regular />}
      title="Open this view in Microsoft Teams"
      message="This page is part of the Pointwise app for Teams meetings."
      testId="teams-not-in-teams"
      action={
        <Button appearance="primary" onClick={() => navigate(sessionId ? `/session/${sessionId}` : "/")}>
          {sessionId ? "Open the session" : "Go to Pointwise"}
        </Button>
      }
    />
  );
}
