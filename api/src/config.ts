import { isIP } from "node:net";
import path from "node:path";
import { PRESENCE_GRACE_SECONDS } from "@pointwise/core/voters";
import { z } from "zod";
import { loadOAuthConfig, type OAuthConfig } from "./auth/oauth/providerConfig";

/** The model PointBot asks when OPENAI_MODEL is not set: cheap, fast, supports structured outputs. */
export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

const DEV_SECRET = "pointwise-development-secret-change-me-in-production";

/**
 * Fastify's `trustProxy`: false trusts no proxy (request.ip is the socket's peer), a number
 * trusts that many hops from the server (X-Forwarded-For read from the right), a list trusts
 * those proxy addresses or CIDRs. Issue #7: trusting any X-Forwarded-For let one client
 * appear as any number of IPs to the login limits.
 */
export type TrustProxy = boolean | number | string[];

/** An IPv4/IPv6 address, optionally with a /prefix, or a proxy-addr name (loopback, linklocal, uniquelocal). */
function isProxyAddress(value: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(value)) return true;
  const [address = "", prefix, ...rest] = value.split("/");
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d+$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (isIP(address) === 4 ? 32 : 128);
}

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3978),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default("./.data"),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    PUBLIC_URL: z.string().url().optional(),
    /** Login/register attempts allowed per IP in 15 minutes. */
    AUTH_RATE_LIMIT_IP: z.coerce.number().int().positive().default(300),
    /** Failed logins per account (e-mail) and client IP before the progressive delay starts. */
    AUTH_RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(5),
    /** Which proxies' X-Forwarded-For to believe: false (default), true, a hop count, or addresses/CIDRs. */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .transform((value, ctx): TrustProxy => {
        if (value === "" || value === "false") return false;
        if (value === "true") return true;
        if (/^\d+$/.test(value)) return Number(value);
        const list = value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean);
        const bad = list.filter((part) => !isProxyAddress(part));
        if (bad.length > 0) {
          ctx.addIssue({ code: "custom", message: `not a hop count, true/false or address/CIDR: ${bad.join(", ")}` });
          return z.NEVER;
        }
        return list;
      }),
    /** WebSocket limits (issue #7, "WebSocket flood"): sockets per IP address, per participant of a session. */
    WS_MAX_SOCKETS_PER_IP: z.coerce.number().int().positive().default(50),
    WS_MAX_SOCKETS_PER_VOTER: z.coerce.number().int().positive().default(5),
    /** Frames a socket may send: sustained per second, and at once (token bucket). */
    WS_FRAMES_PER_SECOND: z.coerce.number().positive().default(20),
    WS_FRAME_BURST: z.coerce.number().int().positive().default(50),
    /** Votes per voter, all their sockets, REST calls and Teams cards together: sustained per second, and at once. */
    VOTE_RATE_PER_SECOND: z.coerce.number().positive().default(5),
    VOTE_BURST: z.coerce.number().int().positive().default(10),
    /**
     * Slow and idle clients (issue #23 section 5), in milliseconds: the request head, the whole
     * request, an idle keep-alive connection between requests, a connection with no bytes either way.
     */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(72_000),
    HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
    /** TCP connections open at once from one address (requests in progress through a trusted proxy). */
    HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(256),
    /** Seconds a disconnected participant still counts as present (issue #8 section 1; tests shorten it). */
    PRESENCE_GRACE_SECONDS: z.coerce.number().positive().max(3600).default(PRESENCE_GRACE_SECONDS),
    /** Most stories one session holds (issue #23 section 2: 15,000 stories stalled the server). */
    MAX_STORIES_PER_SESSION: z.coerce.number().int().positive().default(2000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** The built web app the server serves (`npm run build -w tab` writes tab/dist). */
    TAB_DIST_DIR: z.string().optional(),
    /** Entra ID app of the tab (Teams SSO), as the Microsoft 365 Agents Toolkit names it. */
    AAD_APP_CLIENT_ID: z.string().optional(),
    AAD_APP_CLIENT_SECRET: z.string().optional(),
    AAD_APP_TENANT_ID: z.string().optional(),
    AAD_APP_OAUTH_AUTHORITY_HOST: z.string().url().default("https://login.microsoftonline.com"),
    /** Comma-separated tenant ids allowed to sign in with Teams SSO; empty: any tenant. */
    ALLOWED_TENANT_IDS: z.string().default(""),
    /** Where the Entra ID signing keys are read (tests point it at a local key set). */
    ENTRA_JWKS_URL: z.string().url().optional(),
    /** Bot registration (toolkit names): app id, secret or managed identity, tenant. */
    BOT_ID: z.string().optional(),
    BOT_PASSWORD: z.string().optional(),
    BOT_TENANT_ID: z.string().optional(),
    BOT_TYPE: z.enum(["MultiTenant", "SingleTenant", "UserAssignedMsi"]).default("MultiTenant"),
    /** PointBot (issue #9 section 1): set the key to use an OpenAI-compatible model; empty means the local engine. */
    OPENAI_API_KEY: z.string().trim().optional(),
    /** Any OpenAI-compatible endpoint (Azure OpenAI `https://<resource>.openai.azure.com/openai/v1`, a local server). */
    OPENAI_BASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    OPENAI_MODEL: z.string().trim().min(1).default(DEFAULT_OPENAI_MODEL),
    /** Milliseconds before a model call is abandoned (then retried once). */
    OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
    /** Most output tokens per model call. */
    OPENAI_MAX_TOKENS: z.coerce.number().int().positive().default(2_000),
    /** AI calls per minute per user or guest participant, both engines. */
    AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Team invitation e-mails (issue #11 section 1): `smtp://user:pass@host:587` or `smtps://...`; empty: no e-mail. */
    SMTP_URL: z
      .string()
      .trim()
      .url()
      .refine((v) => /^smtps?:\/\//.test(v), "SMTP_URL must start with smtp:// or smtps://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** The From address of those e-mails. */
    SMTP_FROM: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || "Pointwise <no-reply@pointwise.local>"),
    /** The From address of every e-mail (issue #13 names it); SMTP_FROM when unset or empty. */
    MAIL_FROM: z.string().trim().optional(),
    /** Seconds a password reset link stays valid (issue #13 section 3). */
    RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
    /** Forgot-password requests per client IP, and per e-mail address, in an hour. */
    FORGOT_PASSWORD_RATE_LIMIT_IP: z.coerce.number().int().positive().default(20),
    FORGOT_PASSWORD_RATE_LIMIT_EMAIL: z.coerce.number().int().positive().default(5),
    /** Team invitations one user may send per hour (anyone can make a team: no spam relay). */
    TEAM_INVITE_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(50),
    /** Billing (issue #11 section 3): without the key, plans switch directly (self-hosted mode). */
    STRIPE_SECRET_KEY: z.string().trim().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
    /** Recurring monthly prices (`price_...`) of the basic and pro plans. */
    STRIPE_PRICE_BASIC: z.string().trim().optional(),
    STRIPE_PRICE_PRO: z.string().trim().optional(),
    /** Where the Stripe SDK sends its calls; tests point it at a local server. */
    STRIPE_API_BASE: z.string().url().default("https://api.stripe.com"),
    /**
     * The key saved integration tokens are encrypted under (issue #12 section 4): 32 random
     * bytes, base64. Required in production; a fixed development key otherwise.
     */
    INTEGRATIONS_KEY: z
      .string()
      .trim()
      .refine(isIntegrationsKey, "INTEGRATIONS_KEY must be 32 random bytes in base64")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Older INTEGRATIONS_KEY values, comma-separated, still accepted for decryption (key rotation). */
    INTEGRATIONS_KEY_PREVIOUS: z
      .string()
      .trim()
      .default("")
      .refine(
        (v) =>
          v
            .split(",")
            .map((k) => k.trim())
            .filter(Boolean)
            .every(isIntegrationsKey),
        "INTEGRATIONS_KEY_PREVIOUS must be comma-separated 32-byte base64 keys",
      ),
    /** `true` lets the Jira client call private, loopback and link-local addresses in production (Jira Data Center on a private network). */
    JIRA_ALLOW_PRIVATE_HOSTS: z.enum(["true", "false", ""]).default("false"),
    /**
     * Most milliseconds one request waits, in all, for a tracker's Retry-After (issue #23 section
     * 6); beyond it the request answers 503 with Retry-After.
     */
    TRACKER_RATE_LIMIT_MAX_WAIT_MS: z.coerce.number().int().nonnegative().max(60_000).default(10_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET is required in production" });
    }
    if (env.NODE_ENV === "production" && !env.INTEGRATIONS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["INTEGRATIONS_KEY"],
        message: "INTEGRATIONS_KEY is required in production (32 random bytes, base64)",
      });
    }
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["HTTP_HEADERS_TIMEOUT_MS"],
        message: "HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (the head is part of the request)",
      });
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const name of ["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_BASIC", "STRIPE_PRICE_PRO"] as const) {
        if (!env[name])
          ctx.addIssue({ code: "custom", path: [name], message: `${name} is required with STRIPE_SECRET_KEY` });
      }
    }
  });

