import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { firstLoadChunkGroups } from "./firstLoadChunks.ts";
import { precompressPlugin } from "./precompressPlugin.ts";

/** The API the dev server proxies to (`npm run dev -w tab`); the built app is served by the API itself. */
const apiTarget = process.env.POINTWISE_API ?? "http://localhost:3978";

export default defineConfig({
  // precompressPlugin: .br and .gz beside each built file, sent by the server (issue #6 part 4).
  plugins: [react(), precompressPlugin()],
  resolve: {
    alias: {
      "@pointwise/core": fileURLToPath(new URL("../core/src", import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/ws": { target: apiTarget.replace(/^http/, "ws"), ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // Few, larger chunks on the session page's first load (see firstLoadChunks.ts).
      output: { codeSplitting: { groups: firstLoadChunkGroups() } },
    },
  },
});
