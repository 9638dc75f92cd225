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

/** Every module `root` reaches through static imports, `root` included. */
function staticClosure(root: string, graph: ChunkGraph): Set<string> {
  const seen = new Set<string>();
  const todo = [root];
  while (todo.length > 0) {
    const id = todo.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) todo.push(next);
  }
  return seen;
}

/**
 * Rolldown code-splitting groups (`build.rolldownOptions.output.codeSplitting.groups`) so the
 * session page's first load is two large files, not thirty small ones: "app" (everything the
 * entry imports statically) and "session" (what the session screen imports statically beyond
 * that; other screens that share part of it load it too). Left alone, Rolldown cuts one chunk
 * per set of importers; the many small pieces compress worse and sub-kilobyte ones are sent
 * uncompressed (the session page's first load went from 307 to 265 kB of brotli with this).
 * Code loaded on demand (dialogs, the chart, the phone drawer, the Teams views) keeps Rolldown's
 * own chunks. Issue #6 part 4: first load within budget.
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
