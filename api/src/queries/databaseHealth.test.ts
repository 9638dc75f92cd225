import { sql } from "drizzle-orm";
import { ApiClient } from "../testing/apiClient";
import { startTestServer, type TestServer, testDbKind } from "../testing/testServer";

/**
 * Issue #23 section 7: GET /api/health ran `SELECT 1`, which answered while every request failed
 * on a table that could not be read (a damaged PGlite file, a broken restore), so a load
 * balancer kept the instance. Its check now reads the main tables.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it("answers 503 with the reason when a main table cannot be read, and ok again once it can", async () => {
  const health = () => new ApiClient(server.url).get<Record<string, string>>("/api/health");
  expect((await health()).status).toBe(200);
  // Fault injection: the votes table gone from under the running server.
  await server.ctx.db.execute(sql`alter table votes rename to votes_away`);
  try {
    const res = await health();
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.body).toMatchObject({ status: "error", db: testDbKind(), database: "unreachable" });
    expect(res.body.reason).toMatch(/votes/);
  } finally {
    await server.ctx.db.execute(sql`alter table votes_away rename to votes`);
  }
  expect((await health()).status).toBe(200);
});
