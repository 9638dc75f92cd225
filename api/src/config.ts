import path from "node:path";
import { z } from "zod";

const DEV_SECRET = "pointwise-development-secret-change-me-in-production";

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
    /** Login attempts allowed per account (e-mail) in 15 minutes. */
    AUTH_RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(10),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET is required in production" });
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
  authRateLimitAccount: number;
  logLevel: string;
}

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
    logLevel: e.LOG_LEVEL,
  };
}
