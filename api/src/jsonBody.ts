import type { FastifyInstance } from "fastify";
import { AppError } from "./errors";

/**
 * Deepest nesting of arrays and objects a JSON body may have (issue #7): far beyond any body of
 * ours or any Bot Framework activity (about 6), far below what a recursive walk of the value
 * survives (a megabyte of `[` is 500,000 levels: a stack overflow, a 500).
 */
export const MAX_JSON_DEPTH = 64;

/** True when `value` nests arrays or objects deeper than `max` levels; iterative, linear in the value's size. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Replaces Fastify's `application/json` parser by the same parser (prototype poisoning is an
 * error, as by default) followed by the depth check: a body nested deeper than
 * MAX_JSON_DEPTH is 400 VALIDATION_ERROR before any route walks it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    parse(request, body as string, (err, value) => {
      if (err) return done(err, undefined);
      if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
        return done(
          new AppError(400, "VALIDATION_ERROR", `JSON nested deeper than ${MAX_JSON_DEPTH} levels`),
          undefined,
        );
      }
      done(null, value);
    });
  });
}
