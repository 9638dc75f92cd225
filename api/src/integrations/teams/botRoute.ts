import type { ConversationReference } from "@microsoft/agents-activity";
import {
  type AuthConfiguration,
  authorizeJWT,
  type CloudAdapter,
  getAuthConfigWithDefaults,
} from "@microsoft/agents-hosting";
import { createAgentLogic } from "@pointwise/bot/agentLogic";
import { containsNul, noNulMessage, wellFormedDeep } from "@pointwise/core/text";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import { validationError } from "../../errors";
import { createTeamsPokerPort } from "./teamsPokerPort";

/**
 * The bot's authentication (Microsoft 365 Agents SDK settings) from the toolkit's names:
 * BOT_ID with BOT_PASSWORD (client secret) or a user-assigned managed identity, BOT_TENANT_ID.
 * Without BOT_ID (local development) inbound auth is off and replies go out unauthenticated.
 */
export function botAuthConfig(config: Config): AuthConfiguration {
  const { bot } = config;
  if (!bot.appId) return {};
  return getAuthConfigWithDefaults({
    clientId: bot.appId,
    ...(bot.type === "UserAssignedMsi"
      ? { authType: "UserManagedIdentity" }
      : { clientSecret: bot.password, authType: "ClientSecret" }),
    ...(bot.tenantId && bot.type !== "MultiTenant" ? { tenantId: bot.tenantId } : {}),
  });
}

/** A stored conversation reference, typed for `CloudAdapter.continueConversation`. */
export const referenceOf = (stored: Record<string, unknown>): ConversationReference =>
  stored as unknown as ConversationReference;

/** Who proactive posts are sent as: the bot's app id, or anonymous in local development. */
export const proactiveIdentity = (config: Config): string | { name: string } =>
  config.bot.appId ?? { name: "anonymous" };

/** The SDK's framework-neutral response surface over a Fastify reply. */
function webResponse(reply: FastifyReply) {
  let body: unknown;
  const res = {
    headersSent: false,
    writableEnded: false,
    status(code: number) {
      reply.code(code);
      return res;
    },
    setHeader(name: string, value: string) {
      reply.header(name, value);
      return res;
    },
    send(payload?: unknown) {
      body = payload;
      return res;
    },
    end() {
      res.headersSent = true;
      res.writableEnded = true;
      return res;
    },
    /** What the SDK wanted to send, once it called end(). */
    get body() {
      return body;
    },
  };
  return res;
}

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
