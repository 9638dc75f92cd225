import { type Theme, teamsDarkTheme, teamsHighContrastTheme, teamsLightTheme } from "@fluentui/react-components";

/** A Teams theme name as `context.app.theme` and themeChange report it. */
export type TeamsThemeName = "default" | "dark" | "contrast";

/** The Teams theme name of a host value; anything unknown is "default" (light). */
export function teamsThemeName(value: string | undefined): TeamsThemeName {
  return value === "dark" || value === "contrast" ? value : "default";
}

/** The Fluent UI v9 Teams theme for a Teams theme name. */
export function fluentTeamsTheme(name: TeamsThemeName): Theme {
  if (name === "dark") return teamsDarkTheme;
  if (name === "contrast") return teamsHighContrastTheme;
  return teamsLightTheme;
}
