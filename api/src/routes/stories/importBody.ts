import type { FastifyInstance } from "fastify";
import { MAX_IMPORT_BYTES } from "../../commands/backlogParser";

/**
 * Most bytes of a backlog import's CSV body (issue #23 sections 2 and 4): 5 MB, the import's own
 * limit (commands/backlogParser). Every other route keeps the server's 1 MB (app.ts `bodyLimit`);
 * a bigger CSV answers 413.
 */
export const IMPORT_BODY_LIMIT_BYTES = MAX_IMPORT_BYTES;

/**
 * Registers the CSV body parser (`text/csv` and `text/plain`, read as the bytes of at most
 * IMPORT_BODY_LIMIT_BYTES) on `scope`, the encapsulated context of the import route alone:
 * elsewhere those types answer 415 (issue #23 section 4: the parser was registered for every
 * route, with 20 MB). The import route also sets `config: { caller: "user" }` (auth/callerGate),
 * so an anonymous caller is refused before any of its body is read. Bytes, not a string: csv-parse
 * reads bytes, and decoding 5 MB to a string first held the event loop 25-30 ms in one piece
 * (issue #23 section 2).
 */
export function registerImportBodyParser(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    ["text/csv", "text/plain"],
    { parseAs: "buffer", bodyLimit: IMPORT_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
}
