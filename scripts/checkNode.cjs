// Refuses an unsupported Node.js with one line and exit code 1, before anything else loads
// (issue #6: `npm start` and `node api/dist/server.js` on an older Node stop at once, no stack
// trace). The supported range has one home: "engines.node" in the root package.json (">=X.Y").
// Written in syntax every Node.js still parses; run directly or required first by the server.
"use strict";
const path = require("node:path");

const range = require(path.join(__dirname, "..", "package.json")).engines.node;
const [needMajor, needMinor] = range
  .replace(/^>=\s*/, "")
  .split(".")
  .map(Number);
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < needMajor || (major === needMajor && minor < (needMinor || 0))) {
  process.stderr.write(
    `Pointwise needs Node.js ${needMajor}.${needMinor || 0} or newer (24 LTS recommended); this is ${process.version}. ` +
      "With an older Node, run it through: bash scripts/withNode24.sh npm start\n",
  );
  process.exit(1);
}
