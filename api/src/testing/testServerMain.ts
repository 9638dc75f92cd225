import { startTestServer } from "./testServer";

/*
 * The API test server as its own process, for tests that cannot start it in-process (the tab's
 * jsdom tests: jsdom has no setImmediate, no fetch and no PGlite): `npx tsx
 * api/src/testing/testServerMain.ts` prints `TEST_SERVER_URL=http://127.0.0.1:<port>` once it
 * listens (in-memory PGlite, or PW_TEST_DB=postgres as the suite), and stops on SIGINT/SIGTERM.
 */
void startTestServer().then((server) => {
  process.stdout.write(`TEST_SERVER_URL=${server.url}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
});
