/** Browser tests: Playwright driving Debian's Chromium, one file at a time. */
const base = require("./jest.config.js");

module.exports = {
  ...base,
  testMatch: ["<rootDir>/tests/e2e/**/*.e2e.ts"],
  testPathIgnorePatterns: ["/node_modules/", "/dist/"],
  maxWorkers: 1,
  testTimeout: 180000,
};
