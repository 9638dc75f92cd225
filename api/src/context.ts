import type { Config } from "./config";
import type { Database, Db } from "./db/database";
import type { Hub } from "./realtime/hub";

/** What every route and command needs: the database, the realtime hub and the configuration. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  hub: Hub;
}
