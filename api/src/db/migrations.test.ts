import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const API = path.resolve(__dirname, "../..");

describe("migrations", () => {
  it("match the schema: drizzle-kit generate finds nothing to add", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "pw-migrations-"));
    fs.cpSync(path.join(API, "drizzle"), out, { recursive: true });
    const before = fs.readdirSync(out).sort();
    // drizzle-kit prefixes `--out` with "./" (an absolute path breaks) and exits 0 on errors, so the
    // folder is given relative to the api and its report must say that nothing changed.
    const report = execFileSync(
      path.resolve(API, "../node_modules/.bin/drizzle-kit"),
      ["generate", "--dialect", "postgresql", "--schema", "./src/db/schema.ts", "--out", path.relative(API, out)],
      // schema.ts imports core's enum values: tsx resolves @pointwise/core/* to the sources through this tsconfig.
      { cwd: API, stdio: "pipe", env: { ...process.env, TSX_TSCONFIG_PATH: "tsconfig.drizzle.json" } },
    ).toString();
    expect(report).toContain("No schema changes");
    expect(fs.readdirSync(out).sort()).toEqual(before);
    fs.rmSync(out, { recursive: true, force: true });
  });
});