/** Parsed configuration: see README "Configuration". */
export interface Config {
  nodeEnv: "development" | "test" | "production";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  publicUrl: string | undefined;
  authRateLimitIp: number;
  /** Failed logins per (account, client IP) before each further attempt waits 1 s, 2 s, 4 s ... 30 s. */
  authRateLimitAccount: number;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); false unless configured. */
  trustProxy: TrustProxy;
  /** WebSocket limits per process (README "Configuration"; issue #7, "WebSocket flood"). */
  ws: {
    /** Open sockets per client IP address (`request.ip`); more are closed with 1008. */
    maxSocketsPerIp: number;
    /** Sockets joined to one session as one participant (voterKey); more are refused and closed with 1008. */
    maxSocketsPerVoter: number;
    /** Frames per second a socket may sustain, and its burst (realtime/frameRateLimit). */
    framesPerSecond: number;
    frameBurst: number;
  };
  /**
   * Votes per voter in this process (VOTE_RATE_PER_SECOND, VOTE_BURST; policies/voteRateLimiter,
   * issue #23 section 7): sustained per second, and the burst; beyond it 429 RATE_LIMITED.
   */
  votes: { perSecond: number; burst: number };
  /** HTTP server limits against slow and idle clients (issue #23 section 5; README "Configuration"). */
  http: {
    /** Until the request head (request line and headers) is in; then 408 and the connection closes. */
    headersTimeoutMs: number;
    /** Until the whole request (head and body) is in; then 408 and the connection closes. */
    requestTimeoutMs: number;
    /** An idle keep-alive connection between two requests is closed after this. */
    keepAliveTimeoutMs: number;
    /** A connection with no bytes in either direction (a client that stops reading) is destroyed after this. */
    idleTimeoutMs: number;
    /** Open TCP connections per peer address (not for trusted proxies), and requests in progress per client address. */
    maxConnectionsPerIp: number;
  };
  /** Seconds a disconnected participant still counts as present (core PRESENCE_GRACE_SECONDS by default). */
  presenceGraceSeconds: number;
  /**
   * Most stories one session holds (MAX_STORIES_PER_SESSION, default 2,000; issue #23 section 2):
   * adding a story or importing beyond it is refused whole (400 VALIDATION_ERROR naming it).
   */
  maxStoriesPerSession: number;
  logLevel: string;
  /** Absolute path of the built web app (TAB_DIST_DIR, default tab/dist of this checkout). */
  tabDistDir: string;
  sso: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    tenantId: string | undefined;
    authorityHost: string;
    allowedTenants: string[];
    jwksUrl: string;
  };
  bot: {
    appId: string | undefined;
    password: string | undefined;
    tenantId: string | undefined;
    type: "MultiTenant" | "SingleTenant" | "UserAssignedMsi";
  };
  /** PointBot's engine settings (issue #9 section 1; README "Configuration"). */
  ai: {
    /** OpenAI-compatible engine when set, else the local engine. */
    openaiApiKey: string | undefined;
    openaiBaseUrl: string | undefined;
    openaiModel: string;
    /** Per call, in milliseconds (default 20000); one retry after a timeout or a 5xx. */
    timeoutMs: number;
    /** Output token cap per call. */
    maxTokens: number;
    /** AI route calls per minute per user or guest participant (default 30). */
    rateLimitPerMinute: number;
  };
  /** Outgoing e-mail (issue #11 section 1; README "Configuration"). */
  mail: {
    /** SMTP server URL; undefined sends no e-mail (the inviter still gets the link). */
    smtpUrl: string | undefined;
    /** The From address of every e-mail: MAIL_FROM, else SMTP_FROM. */
    from: string;
    /** POST /api/teams/{id}/invite calls per user per hour; then 429 RATE_LIMITED. */
    invitesPerHour: number;
  };
  /** Password reset (issue #13 section 2; README "Configuration"). */
  passwordReset: {
    /** How long a link is valid, in seconds (default 3600). */
    tokenTtlSeconds: number;
    /** POST /api/auth/forgot-password calls per client IP per hour; then 429 RATE_LIMITED. */
    perIpPerHour: number;
    /** The same per e-mail address (known or not, so the limit tells nothing about accounts). */
    perEmailPerHour: number;
  };
  /** Stripe billing (README "Configuration"); null in self-hosted mode (no STRIPE_SECRET_KEY). */
  stripe: StripeConfig | null;
  /** Outside-service connections (issue #12; README "Configuration"). */
  integrations: {
    /** INTEGRATIONS_KEY decoded (32 bytes), or the development key outside production. */
    key: Buffer;
    /** INTEGRATIONS_KEY_PREVIOUS decoded: keys that still decrypt. */
    previousKeys: Buffer[];
    /** JIRA_ALLOW_PRIVATE_HOSTS=true. */
    allowPrivateHosts: boolean;
    /**
     * TRACKER_RATE_LIMIT_MAX_WAIT_MS (10,000): the Retry-After waits one request may spend on a
     * tracker's rate limit, over all its calls (integrations/trackers/trackerRateLimit).
     */
    rateLimitMaxWaitMs: number;
  };
  /** Sign-in providers (issue #13 section 1): the AUTH_<PROVIDER>_... variables. */
  oauth: OAuthConfig;
}

