import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Logger, Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".webmanifest", ".txt", ".xml"]);
/** Below this a compressed copy saves less than its response headers cost (bytes). */
const MIN_BYTES = 1024;

/** Every file under `dir`, recursively (absolute paths). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `data` to `file` when it is smaller than the original (`size` bytes); returns whether it did. */
async function writeIfSmaller(file: string, data: Buffer, size: number): Promise<boolean> {
  if (data.length >= size) return false;
  await fs.writeFile(file, data);
  return true;
}

/**
 * Compresses one file into `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9).
 * @returns the sizes written (0: not written because it was not smaller)
 */
async function compressFile(file: string): Promise<{ raw: number; br: number; gz: number }> {
  const data = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const [wroteBr, wroteGz] = await Promise.all([
    writeIfSmaller(`${file}.br`, br, data.length),
    writeIfSmaller(`${file}.gz`, gz, data.length),
  ]);
  return { raw: data.length, br: wroteBr ? br.length : 0, gz: wroteGz ? gz.length : 0 };
}

/**
 * A Vite build plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every
 * compressible file of the build (JS, CSS, HTML, SVG, JSON... of at least 1 kB, public files
 * included) once the bundle is written. The server sends them by Accept-Encoding
 * (api/src/routes/webApp/webApp.ts, @fastify/static `preCompressed`), so compressing costs
 * nothing per request and uses the highest levels. Issue #6 part 4, "Faster first load".
 */
export function precompressPlugin(): Plugin {
  let outDir = "";
  let logger: Logger | undefined;
  return {
    name: "pointwise:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.has(path.extname(f)));
      const sizes = await Promise.all(
        files.map(async (file) => ((await fs.stat(file)).size >= MIN_BYTES ? compressFile(file) : null)),
      );
      const done = sizes.filter((s) => s !== null);
      const sum = (key: "raw" | "br" | "gz") => Math.round(done.reduce((a, s) => a + s[key], 0) / 1000);
      logger?.info(
        `precompressed ${done.length} files: ${sum("raw")} kB -> brotli ${sum("br")} kB, gzip ${sum("gz")} kB`,
      );
    },
  };
}
