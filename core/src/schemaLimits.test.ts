import { readdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Issue #7, "Denial of service": a field's length limit is checked before any other rule, and
 * no rule is super-linear, so a megabyte in any field of any schema costs next to nothing. The
 * walk is generic: every zod schema exported by any module of core/src is found and every
 * place a value can go (object keys, list items, union options, pipes, wrappers) gets each
 * hostile megabyte below, so a schema added later is covered without touching this test.
 */

/** One parse may take this long (issue #7); the best of `TRIES` counts, to ride out GC pauses. */
const LIMIT_MS = 50;
const TRIES = 3;
const MB = 1_000_000;

/** Megabytes that hurt some rule: plain letters, the three password classes, lone surrogates, blanks, e-mail and ticket shapes, digits, NUL. */
const HOSTILE: Record<string, string> = {
  letters: "a".repeat(MB),
  classes: "aA1".repeat(MB / 3),
  surrogates: "\ud800".repeat(MB),
  spaces: " ".repeat(MB),
  newlines: "\n".repeat(MB),
  dots: "a.".repeat(MB / 2),
  email: `a@${"a-".repeat(MB / 2 - 1)}`,
  hyphens: "-".repeat(MB),
  digits: "9".repeat(MB),
  nul: `${"a".repeat(MB - 1)}\u0000`,
};

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A discriminator's value when `schema` is (a wrapper of) a literal, so the union picks its option. */
function literalOf(schema: z.ZodType): { value: unknown } | undefined {
  const def = defOf(schema);
  if (def.type === "literal") return { value: (def.values as unknown[])[0] };
  if (["optional", "nullable", "default", "prefault", "readonly"].includes(def.type)) {
    return literalOf(def.innerType as z.ZodType);
  }
  return undefined;
}

/** A placement of a value: the path (for the message) and the input that holds `leaf` there. */
interface Hole {
  path: string;
  build(leaf: unknown): unknown;
}

/** Every place in `schema`'s input where a value goes: the schema itself and, recursively, its parts. */
function holes(schema: z.ZodType, depth = 0): Hole[] {
  const here: Hole = { path: "", build: (leaf) => leaf };
  if (depth > 8) return [here];
  const def = defOf(schema);
  const inner = (child: unknown, prefix: string, wrap: (value: unknown) => unknown): Hole[] =>
    holes(child as z.ZodType, depth + 1).map((h) => ({ path: prefix + h.path, build: (leaf) => wrap(h.build(leaf)) }));
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return inner(def.innerType, "", (v) => v);
    case "lazy":
      return inner((def.getter as () => z.ZodType)(), "", (v) => v);
    case "pipe": {
      const fromIn = inner(def.in, "", (v) => v);
      return defOf(def.in as z.ZodType).type === "transform" ? [...fromIn, ...inner(def.out, "", (v) => v)] : fromIn;
    }
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      const base: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(shape)) {
        const literal = literalOf(child);
        if (literal) base[key] = literal.value;
      }
      return [
        here,
        ...Object.entries(shape).flatMap(([key, child]) => inner(child, `.${key}`, (v) => ({ ...base, [key]: v }))),
      ];
    }
    case "array":
      return [here, ...inner(def.element, "[]", (v) => [v])];
    case "tuple":
      return [here, ...(def.items as z.ZodType[]).flatMap((item, i) => inner(item, `[${i}]`, (v) => [v]))];
    case "record":
      return [here, ...inner(def.valueType, "{}", (v) => ({ key: v }))];
    case "union":
      return (def.options as z.ZodType[]).flatMap((option, i) => inner(option, `|${i}`, (v) => v));
    case "intersection":
      return [...inner(def.left, "&l", (v) => v), ...inner(def.right, "&r", (v) => v)];
    default:
      return [here];
  }
}

/** Every zod schema exported by a module of core/src (tests excluded), by `module.export`. */
function exportedSchemas(): [string, z.ZodType][] {
  const found: [string, z.ZodType][] = [];
  for (const file of readdirSync(__dirname).sort()) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const exports = require(path.join(__dirname, file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) found.push([`${file.replace(/\.ts$/, "")}.${name}`, value]);
    }
  }
  return found;
}

/** The best of TRIES timings of one parse, in milliseconds. */
function bestParseMs(schema: z.ZodType, input: unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < TRIES && best >= LIMIT_MS / 5; i++) {
    const start = performance.now();
    schema.safeParse(input);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("every core schema parses a hostile megabyte in any field in < 50 ms (issue #7)", () => {
  const schemas = exportedSchemas();

  it("finds the schemas of every module (the walk is not empty)", () => {
    const names = schemas.map(([name]) => name);
    for (const expected of [
      "authSchemas.registerSchema",
      "authSchemas.passwordSchema",
      "sessionSchemas.createSessionSchema",
      "storySchemas.createStorySchema",
      "teamSchemas.createTeamSchema",
      "voteSchemas.castVoteSchema",
      "realtime.clientMessageSchema",
    ]) {
      expect(names).toContain(expected);
    }
    expect(schemas.flatMap(([, schema]) => holes(schema)).length).toBeGreaterThan(100);
  });

  it.each(schemas)("%s", (_name, schema) => {
    const slow: string[] = [];
    for (const hole of holes(schema)) {
      for (const [kind, megabyte] of Object.entries(HOSTILE)) {
        const ms = bestParseMs(schema, hole.build(megabyte));
        if (ms >= LIMIT_MS) slow.push(`${hole.path || "(value)"} <- ${kind}: ${ms.toFixed(0)} ms`);
      }
    }
    expect(slow).toEqual([]);
  });
});
