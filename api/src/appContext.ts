import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Database } from "./db/database";
import { createPointBotEngine } from "./pointbot/engineFactory";
import { VoteRateLimiter } from "./policies/voteRateLimiter";
import { Hub } from "./realtime/hub";

/**
 * The application context of one server process (or one test server) over an open `database`:
 * the realtime hub, started (its LISTEN and presence heartbeat run until `ctx.hub.stop()`),
 * PointBot's engine chosen from `config`, and the per-voter vote budget.
 * @throws the hub's start error (the database's LISTEN connection cannot be opened)
 */
export async function startAppContext(config: Config, database: Database): Promise<AppContext> {
  const hub = new Hub(database, { presenceGraceSeconds: config.presenceGraceSeconds });
  await hub.start();
  return {
    config,
    database,
    db: database.db,
    hub,
    pointbot: createPointBotEngine(config),
    voteRate: new VoteRateLimiter(config.votes),
  };
}
