import type { CloudAdapter } from "@microsoft/agents-hosting";
import { containsNul, noNulMessage, wellFormedDeep } from "@pointwise/core/text";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ANY_CALLER } from "../../auth/callerGate";
import type { AppContext } from "../../context";
import { validationError } from "../../errors";
import { type AdapterSource, agentsSdk, botAuthConfig, webResponse } from "../../integrations/teams/botAdapter";
import { createTeamsPokerPort } from "../../integrations/teams/teamsPokerPort";
import { activityBody } from "./schema";

type AgentsSdkAuthorize = typeof import("@microsoft/agents-hosting").authorizeJWT;
type AgentLogic = ReturnType<typeof import("@pointwise/bot/agentLogic").createAgentLogic>;

/**
 * `POST /api/messages`: the Bot Framework activity endpoint (CloudAdapter). The body is
 * validated first (`activityBody`: 400 VALIDATION_ERROR); the SDK's JWT middleware verifies
 * the Bot Connector's token when BOT_ID is configured. The SDK is loaded by the first activity.
 */
export const botRoutes =
  (ctx: AppContext, adapterOf: AdapterSource, cardPosted: (sessionId: string) => void) =>
  async (app: FastifyInstance) => {
    let sdk: { authorize: ReturnType<AgentsSdkAuthorize>; adapter: CloudAdapter; logic: AgentLogic } | undefined;
    const loaded = () => {
      if (!sdk) {
        const adapter = adapterOf();
        // The bot's logic builds cards with the SDK too, so it is loaded here as well.
        const { createAgentLogic } = require("@pointwise/bot/agentLogic") as typeof import("@pointwise/bot/agentLogic");
        const logic = createAgentLogic(createTeamsPokerPort(ctx, cardPosted));
        sdk = { authorize: agentsSdk().authorizeJWT(botAuthConfig(ctx.config)), adapter, logic };
      }
      return sdk;
    };

    app.post(
      "/api/messages",
      { config: ANY_CALLER, schema: { body: activityBody, hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        // PostgreSQL stores names, texts and the conversation reference: refuse NUL, mend lone
        // surrogates (core/text, issue #6 part 3), as for every body of ours.
        if (containsNul(request.body)) throw validationError({ activity: [noNulMessage("Activity")] });
        const body = wellFormedDeep(request.body as Record<string, unknown>);
        const req = { body, headers: request.headers, method: request.method };
        const res = webResponse(reply);
        const { authorize, adapter, logic } = loaded();
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
      },
    );
  };
