/**
 * First-start helper (`node pgliteInit.js <dataDir>`), run by `openPglite` in a child process
 * when the data folder has no database yet: PGlite runs initdb there and exits, so the
 * server's own process never holds initdb's memory (issue #10). Exits 0 when the folder holds a
 * database, 1 with the error on stderr otherwise.
 */
import { PGlite } from "@electric-sql/pglite";
import { keepWasmOnBaselineCompiler, pgliteOptions } from "./pgliteSettings";

async function init(dataDir: string): Promise<void> {
  keepWasmOnBaselineCompiler();
  const client = new PGlite(dataDir, pgliteOptions());
  await client.waitReady;
  await client.close();
}

const dataDir = process.argv[2];
if (!dataDir) {
  console.error("usage: node pgliteInit.js <dataDir>");
  process.exit(1);
}
init(dataDir).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
