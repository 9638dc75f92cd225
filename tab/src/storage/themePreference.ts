import { localStore } from "./localStore";

/** The appearance choice (spec part 1 section 3): light, dark, or system (follows the OS). */
export type ThemePreference = "light" | "dark" | "system";

/** The stored choice under key `theme`, default system. */
export function readThemePreference(): ThemePreference {
  const value = localStore.get("theme");
  return value === "light" || value === "dark" ? value : "system";
}

/** Stores the choice under key `theme`. */
export function writeThemePreference(value: ThemePreference): void {
  localStore.set("theme", value);
}
