import { authorizeJWT, type CloudAdapter } from "@microsoft/agents-hosting";
import { createAgentLogic } from "@pointwise/bot/agentLogic";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { botAuthConfig, webResponse } from "../../integrations/teams/botAdapter";
import { createTeamsPokerPort } from "../../integrations/teams/teamsPokerPort";
import { activityBody } from "./schema";

/**
 * `POST /api/messages`: the Bot Framework activity endpoint (CloudAdapter). The body is
 * validated first (`activityBody`: 400 VALIDATION_ERROR); the SDK's JWT middleware verifies
 * the Bot Connector's token when BOT_ID is configured.
 */
export const botRoutes =
  (ctx: AppContext, adapter: CloudAdapter, cardPosted: (sessionId: string) => void) => async (app: FastifyInstance) => {
    const authorize = authorizeJWT(botAuthConfig(ctx.config));
    const logic = createAgentLogic(createTeamsPokerPort(ctx, cardPosted));
    adapter.onTurnError = async (_context, err) => {
      app.log.error({ err }, "bot turn failed");
    };

    app.post(
      "/api/messages",
      { schema: { body: activityBody, hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const req = { body: request.body as Record<string, unknown>, headers: request.headers, method: request.method };
        const res = webResponse(reply);
        let authorized = false;
        await authorize(req, res, () => {
          authorized = true;
        });
        if (authorized) await adapter.process(req, res, logic);
        const body = res.body;
        if (body === undefined) return reply.send();
        return reply.type("application/json").send(typeof body === "string" ? body : JSON.stringify(body));
      },
    );
  };
