import { createEstimator, type Estimator, type HistoryStory } from "@pointwise/core/estimates/estimator";

/**
 * Where a story's history comes from (issue #9 section 3): the session's team, or, for a session
 * without a team, the sessions created by the same user without a team.
 */
export type HistoryScope = { teamId: string; ownerUserId?: undefined } | { teamId?: undefined; ownerUserId: string };

/** Cache key of a scope: `t:<teamId>` or `u:<userId>`. */
export const scopeKey = (scope: HistoryScope): string =>
  scope.teamId !== undefined ? `t:${scope.teamId}` : `u:${scope.ownerUserId}`;

/** A history row as the cache reads it, in time order. */
export interface HistoryEntry extends HistoryStory {
  /** The session story the row came from, if any. */
  storyId: string | null;
  /** Row sequence number (ascending in insertion order). */
  seq: number;
}

/** A scope's row count and highest sequence number (0 when empty). */
export interface HistoryStamp {
  count: number;
  latest: number;
}

/**
 * Reads a scope's history: `stamp` answers the row count and highest sequence number; `load(offset)` answers
 * the rows from `offset` on, oldest first (by sequence number).
 */
export interface HistorySource {
  stamp(scope: HistoryScope): Promise<HistoryStamp>;
  load(scope: HistoryScope, offset: number): Promise<HistoryEntry[]>;
}

/** A scope's estimator and the rows it holds (key → title/points for the similar stories). */
export interface ScopeEstimator {
  estimator: Estimator;
  byKey: Map<string, { key: string; title: string; points: number }>;
  /** Story ids present in the history (a story imported with points is already known). */
  storyIds: Set<string>;
  loaded: number;
  /** Highest sequence number loaded. */
  latest: number;
}

/** Scopes kept in memory; the least recently used one is dropped first. */
export const ESTIMATOR_CACHE_SCOPES = 50;

/**
 * In-process LRU of estimators per history scope (issue #9 section 3, "computed in-process,
 * memory bounded"). The first use of a scope builds its estimator from the rows in time order;
 * later uses ask the database only for the row count and `add` the rows appended since, so a
 * suggestion costs one indexed count plus the in-process scoring. A count lower than the rows
 * loaded (rows deleted with a team or user) rebuilds the scope. Several API instances each keep
 * their own cache and stay in step through the count.
 */
export class EstimatorCache {
  private readonly entries = new Map<string, ScopeEstimator>();
  private readonly building = new Map<string, Promise<ScopeEstimator>>();

  constructor(
    private readonly source: HistorySource,
    private readonly capacity = ESTIMATOR_CACHE_SCOPES,
  ) {}

  /** Scopes currently held. */
  get size(): number {
    return this.entries.size;
  }

  /** The scope's estimator, up to date with the database. */
  async get(scope: HistoryScope): Promise<ScopeEstimator> {
    const key = scopeKey(scope);
    const pending = this.building.get(key);
    if (pending) return pending;
    const run = this.refresh(key, scope).finally(() => this.building.delete(key));
    this.building.set(key, run);
    return run;
  }

  private async refresh(key: string, scope: HistoryScope): Promise<ScopeEstimator> {
    const stamp = await this.source.stamp(scope);
    let entry = this.entries.get(key);
    if (entry && (stamp.count < entry.loaded || (stamp.count === entry.loaded && stamp.latest !== entry.latest))) {
      entry = undefined;
    }
    if (entry && stamp.count > entry.loaded) {
      await this.append(entry, scope);
      // Rows replaced as well as appended: the tail read does not match the stamp, rebuild.
      if (entry.latest !== stamp.latest || entry.loaded !== stamp.count) entry = undefined;
    }
    if (!entry) {
      entry = { estimator: createEstimator([]), byKey: new Map(), storyIds: new Set(), loaded: 0, latest: 0 };
      await this.append(entry, scope);
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return entry;
  }

  private async append(entry: ScopeEstimator, scope: HistoryScope): Promise<void> {
    for (const row of await this.source.load(scope, entry.loaded)) {
      entry.estimator.add({ key: row.key, title: row.title, description: row.description, points: row.points });
      entry.byKey.set(row.key, { key: row.key, title: row.title, points: row.points });
      if (row.storyId) entry.storyIds.add(row.storyId);
      entry.loaded++;
      entry.latest = Math.max(entry.latest, row.seq);
    }
  }
}
