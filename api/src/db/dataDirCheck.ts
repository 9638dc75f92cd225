import fs from "node:fs";
import path from "node:path";

/** PostgreSQL's page size (BLCKSZ): relation files are whole pages of it. */
const BLOCK = 8192;
/** `pd_pagesize_version` of every initialised page: BLCKSZ | PG_PAGE_LAYOUT_VERSION (4). */
const PAGE_SIZE_VERSION = BLOCK | 4;
/** `pd_flags` bits PostgreSQL defines (PD_VALID_FLAG_BITS); any other set is damage. */
const VALID_FLAG_BITS = 0x0007;
/** MAXALIGN of PGlite's build (wasm32: 8): `pd_special` is a multiple of it. */
const MAX_ALIGN = 8;
/** A relation's file in a database folder: `<relfilenode>[_fsm|_vm|_init][.<segment>]`. */
const RELATION_FILE = /^\d+(?:_(?:fsm|vm|init))?(?:\.\d+)?$/;
/** Pages read per chunk while scanning (1 MB). */
const PAGES_PER_READ = 128;
/** Damaged files named at most in one message. */
const MAX_NAMED = 10;
/** PostgreSQL log lines worth repeating: the ones saying why it stopped, and their detail. */
const SEVERE = /\b(?:PANIC|FATAL|ERROR|DETAIL):/;

/** One damaged file of a data folder: its path inside the folder and what is wrong with it. */
export interface DamagedFile {
  file: string;
  problem: string;
}

/**
 * The PGlite data folder (DATA_DIR) is damaged or is no database: the message says which file
 * and what to do (issue #23 section 7; before, the process ended with `Aborted()` and no hint).
 */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataDirError";
  }
}

/**
 * What is wrong with one page, the way PostgreSQL's PageIsVerified judges it (bufpage.c), or
 * null: a new page (pd_upper 0) must be all zeros; any other needs a sane header (known flag
 * bits, pd_lower <= pd_upper <= pd_special <= BLCKSZ, pd_special aligned) and our page size and
 * layout version. Header layout (little-endian): pd_flags @10, pd_lower @12, pd_upper @14,
 * pd_special @16, pd_pagesize_version @18.
 */
export function pageProblem(page: Buffer): string | null {
  const upper = page.readUInt16LE(14);
  if (upper === 0) {
    for (const byte of page) if (byte !== 0) return "a new page that is not all zeros";
    return null;
  }
  const flags = page.readUInt16LE(10);
  const lower = page.readUInt16LE(12);
  const special = page.readUInt16LE(16);
  const sane =
    (flags & ~VALID_FLAG_BITS) === 0 &&
    lower <= upper &&
    upper <= special &&
    special <= BLOCK &&
    special % MAX_ALIGN === 0 &&
    page.readUInt16LE(18) === PAGE_SIZE_VERSION;
  return sane ? null : "its page header is invalid";
}

/** The damage in one relation file: a size that is no whole number of pages, or its first bad page. */
async function fileProblem(file: string): Promise<string | null> {
  const handle = await fs.promises.open(file, "r");
  try {
    const { size } = await handle.stat();
    if (size % BLOCK !== 0) return `${size} bytes, not a whole number of 8 KiB pages (cut short or overwritten)`;
    const chunk = Buffer.alloc(BLOCK * PAGES_PER_READ);
    for (let offset = 0; offset < size; offset += chunk.length) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, offset);
      for (let at = 0; at + BLOCK <= bytesRead; at += BLOCK) {
        const problem = pageProblem(chunk.subarray(at, at + BLOCK));
        if (problem) return `block ${(offset + at) / BLOCK}: ${problem}`;
      }
    }
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * Reads every relation file of the data folder (`global/` and each `base/<database>/`) and
 * answers the damaged ones (at most MAX_NAMED), as PostgreSQL would find them when it reads
 * them: a page it would refuse ("invalid page in block N"), or a file cut mid-page. Reads the
 * whole database once (about 1 s per GB from disk); the files must not be written meanwhile.
 */
export async function damagedRelationFiles(dataDir: string): Promise<DamagedFile[]> {
  const folders = ["global"];
  const base = path.join(dataDir, "base");
  if (fs.existsSync(base)) {
    for (const entry of await fs.promises.readdir(base, { withFileTypes: true })) {
      if (entry.isDirectory()) folders.push(`base/${entry.name}`);
    }
  }
  const damaged: DamagedFile[] = [];
  for (const folder of folders) {
    const names = await fs.promises.readdir(path.join(dataDir, folder)).catch(() => [] as string[]);
    for (const name of names.filter((n) => RELATION_FILE.test(n)).sort()) {
      const file = `${folder}/${name}`;
      const problem = await fileProblem(path.join(dataDir, file)).catch(
        (err: unknown) => `cannot be read (${err instanceof Error ? err.message : String(err)})`,
      );
      if (problem) damaged.push({ file, problem });
      if (damaged.length >= MAX_NAMED) return damaged;
    }
  }
  return damaged;
}

