import { FluentProvider, Spinner, webLightTheme } from "@fluentui/react-components";
import { type ReactNode, useEffect, useState } from "react";
import { TeamsHostContext } from "../../teamsHost/TeamsHostContext";
import { detectTeamsHost, type TeamsHost } from "../../teamsHost/teamsHost";

/**
 * Renders the app once it knows where it runs: a top-level page is the website at once; in a
 * frame it waits for Teams detection and SSO (a short spinner), then provides the host (or
 * null when the frame is not Teams) to everything below.
 */
export function TeamsHostGate({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<TeamsHost | null | undefined>(() => (window.self === window.top ? null : undefined));

  useEffect(() => {
    if (host !== undefined) return;
    let alive = true;
    void detectTeamsHost().then((found) => {
      if (alive) setHost(found);
    });
    return () => {
      alive = false;
    };
  }, [host]);

  if (host === undefined) {
    return (
      <FluentProvider theme={webLightTheme} style={{ minHeight: "100vh", display: "grid", placeItems: "center" }}>
        <Spinner label="Connecting to Microsoft Teams..." />
      </FluentProvider>
    );
  }
  return <TeamsHostContext.Provider value={host}>{children}</TeamsHostContext.Provider>;
}
