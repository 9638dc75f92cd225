import { createContext, useContext } from "react";
import type { ThemePreference } from "../storage/themePreference";

/** The appearance choice and its setter, provided by AppThemeProvider. */
export interface ThemeContextValue {
  preference: ThemePreference;
  setPreference: (value: ThemePreference) => void;
  isDark: boolean;
}

/** Context behind useThemePreference. */
export const ThemeContext = createContext<ThemeContextValue>({
  preference: "system",
  setPreference: () => undefined,
  isDark: false,
});

/** The current appearance choice (light, dark, system) and a setter that stores it. */
export function useThemePreference(): ThemeContextValue {
  return useContext(ThemeContext);
}
