/**
 * `npm run -s estimate -- FILE.csv` (issue #9 section 3), run as a user runs it: a child process
 * from the repository root, stdout checked line by line, errors on stderr with exit code 1.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "pw-estimate-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function run(file: string) {
  const r = spawnSync("npm", ["run", "-s", "estimate", "--", file], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Real DuraCloud rows; the two rows with an empty storypoint are predicted. */
const CSV = [
  "issuekey,title,description,storypoint",
  'DURACLOUD-21,"JPEG2K: Image conversion service","Service wrapper and service to perform conversion of images from TIFF to JPEG2K.",8',
  'DURACLOUD-22,"JPEG2K: Image server service","Service wrapper and service to serve JPEG2K images.",5',
  'DURACLOUD-23,"JPEG2K: Image viewer service","Service wrapper and service to display JPEG2K images.",3',
  'DURACLOUD-72,"content browser: previous link takes the user to the first page.",NULL,1',
  'DURACLOUD-80,"display thumbnails in content browser",NULL,1',
  'DURACLOUD-81,"Update Rackspace Java library","A few issues have been resolved in the RackSpace Java library, based on ""submitted"" bug reports.",1',
  'DURACLOUD-101,"Create utility to sync to DuraCloud from the filesystem","This can be used to sync arbitrary file system directories with DuraCloud, storing the files in a space.",16',
  'NEW-1,"Create a utility to sync DuraCloud from the file system","Sync arbitrary file system directories with DuraCloud, storing the files in a space.",',
  'NEW-2,"content browser: next link takes the user to the last page",NULL,',
  'DURACLOUD-102,"Add option to set color space in Image Conversion service",NULL,2',
].join("\n");

describe("npm run -s estimate", () => {
  it("prints one JSON line per row without points, in file order, and nothing else", () => {
    // NEW-1 nearly repeats DURACLOUD-101 (16 points), then DURACLOUD-102 shares "space"; NEW-2 shares
    // "content browser ... link takes the user" with DURACLOUD-72 and "content browser" with -80; with no third
    // word match the latest 1-point story (DURACLOUD-81) completes the list.
    const file = path.join(dir, "backlog.csv");
    writeFileSync(file, `${CSV}\n`);
    const r = run(file);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")).toEqual([
      '{"issuekey":"NEW-1","points":16,"low":2,"high":16,"similar":["DURACLOUD-101","DURACLOUD-102","DURACLOUD-81"]}',
      '{"issuekey":"NEW-2","points":1,"low":1,"high":1,"similar":["DURACLOUD-72","DURACLOUD-80","DURACLOUD-81"]}',
      "",
    ]);
  });

  it("prints nothing when every row has points", () => {
    const file = path.join(dir, "all-pointed.csv");
    writeFileSync(file, CSV.split("\n").slice(0, 4).join("\n"));
    const r = run(file);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
  });

  it("fails with exit code 1 and a message on stderr for a missing file", () => {
    const r = run(path.join(dir, "nope.csv"));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("nope.csv");
  });

  it("fails with exit code 1 when a column is missing", () => {
    const file = path.join(dir, "no-points.csv");
    writeFileSync(file, "issuekey,title,description\nA-1,Title,NULL\n");
    const r = run(file);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("storypoint");
  });
});