/** True for a base64 text of exactly 32 bytes (an AES-256 key). */
function isIntegrationsKey(value: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, "base64").length === 32;
}

/**
 * The key used outside production when INTEGRATIONS_KEY is unset: fixed, so a development
 * database keeps working across restarts; never accepted in production (the schema requires the variable).
 */
const DEV_INTEGRATIONS_KEY = Buffer.from("pointwise-development-integrations", "utf8").subarray(0, 32);

/** Stripe settings: the key, the webhook signing secret, the two monthly prices and the API address. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: { basic: string; pro: string };
  /** STRIPE_API_BASE split into the SDK's options (protocol without the colon, port as a number). */
  api: { protocol: "http" | "https"; host: string; port: number };
}

/** The SDK's host, port and protocol for a base URL such as `http://127.0.0.1:12111`. */
function stripeApiOf(base: string): StripeConfig["api"] {
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { protocol, host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443 };
}

/**
 * Settings a production deployment must provide (infra/bicep wires each into the App Service;
 * a test checks it). PORT is set by App Service itself.
 */
export const PRODUCTION_SETTINGS = [
  "NODE_ENV",
  "TRUST_PROXY",
  "DATABASE_URL",
  "SESSION_SECRET",
  "PUBLIC_URL",
  "AAD_APP_CLIENT_ID",
  "AAD_APP_CLIENT_SECRET",
  "AAD_APP_TENANT_ID",
  "ALLOWED_TENANT_IDS",
  "BOT_ID",
  "BOT_TENANT_ID",
  "BOT_TYPE",
  "INTEGRATIONS_KEY",
] as const;

