import { Button } from "@fluentui/react-components";
import { ShareScreenStart20Regular } from "@fluentui/react-icons";
import { useEffect, useState } from "react";
import type { TeamsHost } from "../../teamsHost/teamsHost";
import { useNotify } from "../../toasts/useNotify";

/**
 * "Share to stage" in the meeting side panel: shows the session's stage view
 * (/teams/stage?sessionId=...) to everyone in the meeting with `meeting.shareAppContentToStage`.
 * Rendered only when `meeting.getAppContentStageSharingCapabilities` grants permission.
 */
export function ShareToStageButton({ host, sessionId }: { host: TeamsHost; sessionId: string }) {
  const notify = useNotify();
  const [allowed, setAllowed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    try {
      host.sdk.meeting.getAppContentStageSharingCapabilities((error, result) => {
        if (alive) setAllowed(!error && result?.doesAppHaveSharePermission === true);
      });
    } catch {
      // Not a meeting frame: no stage to share to.
    }
    return () => {
      alive = false;
    };
  }, [host]);

  if (!allowed) return null;
  const share = () => {
    setBusy(true);
    const url = `${window.location.origin}/teams/stage?sessionId=${encodeURIComponent(sessionId)}`;
    host.sdk.meeting.shareAppContentToStage((error) => {
      setBusy(false);
      if (error) notify("Error", "Could not share to the meeting stage.", "error");
      else notify("Shared to the meeting stage");
    }, url);
  };
  return (
    <Button icon={<ShareScreenStart20Regular />} onClick={share} disabled={busy} data-testid="share-to-stage">
      Share to stage
    </Button>
  );
}
