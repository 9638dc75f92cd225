/**
 * Jest for unit, API and two-instance tests (browser tests: jest.e2e.config.js).
 * TypeScript through @swc/jest; `@pointwise/core/*` resolves to the sources.
 */
const swc = [
  "@swc/jest",
  { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" }, sourceMaps: "inline" },
];

module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.ts$": swc },
  moduleNameMapper: { "^@pointwise/core/(.*)$": "<rootDir>/core/src/$1" },
  testMatch: ["<rootDir>/core/src/**/*.test.ts", "<rootDir>/api/src/**/*.test.ts", "<rootDir>/tests/**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", "/dist/", "/tests/e2e/"],
  testTimeout: 30000,
};