/**
 * Refuses a DATA_DIR that holds files but no database (no `PG_VERSION`): initdb would write a
 * new database among them, and a folder that lost its `PG_VERSION` is damaged anyway.
 * @throws DataDirError naming the folder
 */
export function checkDataDirBeforeOpen(dataDir: string): void {
  if (!fs.existsSync(dataDir) || fs.existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const entries = fs.readdirSync(dataDir);
  if (entries.length === 0) return;
  throw new DataDirError(
    damagedMessage(
      dataDir,
      [
        `PG_VERSION is missing, yet the folder holds ${entries.length} other entries (${entries.slice(0, 5).join(", ")})`,
      ],
      "It is not a PGlite database folder, or a damaged one: Pointwise will not create a new database inside it.",
    ),
  );
}

/**
 * The files a PostgreSQL log line names as damaged: quoted paths (`relation "base/5/16732"`,
 * `file "global/pg_control"`), the control file, the write-ahead log, a system catalog index.
 */
function filesNamedIn(line: string): string[] {
  const named = [...line.matchAll(/"((?:global|base|pg_[a-z_]+)\/[^"]*)"/g)].map((m) => m[1] as string);
  if (/control file|PG_CONTROL_VERSION|pg_control/.test(line) && !line.includes('"global/pg_control"')) {
    named.push("global/pg_control");
  }
  const segment = /WAL segment ([0-9A-F]{24})/.exec(line)?.[1];
  if (segment) named.push(`pg_wal/${segment}`);
  else if (/checkpoint record|WAL|redo/i.test(line) && SEVERE.test(line)) named.push("pg_wal/ (the write-ahead log)");
  const index = /critical system index (\d+)/.exec(line)?.[1];
  if (index) named.push(`a system catalog index (OID ${index}) under base/`);
  return named;
}

/**
 * The error for a data folder PGlite could not open: the damaged files PostgreSQL's own log
 * (`stderr`, its last lines) names, or that a scan of the relation files finds, and what to do.
 */
export async function openFailure(dataDir: string, err: unknown, stderr: readonly string[]): Promise<DataDirError> {
  // Not PostgreSQL's HINTs: "It looks like you need to initdb" would throw the data away.
  const said = stderr.filter((line) => SEVERE.test(line) || /\bLOG:.*(invalid|could not|incorrect)/.test(line));
  const named = new Set(said.flatMap(filesNamedIn));
  const scanned = await damagedRelationFiles(dataDir).catch(() => [] as DamagedFile[]);
  const found = [...named, ...scanned.map((d) => `${d.file}: ${d.problem}`)];
  const reason = err instanceof Error ? err.message : String(err);
  const postgres =
    said.length > 0
      ? said.slice(-4).map((line) => line.replace(/^.*?\b(PANIC|FATAL|ERROR|LOG|DETAIL):\s+/, "$1: "))
      : [reason];
  return new DataDirError(
    damagedMessage(
      dataDir,
      found.length > 0 ? found : ["(no single file could be named; see PostgreSQL's words below)"],
      `PostgreSQL could not open it:\n${postgres.map((line) => `    ${line}`).join("\n")}`,
    ),
  );
}

/**
 * The error for damaged relation files found after PGlite opened the folder (damage that
 * PostgreSQL meets only when a request reads the file: 500s while the server looked healthy).
 */
export function damagedFilesError(dataDir: string, damaged: readonly DamagedFile[]): DataDirError {
  return new DataDirError(
    damagedMessage(
      dataDir,
      damaged.map((d) => `${d.file}: ${d.problem}`),
      "PostgreSQL would refuse these pages when a request reads them.",
    ),
  );
}

/** The message: the folder, the damaged files, why, and the two remedies (restore, or move away). */
function damagedMessage(dataDir: string, files: readonly string[], why: string): string {
  const moved = `${dataDir}.damaged-${new Date().toISOString().slice(0, 10)}`;
  return [
    `The database folder DATA_DIR=${dataDir} is damaged; Pointwise did not start.`,
    "Damaged:",
    ...files.map((file) => `  - ${file}`),
    why,
    "What to do (stop every Pointwise process using this folder first):",
    `  - restore the folder from your latest backup (replace ${dataDir} with the backup copy), or`,
    `  - move it away to start with an empty database: mv ${dataDir} ${moved}`,
    "    (its accounts, sessions and votes are then no longer used; keep the copy for a recovery attempt).",
  ].join("\n");
}
