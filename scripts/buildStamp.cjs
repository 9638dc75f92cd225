// What scripts/build.cjs decides with (issue #22, "every start rebuilds"): a content stamp of a
// build's inputs and a fingerprint of its output, so an unchanged tab skips Vite and a changed
// dependency lock rebuilds the server from scratch. Plain CommonJS: it runs before anything is
// built. Tested by tests/buildStamp.test.ts on temporary folders.
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");

/** Folders never read as inputs: installed packages, build output, caches. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".git", ".data", "coverage", "test-results"]);
/** Files no build reads: tests (`x.test.ts`, `x.e2e.ts`) and their snapshots. */
const SKIPPED_FILE = /\.(test|e2e)\.[cm]?[jt]sx?$|\.snap$/;

/**
 * Every file under `entry` (a file or a folder), as paths relative to `root` with `/`, sorted;
 * skips SKIPPED_DIRS and test files. A missing entry adds nothing.
 * @param {string} root
 * @param {string} entry relative to root
 * @returns {string[]}
 */
function inputFiles(root, entry) {
  const out = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    let stat;
    try {
      stat = fs.statSync(abs);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs)) {
        if (!SKIPPED_DIRS.has(name)) walk(rel ? `${rel}/${name}` : name);
      }
    } else if (stat.isFile() && !SKIPPED_FILE.test(rel)) {
      out.push(rel);
    }
  };
  walk(entry.split(path.sep).join("/"));
  return out.sort();
}

/**
 * SHA-256 over the inputs' names and contents (not their times, so a checkout or a touch that
 * changes nothing rebuilds nothing).
 * @param {string} root
 * @param {readonly string[]} entries files or folders relative to root
 * @returns {string} hex digest
 */
function inputsHash(root, entries) {
  const hash = crypto.createHash("sha256");
  const files = [...new Set(entries.flatMap((e) => inputFiles(root, e)))].sort();
  for (const rel of files) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * A fingerprint of a build's output folder: every file's path, size and modification time. Any
 * build writes its files anew, so output that another command rebuilt (plain `vite build`) or
 * that was removed or edited does not match the stamp. Null when the folder is missing or empty.
 * @param {string} dir
 * @returns {string | null}
 */
function outputFingerprint(dir) {
  const files = inputFiles(dir, "");
  if (files.length === 0) return null;
  const hash = crypto.createHash("sha256");
  for (const rel of files) {
    const stat = fs.statSync(path.join(dir, rel));
    hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

/**
 * The stamp saved after the last successful build, or null.
 * @param {string} file
 * @returns {{inputs: string, output: string | null} | null}
 */
function readStamp(file) {
  try {
    const stamp = JSON.parse(fs.readFileSync(file, "utf8"));
    return stamp && typeof stamp.inputs === "string" ? stamp : null;
  } catch {
    return null;
  }
}

/**
 * Saves the stamp of a successful build.
 * @param {string} file
 * @param {{inputs: string, output: string | null}} stamp
 */
function writeStamp(file, stamp) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(stamp)}\n`);
}

/**
 * True when the last build's stamp still holds: the same inputs, and its output untouched.
 * @param {{inputs: string, output: string | null} | null} stamp
 * @param {{inputs: string, output: string | null}} now
 */
function upToDate(stamp, now) {
  return stamp !== null && now.output !== null && stamp.inputs === now.inputs && stamp.output === now.output;
}

/**
 * The fingerprint of several output folders together; null when any is missing or empty.
 * @param {readonly string[]} dirs
 * @returns {string | null}
 */
function outputsFingerprint(dirs) {
  const parts = dirs.map(outputFingerprint);
  if (parts.some((p) => p === null)) return null;
  return parts.length === 1 ? parts[0] : crypto.createHash("sha256").update(parts.join("\n")).digest("hex");
}

/**
 * Whether a stamped build must run: not when the stamp's inputs hash equals that of `entries` now
 * and `outDirs` hold the output it recorded. `inputs` is the hash to give {@link recordBuild};
 * `inputsChanged` says the last build's stamp exists and its sources differ from today's (so a
 * build that then finds nothing to do was misled, e.g. by file times).
 * @param {{stampFile: string, root: string, entries: readonly string[], outDirs: readonly string[]}} build
 * @returns {{needed: boolean, inputs: string, inputsChanged: boolean}}
 */
function buildNeeded({ stampFile, root, entries, outDirs }) {
  const inputs = inputsHash(root, entries);
  const stamp = readStamp(stampFile);
  return {
    needed: !upToDate(stamp, { inputs, output: outputsFingerprint(outDirs) }),
    inputs,
    inputsChanged: stamp !== null && stamp.inputs !== inputs,
  };
}

/**
 * Records a successful build from `inputs` (the hash taken before it ran). Nothing is recorded when
 * the inputs changed while it ran (an edit during the build), so the next run builds again.
 * @param {{stampFile: string, root: string, entries: readonly string[], outDirs: readonly string[]}} build
 * @param {string} inputs
 * @returns {boolean} whether the stamp was written
 */
function recordBuild({ stampFile, root, entries, outDirs }, inputs) {
  if (inputsHash(root, entries) !== inputs) return false;
  writeStamp(stampFile, { inputs, output: outputsFingerprint(outDirs) });
  return true;
}

/** The dependency lock: what `npm ci` installs, which tsc -b does not look at. */
const LOCK = "package-lock.json";

/**
 * True when the dependency lock changed since {@link recordDependencies} last ran (or it never
 * ran: a fresh clone): the server is then built from scratch (`tsc -b --force`).
 * @param {string} stampFile
 * @param {string} root
 */
function dependenciesChanged(stampFile, root) {
  return readStamp(stampFile)?.inputs !== inputsHash(root, [LOCK]);
}

/**
 * Records the dependency lock the server was just built with.
 * @param {string} stampFile
 * @param {string} root
 */
function recordDependencies(stampFile, root) {
  writeStamp(stampFile, { inputs: inputsHash(root, [LOCK]), output: null });
}

module.exports = {
  inputFiles,
  inputsHash,
  outputFingerprint,
  outputsFingerprint,
  readStamp,
  writeStamp,
  upToDate,
  buildNeeded,
  recordBuild,
  dependenciesChanged,
  recordDependencies,
};
