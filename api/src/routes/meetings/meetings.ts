import { createSessionSchema } from "@pointwise/core/sessionSchemas";
import { conversationIdSchema, tenantIdSchema } from "@pointwise/core/teamsSchemas";
import { text } from "@pointwise/core/text";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/currentUser";
import { bindConversation } from "../../commands/conversationBinder";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { findConversation } from "../../queries/conversations";

const params = z.object({ conversationId: conversationIdSchema });
const bindBody = z.union([
  z.object({ sessionId: text("Session").min(1), tenantId: tenantIdSchema.optional() }),
  z.object({ title: createSessionSchema.shape.title, tenantId: tenantIdSchema.optional() }),
]);

/**
 * The session bound to a Teams conversation (a meeting's chat, a channel, a chat), for the
 * meeting side panel, stage and configurable tabs (issue #3 section 1).
 */
export const meetingRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // Anyone in the meeting may learn which session it runs (guests join it by name); the
  // session's data itself stays behind membership.
  app.get("/api/meetings/:conversationId/session", { schema: { params } }, async (request) => {
    const row = await findConversation(ctx, request.params.conversationId);
    if (!row?.sessionId) throw notFound("No session is bound to this meeting yet");
    return { sessionId: row.sessionId };
  });

  app.put("/api/meetings/:conversationId/session", { schema: { params, body: bindBody } }, async (request) => {
    const user = await requireUser(ctx.db, request);
    const body = request.body;
    const choice =
      "sessionId" in body
        ? { sessionId: body.sessionId }
        : { create: createSessionSchema.parse({ title: body.title }) };
    return bindConversation(ctx, user, request.params.conversationId, choice, body.tenantId ?? null);
  });
};
