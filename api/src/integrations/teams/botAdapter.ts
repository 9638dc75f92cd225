import type { ConversationReference } from "@microsoft/agents-activity";
import type { AuthConfiguration, CloudAdapter } from "@microsoft/agents-hosting";
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import type { Config } from "../../config";

/** The Microsoft 365 Agents SDK's hosting module. */
export type AgentsSdk = typeof import("@microsoft/agents-hosting");

let sdk: AgentsSdk | undefined;

/**
 * The Agents SDK's hosting module, loaded on first use (issue #10: 15 MB resident and 0.4 s of
 * every start, for a bot most servers never hear from): `require` here, `import type` elsewhere.
 */
export function agentsSdk(): AgentsSdk {
  sdk ??= require("@microsoft/agents-hosting") as AgentsSdk;
  return sdk;
}

/** The Microsoft 365 Agents SDK's activity module (Activity, ActivityTypes, activityZodSchema). */
export type AgentsActivity = typeof import("@microsoft/agents-activity");

let activitySdk: AgentsActivity | undefined;

/**
 * The Agents SDK's activity module, loaded on first use like `agentsSdk` (issue #10: 33 modules
 * and ~2 MB of heap at every start, needed only when a card is posted or an activity arrives).
 */
export function agentsActivity(): AgentsActivity {
  activitySdk ??= require("@microsoft/agents-activity") as AgentsActivity;
  return activitySdk;
}

/** Hands out the bot's one CloudAdapter, made on the first call (when the SDK is loaded). */
export type AdapterSource = () => CloudAdapter;

/**
 * An `AdapterSource` for `config` (authentication from `botAuthConfig`); a failed turn, inbound
 * or proactive, is logged on `log` as "bot turn failed".
 */
export function lazyCloudAdapter(config: Config, log: FastifyBaseLogger): AdapterSource {
  let adapter: CloudAdapter | undefined;
  return () => {
    if (!adapter) {
      adapter = new (agentsSdk().CloudAdapter)(botAuthConfig(config));
      adapter.onTurnError = async (_context, err) => {
        log.error({ err }, "bot turn failed");
      };
    }
    return adapter;
  };
}

/**
 * The bot's authentication (Microsoft 365 Agents SDK settings) from the toolkit's names:
 * BOT_ID with BOT_PASSWORD (client secret) or a user-assigned managed identity, BOT_TENANT_ID.
 * Without BOT_ID (local development) inbound auth is off and replies go out unauthenticated.
 */
export function botAuthConfig(config: Config): AuthConfiguration {
  const { bot } = config;
  if (!bot.appId) return {};
  return agentsSdk().getAuthConfigWithDefaults({
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
