import type { ServerMessage } from "@pointwise/core/realtime";

/**
 * One socket's listener of its teams' pushes (issue #11): given the parsed `team_updated`, it
 * re-checks membership before sending anything. It also gets the hub's own frames (`resync`,
 * SERVICE_UNAVAILABLE), once per watcher however many teams it watches.
 */
export type TeamWatcher = (message: ServerMessage) => void;

/**
 * This instance's team and user watchers (issue #11): the sockets that sent `watch_team`
 * (per team id) or `watch_my_teams` (per user id), and the hand-over of a team's or a user's
 * frame to them. Owns no socket and no database row; who may watch is routes/ws's to decide.
 */
export class Watchers {
  private readonly teams = new Map<string, Set<TeamWatcher>>();
  private readonly users = new Map<string, Set<TeamWatcher>>();

  /**
   * Registers a watcher of a team's pushes (`watch_team`).
   * @returns the function that unregisters it
   */
  watchTeam(teamId: string, watcher: TeamWatcher): () => void {
    return addWatcher(this.teams, teamId, watcher);
  }

  /**
   * Registers a watcher of one user's own pushes (`watch_my_teams`: `team_added`).
   * @returns the function that unregisters it
   */
  watchUser(userId: string, watcher: TeamWatcher): () => void {
    return addWatcher(this.users, userId, watcher);
  }

  /** True when some socket here watches the team. */
  watchesTeam(teamId: string): boolean {
    return this.teams.has(teamId);
  }

  /** True when some socket here watches the user's own pushes. */
  watchesUser(userId: string): boolean {
    return this.users.has(userId);
  }

  /** Hands one serialised frame (UTF-8 JSON text) to the watchers of a team, parsed once. */
  deliverTeam(teamId: string, frame: string): void {
    deliverTo(this.teams.get(teamId), frame);
  }

  /** Hands one serialised frame (UTF-8 JSON text) to the watchers of a user, parsed once. */
  deliverUser(userId: string, frame: string): void {
    deliverTo(this.users.get(userId), frame);
  }

  /** Hands one message to every watcher once, however many teams (and its user) it watches. */
  broadcast(message: ServerMessage): void {
    const all = new Set<TeamWatcher>();
    for (const set of this.teams.values()) for (const watcher of set) all.add(watcher);
    for (const set of this.users.values()) for (const watcher of set) all.add(watcher);
    for (const watcher of all) watcher(message);
  }
}

/** Hands a frame to each watcher of `set` (a copy: a watcher may unwatch while it runs). */
function deliverTo(set: Set<TeamWatcher> | undefined, frame: string): void {
  if (!set) return;
  const message = JSON.parse(frame) as ServerMessage;
  for (const watcher of [...set]) watcher(message);
}

/**
 * Adds `watcher` to the set of `id` in `watchers` (team or user watchers).
 * @returns the function that removes it (and the set once empty)
 */
function addWatcher(watchers: Map<string, Set<TeamWatcher>>, id: string, watcher: TeamWatcher): () => void {
  let set = watchers.get(id);
  if (!set) {
    set = new Set();
    watchers.set(id, set);
  }
  set.add(watcher);
  return () => {
    const current = watchers.get(id);
    if (!current?.delete(watcher)) return;
    if (current.size === 0) watchers.delete(id);
  };
}
