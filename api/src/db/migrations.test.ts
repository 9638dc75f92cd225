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
    execFileSync(
      path.resolve(API, "../node_modules/.bin/drizzle-kit"),
      ["generate", "--dialect", "postgresql", "--schema", "./src/db/schema.ts", "--out", out],
      { cwd: API, stdio: "pipe" },
    );
    expect(fs.readdirSync(out).sort()).toEqual(before);
    fs.rmSync(out, { recursive: true, force: true });
  });
});
