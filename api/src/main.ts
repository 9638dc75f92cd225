import { buildApp } from "./app";
import { startAppContext } from "./appContext";
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { releaseStartupMemory } from "./startupMemory";

/**
 * Starts Pointwise (loaded by server.ts once the Node.js version is known to be supported): configuration, database (migrations applied), hub, HTTP and WebSocket.
 * Exits non-zero with a clear message when the configuration or the database is wrong.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const ctx = await startAppContext(config, database);
  const hub = ctx.hub;
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
