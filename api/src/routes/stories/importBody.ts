import type { FastifyInstance } from "fastify";

/**
 * Most bytes of a backlog import's CSV body (issue #23 section 4): 5 MB. Every other route keeps
 * the server's 1 MB (app.ts `bodyLimit`); a bigger CSV answers 413.
 */
export const IMPORT_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * Registers the CSV body parser (`text/csv` and `text/plain`, read as one string of at most
 * IMPORT_BODY_LIMIT_BYTES) on `scope`, the encapsulated context of the import route alone:
 * elsewhere those types answer 415 (issue #23 section 4: the parser was registered for every
 * route, with 20 MB). The import route also sets `config: { caller: "user" }` (auth/callerGate),
 * so an anonymous caller is refused before any of its body is read.
 */
export function registerImportBodyParser(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    ["text/csv", "text/plain"],
    { parseAs: "string", bodyLimit: IMPORT_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
}
