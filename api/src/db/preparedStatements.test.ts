import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import { createScratchDatabase, testDbKind } from "../testing/testServer";
import {
  DRIZZLE_TEXT_TYPES,
  PreparingPGlite,
  preparingClientClass,
  StatementNames,
  sqlLiteral,
} from "./preparedStatements";
import * as schema from "./schema";

describe("sqlLiteral", () => {
  it("writes what node-postgres's escapeLiteral writes, and PostgreSQL reads it back as given", async () => {
    const texts = ["plain", "it's", "back\\slash", "both ' and \\", "", "'\\'\\", "ünï\u{1F600}\n\t"];
    for (const text of texts) expect(sqlLiteral(text)).toBe(pg.Client.prototype.escapeLiteral(text));
    const db = new PreparingPGlite(undefined);
    try {
      for (const text of texts) {
        const [result] = await db.exec(`select ${sqlLiteral(text)} as t`);
        expect(result?.rows).toEqual([{ t: text }]);
      }
    } finally {
      await db.close();
    }
  });
});

describe("StatementNames", () => {
  it("names a parameterised statement from its second run on, the same name for the same text", () => {
    const names = new StatementNames();
    const text = "select * from votes where story_id = $1";
    expect(names.nameOf(text, 1)).toBeUndefined();
    const name = names.nameOf(text, 1);
    expect(name).toMatch(/^pw_[0-9a-f]{24}$/);
    expect(names.nameOf(text, 1)).toBe(name);
    expect(new StatementNames().nameOf(text, 1)).toBeUndefined();
    const other = new StatementNames();
    other.nameOf(text, 1);
    expect(other.nameOf(text, 1)).toBe(name);
  });

  it("never names statements without parameters or that PREPARE does not take", () => {
    const names = new StatementNames();
    for (let i = 0; i < 3; i++) {
      expect(names.nameOf("BEGIN", 0)).toBeUndefined();
      expect(names.nameOf("COMMIT; SELECT pg_notify('a', 'b')", 0)).toBeUndefined();
      expect(names.nameOf("set local lock_timeout = $1", 1)).toBeUndefined();
    }
    expect(names.preparedCount).toBe(0);
  });

  it("stops naming at its limit", () => {
    const names = new StatementNames();
    for (let i = 0; i < 300; i++) {
      names.nameOf(`select ${i} where $1`, 1);
      names.nameOf(`select ${i} where $1`, 1);
    }
    expect(names.preparedCount).toBe(256);
    expect(names.nameOf("select 299 where $1", 1)).toBeUndefined();
  });
});