/**
 * Reads the configuration from environment variables, once, with zod.
 * @throws Error naming every bad variable (e.g. a missing SESSION_SECRET in production).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR.startsWith("memory://") ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    sessionSecret: e.SESSION_SECRET ?? DEV_SECRET,
    publicUrl: e.PUBLIC_URL,
    authRateLimitIp: e.AUTH_RATE_LIMIT_IP,
    authRateLimitAccount: e.AUTH_RATE_LIMIT_ACCOUNT,
    trustProxy: e.TRUST_PROXY,
    ws: {
      maxSocketsPerIp: e.WS_MAX_SOCKETS_PER_IP,
      maxSocketsPerVoter: e.WS_MAX_SOCKETS_PER_VOTER,
      framesPerSecond: e.WS_FRAMES_PER_SECOND,
      frameBurst: e.WS_FRAME_BURST,
    },
    votes: { perSecond: e.VOTE_RATE_PER_SECOND, burst: e.VOTE_BURST },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      maxConnectionsPerIp: e.HTTP_MAX_CONNECTIONS_PER_IP,
    },
    presenceGraceSeconds: e.PRESENCE_GRACE_SECONDS,
    maxStoriesPerSession: e.MAX_STORIES_PER_SESSION,
    logLevel: e.LOG_LEVEL,
    // api/src or api/dist -> ../../tab/dist
    tabDistDir: path.resolve(e.TAB_DIST_DIR ?? path.join(__dirname, "../../tab/dist")),
    sso: {
      clientId: e.AAD_APP_CLIENT_ID,
      clientSecret: e.AAD_APP_CLIENT_SECRET,
      tenantId: e.AAD_APP_TENANT_ID,
      authorityHost: e.AAD_APP_OAUTH_AUTHORITY_HOST,
      allowedTenants: e.ALLOWED_TENANT_IDS.split(",")
        .map((t) => t.trim())
        .filter(Boolean),
      jwksUrl: e.ENTRA_JWKS_URL ?? `${e.AAD_APP_OAUTH_AUTHORITY_HOST}/common/discovery/v2.0/keys`,
    },
    bot: { appId: e.BOT_ID, password: e.BOT_PASSWORD, tenantId: e.BOT_TENANT_ID, type: e.BOT_TYPE },
    ai: {
      openaiApiKey: e.OPENAI_API_KEY || undefined,
      openaiBaseUrl: e.OPENAI_BASE_URL,
      openaiModel: e.OPENAI_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      maxTokens: e.OPENAI_MAX_TOKENS,
      rateLimitPerMinute: e.AI_RATE_LIMIT_PER_MINUTE,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM || e.SMTP_FROM,
      invitesPerHour: e.TEAM_INVITE_RATE_LIMIT_PER_HOUR,
    },
    passwordReset: {
      tokenTtlSeconds: e.RESET_TOKEN_TTL_SECONDS,
      perIpPerHour: e.FORGOT_PASSWORD_RATE_LIMIT_IP,
      perEmailPerHour: e.FORGOT_PASSWORD_RATE_LIMIT_EMAIL,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? "",
          prices: { basic: e.STRIPE_PRICE_BASIC ?? "", pro: e.STRIPE_PRICE_PRO ?? "" },
          api: stripeApiOf(e.STRIPE_API_BASE),
        }
      : null,
    integrations: {
      key: e.INTEGRATIONS_KEY ? Buffer.from(e.INTEGRATIONS_KEY, "base64") : DEV_INTEGRATIONS_KEY,
      previousKeys: e.INTEGRATIONS_KEY_PREVIOUS.split(",")
        .map((k) => k.trim())
        .filter(Boolean)
        .map((k) => Buffer.from(k, "base64")),
      allowPrivateHosts: e.JIRA_ALLOW_PRIVATE_HOSTS === "true",
      rateLimitMaxWaitMs: e.TRACKER_RATE_LIMIT_MAX_WAIT_MS,
    },
    oauth: loadOAuthConfig(env),
  };
}
