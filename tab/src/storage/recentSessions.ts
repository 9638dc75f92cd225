import { localStore } from "./localStore";

/** One visited session: id and visit time in ms since the epoch. */
export interface RecentVisit {
  id: string;
  visitedAt: number;
}

const KEY = "recent_sessions";
const KEPT = 3;

/** The last visited sessions, newest first, at most 3 (spec part 1 section 2, "Recent Sessions"). */
export function readRecentSessions(): RecentVisit[] {
  try {
    const parsed = JSON.parse(localStore.get(KEY) ?? "[]") as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((v): v is RecentVisit => typeof v?.id === "string" && typeof v?.visitedAt === "number")
      .slice(0, KEPT);
  } catch {
    return [];
  }
}

/** Records a visit to session `id`, keeping the 3 newest. */
export function recordSessionVisit(id: string): void {
  const rest = readRecentSessions().filter((v) => v.id !== id);
  localStore.set(KEY, JSON.stringify([{ id, visitedAt: Date.now() }, ...rest].slice(0, KEPT)));
  window.dispatchEvent(new Event("recent-sessions-changed"));
}
