import { FluentProvider } from "@fluentui/react-components";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { TeamsHost } from "../teamsHost/teamsHost";
import { fluentTeamsTheme, type TeamsThemeName, teamsThemeName } from "./teamsTheme";
import { ThemeContext } from "./themeContext";

/**
 * FluentProvider with the Teams light, dark or high-contrast theme of `context.app.theme`,
 * following the host's theme changes live (`app.registerOnThemeChangeHandler`). Inside Teams
 * the host decides the appearance, so the app's own preference setter does nothing.
 */
export function TeamsThemeProvider({ host, children }: { host: TeamsHost; children: ReactNode }) {
  const [name, setName] = useState<TeamsThemeName>(() => teamsThemeName(host.context.app.theme));

  useEffect(() => {
    host.sdk.app.registerOnThemeChangeHandler((theme) => setName(teamsThemeName(theme)));
  }, [host]);

  const isDark = name !== "default";
  const value = useMemo(
    () => ({ preference: isDark ? ("dark" as const) : ("light" as const), isDark, setPreference: () => undefined }),
    [isDark],
  );

  useEffect(() => {
    document.documentElement.style.colorScheme = isDark ? "dark" : "light";
  }, [isDark]);

  return (
    <ThemeContext.Provider value={value}>
      <FluentProvider theme={fluentTeamsTheme(name)} style={{ minHeight: "100vh" }} data-teams-theme={name}>
        {children}
      </FluentProvider>
    </ThemeContext.Provider>
  );
}
