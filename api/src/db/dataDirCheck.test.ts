import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkDataDirBeforeOpen, DataDirError, damagedRelationFiles, pageProblem } from "./dataDirCheck";

/** An initialised heap page as PostgreSQL writes it: header sane, version 4, size 8192. */
function heapPage(): Buffer {
  const page = Buffer.alloc(8192);
  page.writeUInt16LE(0, 10); // pd_flags
  page.writeUInt16LE(28, 12); // pd_lower: header and one line pointer
  page.writeUInt16LE(8152, 14); // pd_upper: one 40-byte tuple at the end
  page.writeUInt16LE(8192, 16); // pd_special: none
  page.writeUInt16LE(8192 | 4, 18); // pd_pagesize_version
  page.fill(0x42, 8152);
  return page;
}

describe("pageProblem: the page checks of PostgreSQL's PageIsVerified (issue #23 section 7)", () => {
  it("accepts an initialised page and an all-zero new page", () => {
    expect(pageProblem(heapPage())).toBeNull();
    expect(pageProblem(Buffer.alloc(8192))).toBeNull();
  });

  it("refuses a garbled header, an unknown flag, a misaligned special space, another layout", () => {
    expect(pageProblem(Buffer.alloc(8192, 0xa5))).toBe("its page header is invalid");
    const flags = heapPage();
    flags.writeUInt16LE(0x0100, 10);
    expect(pageProblem(flags)).not.toBeNull();
    const lowerAboveUpper = heapPage();
    lowerAboveUpper.writeUInt16LE(8160, 12);
    expect(pageProblem(lowerAboveUpper)).not.toBeNull();
    const special = heapPage();
    special.writeUInt16LE(8188, 16);
    expect(pageProblem(special)).not.toBeNull();
    const version = heapPage();
    version.writeUInt16LE(8192 | 5, 18);
    expect(pageProblem(version)).not.toBeNull();
  });

  it("refuses a page that claims to be new but holds bytes", () => {
    const page = Buffer.alloc(8192);
    page[4000] = 1;
    expect(pageProblem(page)).toBe("a new page that is not all zeros");
  });
});

describe("the data folder's files", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pointwise-datadir-unit-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("names relation files with a bad page or cut mid-page, and nothing else", async () => {
    fs.mkdirSync(path.join(dir, "global"));
    fs.mkdirSync(path.join(dir, "base/5"), { recursive: true });
    fs.writeFileSync(path.join(dir, "global/1260"), heapPage());
    fs.writeFileSync(path.join(dir, "global/pg_filenode.map"), Buffer.alloc(512, 0xa5)); // not a relation file
    fs.writeFileSync(path.join(dir, "base/5/16384"), Buffer.concat([heapPage(), heapPage(), Buffer.alloc(8192, 0xa5)]));
    fs.writeFileSync(path.join(dir, "base/5/16384_fsm"), Buffer.alloc(8192));
    fs.writeFileSync(path.join(dir, "base/5/16390"), heapPage().subarray(0, 100));
    fs.writeFileSync(path.join(dir, "base/5/16391"), Buffer.alloc(0));
    expect(await damagedRelationFiles(dir)).toEqual([
      { file: "base/5/16384", problem: "block 2: its page header is invalid" },
      { file: "base/5/16390", problem: "100 bytes, not a whole number of 8 KiB pages (cut short or overwritten)" },
    ]);
  });

  it("refuses a folder with files but no PG_VERSION; an empty or missing one is a first start", () => {
    expect(() => checkDataDirBeforeOpen(path.join(dir, "missing"))).not.toThrow();
    expect(() => checkDataDirBeforeOpen(dir)).not.toThrow();
    fs.writeFileSync(path.join(dir, "notes.txt"), "mine");
    expect(() => checkDataDirBeforeOpen(dir)).toThrow(DataDirError);
    expect(() => checkDataDirBeforeOpen(dir)).toThrow(/PG_VERSION is missing/);
  });
});
