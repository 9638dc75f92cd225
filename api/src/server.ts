/**
 * The server's entry point (`node api/dist/server.js`). It first refuses an unsupported Node.js
 * with one line (the range lives in the root package.json "engines"; scripts/checkNode.cjs, issue
 * #6), and only then loads the server, so no dependency that needs a newer Node is ever parsed.
 */
require("../../scripts/checkNode.cjs");
require("./main");
