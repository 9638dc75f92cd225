import { authorizeJWT, type CloudAdapter } from "@microsoft/agents-hosting";
import { createAgentLogic } from "@pointwise/bot/agentLogic";
import { containsNul, noNulMessage, wellFormedDeep } from "@pointwise/core/text";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { validationError } from "../../errors";
import { botAuthConfig, webResponse } from "../../integrations/teams/botAdapter";
import { createTeamsPokerPort } from "../../integrations/teams/teamsPokerPort";

/**
 * `POST /api/messages`: the Bot Framework activity endpoint (CloudAdapter). The SDK's JWT
 * middleware verifies the Bot Connector's token when BOT_ID is configured.
 */
export const botRoutes =
  (ctx: AppContext, adapter: CloudAdapter, cardPosted: (sessionId: string) => void) => async (app: FastifyInstance) => {
    const authorize = authorizeJWT(botAuthConfig(ctx.config));
    const logic = createAgentLogic(createTeamsPokerPort(ctx, cardPosted));
    adapter.onTurnError = async (_context, err) => {
      app.log.error({ err }, "bot turn failed");
    };

    app.post("/api/messages", async (request: FastifyRequest, reply: FastifyReply) => {
      // PostgreSQL stores names, texts and the conversation reference: refuse NUL, mend lone
      // surrogates (core/text, issue #6 part 3), as for every body of ours.
      const activity = request.body;
      if (!activity || typeof activity !== "object" || Array.isArray(activity)) {
        throw validationError({ activity: ["Invalid activity"] }, "An activity is a JSON object");
      }
      if (containsNul(request.body)) throw validationError({ activity: [noNulMessage("Activity")] });
      const body = wellFormedDeep(request.body as Record<string, unknown>);
      const req = { body, headers: request.headers, method: request.method };
      const res = webResponse(reply);
      let authorized = false;
      await authorize(req, res, () => {
        authorized = true;
      });
      if (authorized) {
        try {
          await adapter.process(req, res, logic);
        } catch (err) {
          // The SDK validates the activity with its own zod (v3): a malformed one is the sender's fault.
          if (err instanceof Error && err.name === "ZodError") {
            throw validationError({ activity: ["Invalid activity"] }, `Invalid activity: ${err.message}`);
          }
          throw err;
        }
      }
      const answer = res.body;
      if (answer === undefined) return reply.send();
      return reply.type("application/json").send(typeof answer === "string" ? answer : JSON.stringify(answer));
    });
  };
