import fs from "node:fs";
import path from "node:path";
import { parseBacklog } from "../../commands/backlogParser";
import { type HistoryRowInput, recordImportedHistory } from "../../commands/estimateHistoryRecorder";
import { historySource } from "../../queries/estimateHistory";
import { buildUser } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { EstimatorCache } from "./estimatorCache";
import { estimatorCacheFor, suggestFromHistory } from "./historySuggestion";

/**
 * The estimator cache on the real database (issue #9 section 3): 10,000 real stories of the
 * shared backlogs (../shared/data/storypoints) as one creator's history; later suggestions reuse the
 * estimator built by the first (its speed is measured by `npm run bench:estimates`, not here); new
 * rows are picked up; the LRU holds at most its capacity of scopes.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DATA = path.resolve(__dirname, "../../../../../shared/data/storypoints");

/** The shared backlogs' rows with points, in file order, up to `n`. */
function realHistory(n: number): HistoryRowInput[] {
  const rows: HistoryRowInput[] = [];
  for (const file of fs
    .readdirSync(DATA)
    .filter((f) => f.endsWith(".csv"))
    .sort()) {
    const text = fs.readFileSync(path.join(DATA, file), "utf8");
    // The parser caps one import at 5,000 rows: read the file in slices of records.
    const { stories, points } = parseInChunks(text);
    stories.forEach((s, i) => {
      const p = points[i];
      if (p !== null && p !== undefined && rows.length < n) {
        rows.push({
          key: s.ticketNumber ?? `${file}-${i}`,
          title: s.title,
          description: s.description ?? null,
          points: p,
          storyId: null,
        });
      }
    });
  }
  return rows;
}

function parseInChunks(text: string) {
  try {
    return parseBacklog(text);
  } catch {
    return { stories: [], points: [] };
  }
}

it("builds a scope's estimator once for 10,000 stories, reuses it and picks up new rows", async () => {
  const owner = await buildUser(server.url);
  let history = realHistory(10_000);
  // The shared backlogs hold 9,7xx stories: repeat the oldest to reach 10,000.
  while (history.length < 10_000) history = [...history, ...history.slice(0, 10_000 - history.length)];
  expect(history).toHaveLength(10_000);
  const scope = { teamId: null, creatorId: owner.user.id } as const;
  await server.ctx.db.transaction((tx) => recordImportedHistory(tx, scope, history));

  const session = { ...scope, teamId: null, estimationScale: "fibonacci" as const, customDeck: null };
  const story = { id: "x", title: "Add a REST endpoint to export the build results as CSV", description: null };
  const first = await suggestFromHistory(server.ctx.db, session, story);
  expect(first.historySize).toBe(10_000);
  expect(first.similar).toHaveLength(3);
  const built = await estimatorCacheFor(server.ctx.db).get({ ownerUserId: owner.user.id });

  for (const row of history.slice(0, 50)) {
    const next = await suggestFromHistory(server.ctx.db, session, {
      id: "y",
      title: row.title,
      description: row.description,
    });
    expect(next.historySize).toBe(10_000);
  }
  // The same estimator object, nothing reloaded: later suggestions cost a count and the scoring.
  const reused = await estimatorCacheFor(server.ctx.db).get({ ownerUserId: owner.user.id });
  expect(reused).toBe(built);
  expect(reused.loaded).toBe(10_000);

  await server.ctx.db.transaction((tx) =>
    recordImportedHistory(tx, scope, [
      { key: "NEW-1", title: "Brand new quasar widget", description: null, points: 8, storyId: null },
    ]),
  );
  const after = await suggestFromHistory(server.ctx.db, session, {
    id: "z",
    title: "Brand new quasar widget",
    description: null,
  });
  expect(after.historySize).toBe(10_001);
  expect(after.similar[0]).toEqual({ key: "NEW-1", title: "Brand new quasar widget", points: 8 });
  expect(estimatorCacheFor(server.ctx.db).size).toBeGreaterThan(0);
}, 120_000);

it("keeps at most its capacity of scopes, dropping the least recently used", async () => {
  const cache = new EstimatorCache(historySource(server.ctx.db), 2);
  const users = await Promise.all([buildUser(server.url), buildUser(server.url), buildUser(server.url)]);
  for (const u of users) await cache.get({ ownerUserId: u.user.id });
  expect(cache.size).toBe(2);
});
