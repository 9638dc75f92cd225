/**
 * A jsdom test environment whose network is the real API (issue #24 section 4: tab tests never
 * mock our own code). It starts the API test server as its own process
 * (api/src/testing/testServerMain.ts with tsx: in-memory PGlite, or PostgreSQL when PW_TEST_DB
 * says so) and hands the test Node's own fetch, which jsdom lacks, as `nodeFetch` and the
 * server's URL as `apiServerUrl` (read through tab/src/testing/apiServer.ts), and a ResizeObserver
 * that observes nothing (jsdom has no layout). A file asks for it
 * with `@jest-environment ./tab/src/testing/jsdomWithApiServer.cjs`.
 */
const { spawn } = require("node:child_process");
const path = require("node:path");
const { TestEnvironment } = require("jest-environment-jsdom");

const ROOT = path.resolve(__dirname, "../../..");

class JsdomWithApiServer extends TestEnvironment {
  async setup() {
    await super.setup();
    const server = spawn(process.execPath, [require.resolve("tsx/cli"), "api/src/testing/testServerMain.ts"], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: "api/tsconfig.testServer.json" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    this.server = server;
    const url = await new Promise((resolve, reject) => {
      let out = "";
      server.stdout.on("data", (chunk) => {
        out += chunk;
        const found = /TEST_SERVER_URL=(\S+)/.exec(out);
        if (found) resolve(found[1]);
      });
      server.once("exit", (code) => reject(new Error(`the API test server stopped (exit ${code})`)));
    });
    Object.assign(this.global, { apiServerUrl: url, nodeFetch: fetch });
    // jsdom lays nothing out, so it has no ResizeObserver; Fluent's MessageBar asks for one.
    this.global.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }

  async teardown() {
    const server = this.server;
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await super.teardown();
  }
}

module.exports = JsdomWithApiServer;
