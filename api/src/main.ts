import { buildApp } from "./app";
import { loadConfig } from "./config";
import type { AppContext } from "./context";
import { openDatabase } from "./db/database";
import { createPointBotEngine } from "./pointbot/engineFactory";
import { VoteRateLimiter } from "./policies/voteRateLimiter";
import { Hub } from "./realtime/hub";
import { releaseStartupMemory } from "./startupMemory";

/**
 * Starts Pointwise (loaded by server.ts once the Node.js version is known to be supported): configuration, database (migrations applied), hub, HTTP and WebSocket.
 * Exits non-zero with a clear message when the configuration or the database is wrong.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const hub = new Hub(database, { presenceGraceSeconds: config.presenceGraceSeconds });
  await hub.start();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    hub,
    pointbot: createPointBotEngine(config),
    voteRate: new VoteRateLimiter(config.votes),
  };
  const app = await buildApp(ctx);
  const shutdown = async () => {
    await hub.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
  await app.ready();
  const gcMs = releaseStartupMemory();
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? "PostgreSQL server" : `PGlite in ${config.dataDir}`;
  app.log.info(
    `Pointwise on http://localhost:${config.port} (${where}); start-up memory released in ${Math.round(gcMs)} ms CPU`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
