import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { type ExportFile, presentResultsCsv, presentResultsMarkdown } from "../../presenters/resultsExportPresenter";
import { sessionResults } from "../../queries/sessionResults";
import { exportParams } from "./schema";

/**
 * Results exports (issue #8 section 4), for members of the session (`sessionPolicy.view`):
 * `GET /api/sessions/{id}/export.md` (text/markdown, file session-results-{id}.md, spec part 2
 * section 9) and `GET /api/sessions/{id}/export.csv` (text/csv). Every story appears, pending
 * ones with empty points; votes only once revealed.
 * Errors: 400 VALIDATION_ERROR for an id that is not a UUID; 401 without an identity; 403 for
 * someone who is not a member; 404 for an unknown session.
 */
export const exportRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const formats = { md: presentResultsMarkdown, csv: presentResultsCsv } as const;

  for (const [format, present] of Object.entries(formats)) {
    app.get(`/api/sessions/:id/export.${format}`, { schema: { params: exportParams } }, async (request, reply) => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      sessionPolicy.view(access);
      const file: ExportFile = present(await sessionResults(ctx, access));
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", file.disposition)
        .header("cache-control", "no-store")
        .send(file.body);
    });
  }
};
