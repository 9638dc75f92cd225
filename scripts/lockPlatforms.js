#!/usr/bin/env node
/**
 * Adds the other platforms' optional packages to package-lock.json as optional entries.
 *
 * Why: the npm registry reachable from our build machines serves only the binaries of this
 * platform (e.g. `@biomejs/cli-darwin-arm64` answers 404), so a lock written here lacks the
 * other platforms' optional packages, and `npm ci` refuses such a lock ("Missing: ... from
 * lock file"). An optional entry with just its version satisfies `npm ci`, which skips what
 * does not fit the platform. Run after any dependency change: `npm run lock:fix`.
 * Touches nothing but package-lock.json; prints how many entries it added.
 */
const fs = require("node:fs");
const path = require("node:path");

const file = path.resolve(__dirname, "../package-lock.json");
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const packages = lock.packages;

/** The lock path a dependency `name` of the package at `parent` resolves to, or null. */
function resolveFrom(parent, name) {
  let dir = parent;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut >= 0 ? dir.slice(0, cut) : "";
  }
}

let added = 0;
for (const [parent, meta] of Object.entries({ ...packages })) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolveFrom(parent, name)) continue;
    const top = `node_modules/${name}`;
    const at = packages[top] ? `${parent}/node_modules/${name}` : top;
    packages[at] = { version, optional: true, ...(meta.dev ? { dev: true } : {}) };
    added++;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockPlatforms: added ${added} optional platform entries`);
