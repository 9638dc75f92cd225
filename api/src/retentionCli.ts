/**
 * `npm run -s retention` (issue #13 section 3): runs the retention job (jobs/retention.ts) once
 * against the configured database (DATABASE_URL, else PGlite in DATA_DIR; migrations applied
 * first, like the server) and prints one JSON line: `{"ran":true,"anonymousParticipantsDeleted":N,
 * "endedBefore":"...","teamSessionsDeleted":N,"teamAuditEntriesDeleted":N}` (the last two:
 * each team's own retention, issue #22). Exit code 1 with the error on stderr when the configuration or the
 * database is wrong. Built: `node api/dist/retentionCli.js`.
 */
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { runRetention } from "./jobs/retention";

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const result = await runRetention(database.db);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
