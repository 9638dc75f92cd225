import type { ConversationReference } from "@microsoft/agents-activity";
import { type AuthConfiguration, getAuthConfigWithDefaults } from "@microsoft/agents-hosting";
import type { FastifyReply } from "fastify";
import type { Config } from "../../config";

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
export function webResponse(reply: FastifyReply) {
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
