import type { ReactNode } from "react";
import { useTeamsHost } from "../teamsHost/TeamsHostContext";
import { AppThemeProvider } from "./AppThemeProvider";
import { TeamsThemeProvider } from "./TeamsThemeProvider";

/** The Teams theme inside Teams, else the website's light/dark/system theme. */
export function HostThemeProvider({ children }: { children: ReactNode }) {
  const host = useTeamsHost();
  return host ? (
    <TeamsThemeProvider host={host}>{children}</TeamsThemeProvider>
  ) : (
    <AppThemeProvider>{children}</AppThemeProvider>
  );
}
