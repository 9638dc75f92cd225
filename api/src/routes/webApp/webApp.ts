import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Cache-Control of a content-hashed asset (Vite names them `assets/<name>-<8-char hash>.<ext>`):
 * its bytes never change under that name, so browsers keep it a year without asking again.
 */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/**
 * Cache-Control of everything else (index.html, the SPA fallback, favicon.svg): kept but
 * revalidated on every use (ETag / Last-Modified, so an unchanged file costs a 304), because
 * its name stays the same when a rebuild changes it.
 */
export const REVALIDATE_CACHE = "no-cache";

/** `assets/<name>-<hash>.<ext>` as Vite writes it, with the `.br` / `.gz` copy beside it. */
const HASHED_ASSET = /^assets\/(?:.+\/)?[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+(?:\.br|\.gz)?$/;

/**
 * The Cache-Control for a file of the built web app.
 * @param relativePath the file's path inside the dist folder, `/`-separated (e.g. `assets/index-C4qeErEN.js.br`)
 */
export function webAppCacheControl(relativePath: string): string {
  return HASHED_ASSET.test(relativePath) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/**
 * Serves the built web app from `distDir` (`npm run build -w tab`; config `TAB_DIST_DIR`) at
 * the root of `app`, in every NODE_ENV:
 * - files are looked up per request (`wildcard`), so a rebuilt or later-built tab is served
 *   without a restart;
 * - the `.br` / `.gz` copies written at build time (tab/precompressPlugin.ts) are sent when the
 *   request's Accept-Encoding allows (brotli first, then gzip, else the file itself), with
 *   `Vary: Accept-Encoding`;
 * - Cache-Control by `webAppCacheControl`; ETag and Last-Modified on every file (304 when unchanged).
 * Registered on the root instance (not encapsulated) so `reply.sendFile` serves the SPA fallback.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: ["index.html"],
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    // A server started before the first tab build (`npm run dev`) serves it once it is built.
    suppressWarning: true,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(distDir, filePath).split(path.sep).join("/");
      reply.header("cache-control", webAppCacheControl(relative));
    },
  });
}

/**
 * Whether a request no route matched is a page of the web app (a client-side route such as
 * `/session/<id>`), answered with index.html: a GET outside `/api/`, `/assets/` and `/ws`,
 * once the tab has been built.
 */
export function isWebAppPage(request: FastifyRequest, distDir: string): boolean {
  const url = request.url.split("?")[0] ?? "";
  const page = request.method === "GET" && !url.startsWith("/api/") && !url.startsWith("/assets/") && url !== "/ws";
  return page && fs.existsSync(path.join(distDir, "index.html"));
}

/**
 * Sends the web app's index.html for a client-side route, compressed and with the same
 * `no-cache` + ETag rules as `/index.html` itself (needs `registerWebApp` first).
 */
export function sendWebAppPage(reply: FastifyReply, distDir: string): FastifyReply {
  return reply.type("text/html").sendFile("index.html", distDir);
}
