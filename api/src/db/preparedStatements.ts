import { createHash } from "node:crypto";
import { PGlite, type PGliteOptions, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import type pg from "pg";

/** A statement seen this many times is prepared (a one-off, such as a migration's, never is). */
const HOT_AFTER = 2;
/** At most this many statements are prepared per database (each costs the server a cached plan per connection). */
const MAX_PREPARED = 256;
/** Texts counted before the count starts over (bounds the memory of one-off statements). */
const MAX_COUNTED = 4096;
/** Statements PostgreSQL can PREPARE (spec: "PREPARE name AS statement", a SELECT, INSERT, UPDATE, DELETE, MERGE or VALUES). */
const PREPARABLE = /^[\s(]*(select|insert|update|delete|with|values|merge)\b/i;

/**
 * Decides which statements are prepared, and names them (issue #10). Parsing and planning cost
 * PostgreSQL more than running our hot statements (pg_stat_statements on a vote: the upsert's
 * plan 0.36 ms against 0.18 ms to run it, the story lock's 0.12 against 0.03): a prepared
 * statement is parsed once per connection and, once PostgreSQL finds its generic plan as good as
 * the custom ones (after five runs), planned once too. A parameterised statement is prepared from
 * its second run on, named by its text's hash so the name is the same on every connection and in
 * every process; statements without parameters (BEGIN, multi-statement strings) never are.
 */
export class StatementNames {
  private readonly counts = new Map<string, number>();
  private readonly names = new Map<string, string>();

  /** The statement name for `text` run with `paramCount` parameters, or undefined to run it unprepared. */
  nameOf(text: string, paramCount: number): string | undefined {
    if (paramCount === 0) return undefined;
    const known = this.names.get(text);
    if (known) return known;
    if (this.names.size >= MAX_PREPARED || !PREPARABLE.test(text)) return undefined;
    const seen = (this.counts.get(text) ?? 0) + 1;
    if (seen < HOT_AFTER) {
      if (this.counts.size >= MAX_COUNTED) this.counts.clear();
      this.counts.set(text, seen);
      return undefined;
    }
    this.counts.delete(text);
    const name = `pw_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  /** How many statements have a name (tests, benches). */
  get preparedCount(): number {
    return this.names.size;
  }
}

/** The arguments of `pg.Client#query` (a text or a config object, values, a callback). */
type PgQueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/**
 * A node-postgres `Client` class that names hot parameterised statements (`StatementNames`), so
 * node-postgres prepares each once per connection (its named statements: Parse once, then Bind
 * and Execute). Given to `pg.Pool` as its `Client`; drizzle's queries pass through unchanged but
 * for the name. A config that is a custom query (`submit`) or already named is left alone.
 */
export function preparingClientClass(Client: typeof pg.Client, names: StatementNames): typeof pg.Client {
  const query = Client.prototype.query as (...args: PgQueryArgs) => unknown;
  class PreparingClient extends Client {}
  Object.defineProperty(PreparingClient.prototype, "query", {
    value: function (this: pg.Client, ...args: PgQueryArgs) {
      const [config, values] = args;
      if (typeof config === "string") {
        const name = Array.isArray(values) ? names.nameOf(config, values.length) : undefined;
        if (name) args[0] = { text: config, name };
      } else if (config && typeof config === "object" && !("submit" in config) && !("name" in config && config.name)) {
        const { text, values: own } = config as { text?: unknown; values?: unknown };
        const params = Array.isArray(values) ? values : own;
        const name = typeof text === "string" && Array.isArray(params) ? names.nameOf(text, params.length) : undefined;
        if (name) args[0] = { ...config, name };
      }
      return query.apply(this, args);
    },
    writable: true,
    configurable: true,
  });
  return PreparingClient;
}

/**
 * The types drizzle's PGlite driver reads from their text itself (timestamp, timestamptz,
 * interval, date, and numeric[], timestamp[], timestamptz[], interval[], date[]): with every query
 * it hands PGlite an identity parser for each (drizzle-orm/pglite/session.js).
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const drizzleTextTypes = new Set(DRIZZLE_TEXT_TYPES.map(String));
const asText = (value: string): string => value;

/**
 * `text` as an SQL string literal, as node-postgres's `escapeLiteral` writes it (quotes doubled;
 * with a backslash, an `E'...'` literal with backslashes doubled, read alike whatever
 * standard_conforming_strings says), without its character-by-character concatenation: 16 kB of
 * garbage for a vote's 500-byte NOTIFY payload (issue #10, allocation profile).
 */
export function sqlLiteral(text: string): string {
  const quoted = text.replaceAll("'", "''");
  return text.includes("\\") ? ` E'${quoted.replaceAll("\\", "\\\\")}'` : `'${quoted}'`;
}

/** Where a PGlite statement runs: the database itself, or a transaction's handle. */
type PgliteRunner = Pick<Transaction, "query" | "exec">;

/**
 * PGlite that prepares hot parameterised statements (`StatementNames`; issue #10). PGlite runs a
 * query as Parse, Describe, Bind, Describe, Execute and Sync, and PostgreSQL, compiled to
 * WebAssembly and kept on V8's baseline compiler (pgliteSettings), parses and plans it every time:
 * most of a vote's CPU on the embedded database. A hot statement is prepared once with SQL
 * `PREPARE` (PGlite is one connection: it lasts as long as the database is open) and then run as
 * `EXECUTE name(arguments)`: one simple-query message, no parsing or planning of the statement.
 * The arguments are the texts PGlite's own `query` would bind (its serializers, by the parameter
 * types PostgreSQL inferred at PREPARE), written as SQL string literals (`sqlLiteral`), which
 * PostgreSQL converts to the parameter's type exactly as it does a bound text value.
 * Transactions (`transaction`) get the same through their handle.
 *
 * The instance also reads DRIZZLE_TEXT_TYPES as text, as drizzle asks with every query, so those
 * per-query parsers can be dropped: PGlite copies its whole parser table (318 types) into a new
 * object for every query given parsers, 80 us a query here.
 */
export class PreparingPGlite extends PGlite {
  readonly statementNames = new StatementNames();
  /** Parameter type oids of each prepared statement, by name. */
  private readonly parameterTypes = new Map<string, number[]>();

  /** PGlite in `dataDir` (undefined: in memory) with `options`, reading DRIZZLE_TEXT_TYPES as text. */
  constructor(dataDir: string | undefined, options: PGliteOptions = {}) {
    const parsers = { ...options.parsers, ...Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, asText])) };
    // PGlite takes (dataDir, options) or (options) alone.
    if (dataDir === undefined) super({ ...options, parsers });
    else super(dataDir, { ...options, parsers });
  }

  override async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runPrepared<T>(
      { query: (q, p, o) => super.query(q, p, o), exec: (q, o) => super.exec(q, o) },
      text,
      params,
      options,
    );
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const preparing: Transaction = Object.create(tx);
      preparing.query = <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.runPrepared<R>(tx, text, params, options);
      return callback(preparing);
    });
  }

  private async runPrepared<T>(
    runner: PgliteRunner,
    text: string,
    params: unknown[] | undefined,
    given: QueryOptions | undefined,
  ): Promise<Results<T>> {
    // Parsers this instance already applies (drizzle's text types) need not be given again.
    const options =
      given?.parsers && Object.keys(given.parsers).every((oid) => drizzleTextTypes.has(oid))
        ? { ...given, parsers: undefined }
        : given;
    const name = this.statementNames.nameOf(text, params?.length ?? 0);
    if (!name || !params) return runner.query<T>(text, params, options);
    let types = this.parameterTypes.get(name);
    if (!types) {
      // A statement PREPARE refuses is one the plain query would refuse too (same parse and analysis).
      await runner.exec(`PREPARE ${name} AS ${text}`);
      const described = await runner.query<{ types: number[] }>(
        "select parameter_types::oid[] as types from pg_prepared_statements where name = $1",
        [name],
      );
      types = (described.rows[0]?.types ?? []).map(Number);
      this.parameterTypes.set(name, types);
    }
    const args = params.map((value, i) => this.literalOf(value, types[i]));
    // PostgreSQL reads a query's text up to its first NUL: such a value goes the bound way, which
    // PostgreSQL refuses as it always did (invalid byte sequence).
    if (args.some((arg) => arg.includes("\u0000"))) return runner.query<T>(text, params, options);
    const [result] = await runner.exec(`EXECUTE ${name}(${args.join(", ")})`, options);
    if (!result) throw new Error(`PGlite: EXECUTE ${name} returned no result`);
    return result as Results<T>;
  }

  /** `value` as PGlite's `query` would bind it for a parameter of type `oid`, as an SQL literal. */
  private literalOf(value: unknown, oid: number | undefined): string {
    if (value === null || value === undefined) return "NULL";
    const serialize = oid === undefined ? undefined : this.serializers[oid];
    return sqlLiteral(serialize ? serialize(value) : String(value));
  }
}
