/**
 * Runs before every test file (jest.config.js `setupFiles`). jsdom has no TextEncoder or
 * TextDecoder, and react-router reads them when it loads: tab tests under
 * `@jest-environment jsdom` get Node's. A no-op in the node environment, which has them.
 */
if (typeof globalThis.TextEncoder === "undefined") {
  const { TextEncoder, TextDecoder } = require("node:util");
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
