// Builds only what changed since the last build (issue #22: `npm start` rebuilt everything, 52 s
// to restart a server whose code had not changed). `npm start`, `npm run build`,
// `npm run build:server`, `npm run dev` and `npm run build -w tab` run it:
//
//   node scripts/build.cjs [server|tab|all] [--force]      (default: all = server, then tab)
//
// Each part has a content stamp (scripts/buildStamp.cjs, in node_modules/.cache/pointwise-build):
// the hash of its inputs' contents and a fingerprint of the output it wrote. While both still
// hold, the part is up to date and nothing runs. Otherwise:
// - server: `tsc -b api/tsconfig.build.json`, TypeScript's own incremental build over the project
//   references core <- bot <- api (each dist/.tsbuildinfo, git-ignored, records what it was built
//   from), so only what changed and what depends on it is compiled again. tsc -b does not look at
//   node_modules, so a changed dependency lock builds all three from scratch (--force); and since
//   it decides by file times, a source whose content changed but whose time did not convince it
//   (a checkout or an unpacked deployment keeping old times) builds from scratch too.
// - tab: Vite (inputs: tab/, core/src, which Vite bundles through its alias, the lock and the base
//   tsconfig; tests excluded).
// A fresh clone has no stamp and no output, so it builds everything. --force builds everything.
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { buildNeeded, dependenciesChanged, recordBuild, recordDependencies } = require("./buildStamp.cjs");

const ROOT = path.resolve(__dirname, "..");
const STAMPS = path.join(ROOT, "node_modules", ".cache", "pointwise-build");
const SERVER_WORKSPACES = ["core", "bot", "api"];
/** The dependency lock the server was last built with (tsc -b does not look at node_modules). */
const DEPENDENCIES_STAMP = path.join(STAMPS, "server-dependencies.json");
const SERVER = {
  stampFile: path.join(STAMPS, "server.json"),
  root: ROOT,
  entries: [
    ...SERVER_WORKSPACES.flatMap((w) => [
      `${w}/src`,
      `${w}/tsconfig.json`,
      `${w}/tsconfig.build.json`,
      `${w}/package.json`,
    ]),
    "tsconfig.base.json",
    "package-lock.json",
  ],
  outDirs: SERVER_WORKSPACES.map((w) => path.join(ROOT, w, "dist")),
};
const TAB = {
  stampFile: path.join(STAMPS, "tab.json"),
  root: ROOT,
  entries: ["tab", "core/src", "package-lock.json", "tsconfig.base.json"],
  outDirs: [path.join(ROOT, "tab", "dist")],
};

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command in the repository, its output shown; exits with its code when it fails. */
function run(command, args, cwd = ROOT) {
  const result = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Modification time of each workspace's .tsbuildinfo (0 when missing), to tell what tsc -b rebuilt. */
const buildInfoTimes = () =>
  SERVER_WORKSPACES.map((w) => {
    try {
      return fs.statSync(path.join(ROOT, w, "dist", ".tsbuildinfo")).mtimeMs;
    } catch {
      return 0;
    }
  });

/** Runs tsc -b over the references; answers the workspaces whose build info it wrote. */
function tscBuild(force) {
  const before = buildInfoTimes();
  const args = [require.resolve("typescript/bin/tsc"), "-b", "api/tsconfig.build.json"];
  if (force) args.push("--force");
  run(process.execPath, args);
  const after = buildInfoTimes();
  return SERVER_WORKSPACES.filter((_w, i) => after[i] !== before[i]);
}

function buildServer(force) {
  const start = Date.now();
  const { needed, inputs, inputsChanged } = buildNeeded(SERVER);
  if (!force && !needed) {
    console.log(`server: up to date (sources unchanged since the last build) in ${seconds(start)}`);
    return;
  }
  const fromScratch = force || dependenciesChanged(DEPENDENCIES_STAMP, ROOT);
  let built = tscBuild(fromScratch);
  let note = fromScratch ? " from scratch (--force, or the dependencies changed)" : "";
  if (built.length === 0 && inputsChanged && !fromScratch) {
    // The sources changed, yet tsc -b found everything up to date: it judged by file times.
    built = tscBuild(true);
    note = " from scratch (sources changed but kept older file times)";
  }
  recordDependencies(DEPENDENCIES_STAMP, ROOT);
  recordBuild(SERVER, inputs);
  console.log(`server: ${built.length ? `built ${built.join(", ")}${note}` : "up to date"} in ${seconds(start)}`);
}

function buildTab(force) {
  const start = Date.now();
  const { needed, inputs } = buildNeeded(TAB);
  if (!force && !needed) {
    console.log(`tab: up to date (sources unchanged since the last build) in ${seconds(start)}`);
    return;
  }
  const tab = path.join(ROOT, "tab");
  const vitePackage = require.resolve("vite/package.json", { paths: [tab] });
  const viteBin = path.join(path.dirname(vitePackage), require(vitePackage).bin.vite);
  run(process.execPath, [viteBin, "build"], tab);
  recordBuild(TAB, inputs);
  console.log(`tab: built in ${seconds(start)}`);
}

const args = process.argv.slice(2);
const force = args.includes("--force");
const target = args.find((a) => !a.startsWith("--")) ?? "all";
if (!["server", "tab", "all"].includes(target)) {
  console.error(`usage: node scripts/build.cjs [server|tab|all] [--force] (not "${target}")`);
  process.exit(2);
}
if (target !== "tab") buildServer(force);
if (target !== "server") buildTab(force);
