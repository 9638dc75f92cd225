import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, webAppCacheControl } from "./webApp";

/** A raw HTTP answer: nothing decoded, so the bytes on the wire can be compared. */
interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GET without any automatic Accept-Encoding or decompression (unlike fetch). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

const INDEX_HTML = `<!doctype html><html><head><title>Pointwise</title><script type="module" src="/assets/index-AbCd12_-.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
const ENTRY_JS = `export const greeting = ${JSON.stringify("hello planning poker ".repeat(200))};\n`;
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>`;

/** A tiny built tab, as `npm run build -w tab` lays it out: hashed assets with .br/.gz copies. */
function writeFixtureDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pw-webapp-"));
  fs.mkdirSync(path.join(dir, "assets"));
  const files: [string, string][] = [
    ["index.html", INDEX_HTML],
    ["assets/index-AbCd12_-.js", ENTRY_JS],
  ];
  for (const [name, text] of files) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  fs.writeFileSync(path.join(dir, "favicon.svg"), FAVICON);
  return dir;
}

const SESSION_ROUTE = "/session/3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60";
const CHROME_ENCODINGS = "gzip, deflate, br, zstd";

describe("webAppCacheControl", () => {
  it("keeps content-hashed assets (and their compressed copies) for a year", () => {
    for (const file of ["assets/index-C4qeErEN.js", "assets/Badge-CVlPlr7-.js.br", "assets/index-C7oWViTe.css.gz"]) {
      expect(webAppCacheControl(file)).toBe(IMMUTABLE_CACHE);
    }
  });

  it("revalidates everything whose name does not change with its content", () => {
    for (const file of ["index.html", "index.html.br", "favicon.svg", "assets/logo.svg", "robots.txt"]) {
      expect(webAppCacheControl(file)).toBe(REVALIDATE_CACHE);
    }
  });
});

describe.each(["test", "development", "production"] as const)("the built web app with NODE_ENV=%s", (nodeEnv) => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = writeFixtureDist();
    server = await startTestServer({
      env: {
        NODE_ENV: nodeEnv,
        TAB_DIST_DIR: dist,
        SESSION_SECRET: "a-test-secret-of-at-least-32-characters!",
        INTEGRATIONS_KEY: Buffer.alloc(32, 7).toString("base64"),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends a hashed asset as brotli when the browser accepts it, cached for a year", async () => {
    const res = await rawGet(`${server.url}/assets/index-AbCd12_-.js`, { "accept-encoding": CHROME_ENCODINGS });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(ENTRY_JS.length);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(ENTRY_JS);
  });

  it("sends gzip to a client without brotli", async () => {
    const res = await rawGet(`${server.url}/assets/index-AbCd12_-.js`, { "accept-encoding": "gzip, deflate" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.body).toString()).toBe(ENTRY_JS);
  });

  it("sends the file itself to a client that accepts no encoding", async () => {
    const res = await rawGet(`${server.url}/assets/index-AbCd12_-.js`);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.toString()).toBe(ENTRY_JS);
  });

  it.each(["/", "/index.html", SESSION_ROUTE])("sends %s as index.html with no-cache, compressed", async (url) => {
    const res = await rawGet(`${server.url}${url}`, { "accept-encoding": CHROME_ENCODINGS });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers["last-modified"]).toBeTruthy();
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(INDEX_HTML);
  });

  it.each(["/", SESSION_ROUTE])("answers a repeat request for %s with If-None-Match by 304", async (url) => {
    const first = await rawGet(`${server.url}${url}`, { "accept-encoding": CHROME_ENCODINGS });
    const etag = first.headers.etag as string;
    const again = await rawGet(`${server.url}${url}`, { "accept-encoding": CHROME_ENCODINGS, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a revalidated asset by 304 too", async () => {
    const url = `${server.url}/assets/index-AbCd12_-.js`;
    const first = await rawGet(url, { "accept-encoding": "gzip" });
    const again = await rawGet(url, { "accept-encoding": "gzip", "if-none-match": first.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
  });

  it("revalidates public files whose name has no hash", async () => {
    const res = await rawGet(`${server.url}/favicon.svg`, { "accept-encoding": CHROME_ENCODINGS });
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe(REVALIDATE_CACHE);
    expect(res.body.toString()).toBe(FAVICON);
  });

  it("answers a missing asset and an unknown API route with 404 JSON, not the page", async () => {
    for (const url of ["/assets/gone-AbCd1234.js", "/api/no-such-route"]) {
      const res = await rawGet(`${server.url}${url}`);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString())).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("serves a file written after start-up (a rebuilt tab) without a restart", async () => {
    const text = `export const rebuilt = ${Date.now()};\n`;
    fs.writeFileSync(path.join(dist, "assets/later-Zz9Yy8Xx.js"), text);
    const res = await rawGet(`${server.url}/assets/later-Zz9Yy8Xx.js`, { "accept-encoding": CHROME_ENCODINGS });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe(text);
  });
});

describe("a server started before the tab is built", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TAB_DIST_DIR: path.join(os.tmpdir(), "pw-webapp-not-built-yet") } });
  });
  afterAll(async () => server?.close());

  it("answers pages with 404 JSON until there is an index.html", async () => {
    const res = await rawGet(`${server.url}${SESSION_ROUTE}`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toMatchObject({ code: "NOT_FOUND" });
  });
});
