import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The parts of Rolldown's chunking context this file reads (`output.codeSplitting.groups[].name`). */
interface ChunkGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

/** The app's entry: what it imports statically is on every first load. */
const ENTRY = src("main.tsx");
/** The session screen (/session/:id): its static imports are the rest of that route's first load. */
const SESSION_SCREEN = src("components/session/SessionPage.tsx");

/** Fluent's all-in-one entry: it re-exports every component package, used or not. */
const FLUENT_BARREL = "/node_modules/@fluentui/react-components/lib/index.js";
const FLUENT_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"@fluentui\/react-components"/g;
const BARREL_EXPORT = /export\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g;

/** The names in an import or export list (`a, type B, c as d` gives a, d; type-only ones skipped). */
function listedNames(list: string): string[] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith("type "))
    .map((part) => part.split(/\s+as\s+/).pop() as string);
}

/** Package of each name Fluent's entry re-exports (read from the file Rolldown resolved). */
function barrelPackages(barrelId: string): Map<string, string> {
  const byName = new Map<string, string>();
  for (const [, list, pkg] of readFileSync(barrelId, "utf8").matchAll(BARREL_EXPORT)) {
    for (const name of listedNames(list as string)) byName.set(name, pkg as string);
  }
  return byName;
}

/**
 * Every module `root` reaches through static imports, `root` included. Through Fluent's
 * all-in-one entry it follows only the component packages our own files import by name, not
 * all of them: Rolldown drops the unused ones, and this must not count them as used here (or a
 * dialog's Select loaded on demand would land in the first-load chunk).
 */
function staticClosure(root: string, graph: ChunkGraph): Set<string> {
  const seen = new Set<string>();
  const fluentNames = new Set<string>();
  let barrel: string | undefined;
  const walk = (todo: string[]) => {
    while (todo.length > 0) {
      const id = todo.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      if (id.endsWith(FLUENT_BARREL)) {
        barrel = id;
        continue;
      }
      if (!id.includes("/node_modules/") && /\.tsx?$/.test(id)) {
        for (const [, list] of readFileSync(id, "utf8").matchAll(FLUENT_IMPORT)) {
          for (const name of listedNames(list as string)) fluentNames.add(name);
        }
      }
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) todo.push(next);
    }
  };
  walk([root]);
  if (barrel) {
    const packages = barrelPackages(barrel);
    const used = new Set([...fluentNames].map((name) => packages.get(name)));
    const barrelImports = graph.getModuleInfo(barrel)?.importedIds ?? [];
    walk(barrelImports.filter((id) => [...used].some((pkg) => pkg && id.includes(`/node_modules/${pkg}/`))));
  }
  return seen;
}

/**
 * Rolldown code-splitting groups (`build.rolldownOptions.output.codeSplitting.groups`) so the
 * session page's first load is two large files, not thirty small ones: "app" (everything the
 * entry imports statically) and "session" (what the session screen imports statically beyond
 * that; other screens that share part of it load it too). Left alone, Rolldown cuts one chunk
 * per set of importers; the many small pieces compress worse and sub-kilobyte ones are sent
 * uncompressed (the session page's first load: 307 kB of brotli before, 264 kB with these groups
 * alone, 258 kB with the dialogs and results view loaded on demand). Code loaded on demand
 * (dialogs, results, the chart, the phone drawer, the Teams views) keeps Rolldown's own chunks.
 * Screens that share modules with the session screen (dashboard, login, join) load "session"
 * too: about 5 kB more for them. Issue #6 part 4: first load within budget.
 * @returns the groups, "app" first: a group of higher priority takes its modules first
 */
export function firstLoadChunkGroups() {
  let entry: Set<string> | undefined;
  let session: Set<string> | undefined;
  const place = (id: string, graph: ChunkGraph): "app" | "session" | null => {
    entry ??= staticClosure(ENTRY, graph);
    session ??= staticClosure(SESSION_SCREEN, graph);
    if (entry.has(id)) return "app";
    return session.has(id) ? "session" : null;
  };
  const group = (name: "app" | "session", priority: number) => ({
    name: (id: string, graph: ChunkGraph) => (place(id, graph) === name ? name : null),
    priority,
  });
  return [group("app", 2), group("session", 1)];
}
