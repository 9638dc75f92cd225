import type { Config } from "./config";
import type { Database, Db } from "./db/database";
import type { TrackerClock } from "./integrations/trackers/trackerRateLimit";
import type { PointBotEngine } from "./pointbot/port";
import type { VoteRateLimiter } from "./policies/voteRateLimiter";
import type { Hub } from "./realtime/hub";

/**
 * What every route and command needs: the database, the realtime hub, the configuration,
 * PointBot's engine and the per-voter vote budget.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  hub: Hub;
  /** PointBot's engine, chosen at start-up (pointbot/engineFactory.ts, issue #9 section 1). */
  pointbot: PointBotEngine;
  /** Votes per voter in this process (config.votes; issue #23 section 7), taken by castVote. */
  voteRate: VoteRateLimiter;
  /**
   * The clock tracker calls wait for Retry-After on (integrations/trackers/trackerRateLimit);
   * absent: the system's. Tests set one whose sleeps return at once.
   */
  trackerClock?: TrackerClock;
}
