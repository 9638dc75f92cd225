import { FluentProvider, webDarkTheme, webLightTheme } from "@fluentui/react-components";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { readThemePreference, type ThemePreference, writeThemePreference } from "../storage/themePreference";
import { ThemeContext } from "./themeContext";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function systemIsDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

/**
 * FluentProvider with the web light or dark theme. The choice lives in localStorage key `theme`
 * (default system, which follows prefers-color-scheme live; spec part 1 section 3).
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(readThemePreference);
  const [osDark, setOsDark] = useState(systemIsDark);

  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const media = window.matchMedia(DARK_QUERY);
    const onChange = () => setOsDark(media.matches);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  const isDark = preference === "dark" || (preference === "system" && osDark);
  const value = useMemo(
    () => ({
      preference,
      isDark,
      setPreference: (next: ThemePreference) => {
        writeThemePreference(next);
        setPreferenceState(next);
      },
    }),
    [preference, isDark],
  );

  useEffect(() => {
    document.documentElement.style.colorScheme = isDark ? "dark" : "light";
  }, [isDark]);

  return (
    <ThemeContext.Provider value={value}>
      <FluentProvider theme={isDark ? webDarkTheme : webLightTheme} style={{ minHeight: "100vh" }}>
        {children}
      </FluentProvider>
    </ThemeContext.Provider>
  );
}
