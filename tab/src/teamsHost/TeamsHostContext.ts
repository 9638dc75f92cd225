import { createContext, useContext } from "react";
import type { TeamsHost } from "./teamsHost";

/** The Teams host the tab runs in, or null for the website; provided by TeamsHostGate. */
export const TeamsHostContext = createContext<TeamsHost | null>(null);

/** The Teams host (SDK, context, sign-in state), or null when the app runs as the website. */
export function useTeamsHost(): TeamsHost | null {
  return useContext(TeamsHostContext);
}
