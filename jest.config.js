/**
 * Jest for unit, API, two-instance and tab unit tests (browser tests: jest.e2e.config.js).
 * TypeScript through @swc/jest; `@pointwise/core/*` resolves to the sources. Tab files may be TSX
 * (React 19 automatic runtime); they run in node unless a file asks for `@jest-environment jsdom`.
 */
const swc = [
  "@swc/jest",
  { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" }, sourceMaps: "inline" },
];
const swcTsx = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
    module: { type: "commonjs" },
    sourceMaps: "inline",
  },
];

module.exports = {
  testEnvironment: "node",
  transform: {
    "/tab/src/.+\\.tsx?$": swcTsx,
    "^.+\\.ts$": swc,
    "node_modules/(jose|adaptivecards|swiper|openid-client|oauth4webapi|oidc-provider|@atproto|@atproto-labs|multiformats|unicode-segmenter)/.+\\.m?js$":
      swc,
  },
  // jose 6 (used by the Agents SDK's jwks-rsa), adaptivecards and its swiper, openid-client (with
  // oauth4webapi), oidc-provider (the tests' OpenID Provider) and the AT Protocol OAuth client
  // (@atproto/*, @atproto-labs/* with multiformats and unicode-segmenter) ship only ES modules; jest's CommonJS runtime
  // needs it compiled. Node itself loads it natively (require(esm), Node >= 20.19).
  transformIgnorePatterns: [
    "/node_modules/(?!(jose|adaptivecards|swiper|openid-client|oauth4webapi|oidc-provider|@atproto|@atproto-labs|multiformats|unicode-segmenter)/)",
  ],
  moduleNameMapper: { "^@pointwise/(core|bot)/(.*)$": "<rootDir>/$1/src/$2" },
  testMatch: [
    "<rootDir>/core/src/**/*.test.ts",
    "<rootDir>/bot/src/**/*.test.ts",
    "<rootDir>/api/src/**/*.test.ts",
    "<rootDir>/tab/src/**/*.test.ts?(x)",
    "<rootDir>/tests/**/*.test.ts",
  ],
  testPathIgnorePatterns: ["/node_modules/", "/dist/", "/tests/e2e/"],
  setupFiles: ["<rootDir>/jest.setup.js"],
  // Starting a test server (a fresh PGlite database, eight migrations) took over 30 s when the
  // two cores were shared with other work; the tests assert behaviour, not time.
  testTimeout: 60000,
};