describe("PreparingPGlite", () => {
  let db: PreparingPGlite;
  beforeAll(async () => {
    db = new PreparingPGlite(undefined);
    await db.waitReady;
    await db.exec(`create table notes (id int primary key, body text, tags text[], score numeric(4,1),
      at timestamptz, meta jsonb, flag boolean)`);
  });
  afterAll(() => db.close());

  const prepared = async () =>
    (await db.query<{ name: string }>("select name from pg_prepared_statements order by name", [])).rows.map(
      (r) => r.name,
    );

  it("runs a hot statement as a prepared one, with every value as the bound query reads it", async () => {
    const insert = "insert into notes (id, body, tags, score, at, meta, flag) values ($1, $2, $3, $4, $5, $6, $7)";
    const hostile = `it's "quoted" \\ back\\slash '); drop table notes; --`;
    const values = (id: number) => [id, hostile, ["a'b", 'c"d', null], 2.5, new Date(0), { k: "v'" }, true];
    await db.query(insert, values(1));
    expect(db.statementNames.preparedCount).toBe(0);
    await db.query(insert, values(2));
    await db.query(insert, values(3));
    expect(db.statementNames.preparedCount).toBe(1);
    expect((await prepared()).length).toBe(1);
    const read = "select id, body, tags, score::float8 as score, at, meta, flag from notes where id = $1";
    const rows = [];
    for (const id of [1, 2, 3]) rows.push((await db.query(read, [id])).rows[0]);
    for (const row of rows) {
      expect(row).toEqual({
        id: expect.any(Number),
        body: hostile,
        tags: ["a'b", 'c"d', null],
        score: 2.5,
        at: "1970-01-01 00:00:00+00", // timestamptz reads as text here (DRIZZLE_TEXT_TYPES)
        meta: { k: "v'" },
        flag: true,
      });
    }
    expect((await db.query("select count(*)::int as n from notes", [])).rows).toEqual([{ n: 3 }]);
  });

  it("reads drizzle's text types as text, as drizzle's own parsers do, which it may then drop", async () => {
    const prepared = drizzle(db, { schema }).select().from(schema.users).prepare("users") as unknown as {
      queryConfig: { parsers: Record<string, (value: string) => unknown> };
      rawQueryConfig: { parsers: Record<string, (value: string) => unknown> };
    };
    for (const config of [prepared.queryConfig, prepared.rawQueryConfig]) {
      expect(Object.keys(config.parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const parse of Object.values(config.parsers))
        expect(parse("2026-11-26 10:00:00+00")).toBe("2026-11-26 10:00:00+00");
    }
    const [row] = (await db.query<{ at: unknown }>("select '2026-11-26 10:00:00+00'::timestamptz as at")).rows;
    expect(row?.at).toBe("2026-11-26 10:00:00+00");
  });

  it("keeps NULLs and array row mode, and refuses a NUL byte as PostgreSQL does", async () => {
    const text = "select $1::text as a, $2::int as b";
    for (let i = 0; i < 3; i++) {
      const result = await db.query(text, [null, i], { rowMode: "array" });
      expect(result.rows).toEqual([[null, i]]);
    }
    await expect(db.query(text, ["a\u0000b", 1])).rejects.toThrow(/invalid byte sequence|0x00/);
  });

  it("prepares inside a transaction too, and a rolled-back transaction keeps the statement", async () => {
    const update = "update notes set score = $1 where id = $2 returning score::float8 as score";
    await expect(
      db.transaction(async (tx) => {
        await tx.query(update, [7, 1]);
        const second = await tx.query(update, [8, 1]);
        expect(second.rows).toEqual([{ score: 8 }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const after = await db.transaction(async (tx) => (await tx.query(update, [9, 1])).rows);
    expect(after).toEqual([{ score: 9 }]);
    expect(db.statementNames.nameOf(update, 2)).toBeDefined();
  });
});

const onPostgres = testDbKind() === "postgres" ? describe : describe.skip;

onPostgres("preparingClientClass (PostgreSQL server)", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let client: pg.Client;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const Client = preparingClientClass(pg.Client, new StatementNames());
    client = new Client({ connectionString: scratch.url, pipeline: true });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await scratch?.drop();
  });

  const prepared = async () =>
    (await client.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
      (r) => r.statement,
    );

  it("prepares hot statements given as text or as config, once per connection, and leaves the rest", async () => {
    const types = { getTypeParser: () => (value: string) => `parsed ${value}` };
    for (let i = 0; i < 3; i++) {
      expect((await client.query("select $1::int + 1 as n", [i])).rows).toEqual([{ n: i + 1 }]);
      expect((await client.query({ text: "select $1::text as t", types }, ["a'b"])).rows).toEqual([
        { t: "parsed a'b" },
      ]);
      expect((await client.query({ text: "select $1::int * 2 as d", values: [i] })).rows).toEqual([{ d: i * 2 }]);
      const [commit, notify] = (await client.query("BEGIN; SELECT 1 AS one")) as unknown as pg.QueryResult[];
      expect([commit?.command, notify?.rows]).toEqual(["BEGIN", [{ one: 1 }]]);
      await client.query("COMMIT");
    }
    expect((await prepared()).sort()).toEqual(
      ["select $1::int + 1 as n", "select $1::text as t", "select $1::int * 2 as d"].sort(),
    );
  });
});
