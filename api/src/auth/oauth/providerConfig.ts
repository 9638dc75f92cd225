import { z } from "zod";

/** Sign-in providers of issue #13, in the order the login page shows their buttons. */
export const PROVIDER_NAMES = ["google", "microsoft", "github", "twitter", "bluesky"] as const;
/** One of the sign-in providers (the `{provider}` of /api/auth/{provider}). */
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** What people see on buttons and in messages. */
export const PROVIDER_LABELS: Record<ProviderName, string> = {
  google: "Google",
  microsoft: "Microsoft",
  github: "GitHub",
  twitter: "X (Twitter)",
  bluesky: "Bluesky",
};

/** An OpenID Connect provider: endpoints come from discovery at `issuer`. */
export interface OidcProviderSettings {
  kind: "oidc";
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** An OAuth 2.0 provider (GitHub, X): endpoints configured one by one. */
export interface OAuth2ProviderSettings {
  kind: "oauth2";
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

/**
 * Bluesky (AT Protocol OAuth, issue #13): a public client, no secret (its client metadata is
 * served by us). Where a handle or a did:plc is resolved; the rest (PDS, authorization server)
 * comes from the person's DID document.
 */
export interface BlueskyProviderSettings {
  kind: "atproto";
  /**
   * AUTH_BLUESKY_HANDLE_RESOLVER: an XRPC service answering com.atproto.identity.resolveHandle;
   * unset = the library's own resolution (DNS TXT `_atproto.<handle>`, then
   * `https://<handle>/.well-known/atproto-did`), as the AT Protocol handle spec describes.
   */
  handleResolver?: string;
  /** AUTH_BLUESKY_PLC_DIRECTORY_URL: where did:plc documents are read. */
  plcDirectoryUrl: string;
}

/** Settings of the enabled providers (README "Configuration", "Sign-in providers"). */
export interface OAuthConfig {
  google?: OidcProviderSettings;
  microsoft?: OidcProviderSettings;
  github?: OAuth2ProviderSettings;
  twitter?: OAuth2ProviderSettings;
  /** On with AUTH_BLUESKY_ENABLED=true. */
  bluesky?: BlueskyProviderSettings;
}

/** The real issuers and endpoints, used when the AUTH_<PROVIDER>_... variable is not set. */
export const PROVIDER_DEFAULTS = {
  google: { issuer: "https://accounts.google.com" },
  microsoft: { issuer: "https://login.microsoftonline.com/common/v2.0" },
  github: {
    authorizeUrl: "https://github.com/login/oauth/authorize",
    tokenUrl: "https://github.com/login/oauth/access_token",
    userinfoUrl: "https://api.github.com/user",
  },
  twitter: {
    authorizeUrl: "https://x.com/i/oauth2/authorize",
    tokenUrl: "https://api.x.com/2/oauth2/token",
    userinfoUrl: "https://api.x.com/2/users/me",
  },
  bluesky: { plcDirectoryUrl: "https://plc.directory" },
} as const;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);
const optionalUrl = z
  .string()
  .trim()
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));

const envSchema = z.object({
  AUTH_GOOGLE_CLIENT_ID: optionalText,
  AUTH_GOOGLE_CLIENT_SECRET: optionalText,
  AUTH_GOOGLE_ISSUER: optionalUrl,
  AUTH_MICROSOFT_CLIENT_ID: optionalText,
  AUTH_MICROSOFT_CLIENT_SECRET: optionalText,
  AUTH_MICROSOFT_ISSUER: optionalUrl,
  AUTH_GITHUB_CLIENT_ID: optionalText,
  AUTH_GITHUB_CLIENT_SECRET: optionalText,
  AUTH_GITHUB_AUTHORIZE_URL: optionalUrl,
  AUTH_GITHUB_TOKEN_URL: optionalUrl,
  AUTH_GITHUB_USERINFO_URL: optionalUrl,
  AUTH_TWITTER_CLIENT_ID: optionalText,
  AUTH_TWITTER_CLIENT_SECRET: optionalText,
  AUTH_TWITTER_AUTHORIZE_URL: optionalUrl,
  AUTH_TWITTER_TOKEN_URL: optionalUrl,
  AUTH_TWITTER_USERINFO_URL: optionalUrl,
  AUTH_BLUESKY_ENABLED: z
    .string()
    .trim()
    .optional()
    .transform((v) => v === "true"),
  AUTH_BLUESKY_HANDLE_RESOLVER: optionalUrl,
  AUTH_BLUESKY_PLC_DIRECTORY_URL: optionalUrl,
});

/**
 * Reads the AUTH_<PROVIDER>_... variables (issue #13 section 1): a provider is on when both its
 * client id and secret are set (Bluesky: AUTH_BLUESKY_ENABLED=true); endpoints default to the
 * provider's real ones.
 * @throws Error naming a variable that is not a URL where one is expected.
 */
export function loadOAuthConfig(env: NodeJS.ProcessEnv): OAuthConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const oidc = (id?: string, secret?: string, issuer?: string, fallback = ""): OidcProviderSettings | undefined =>
    id && secret ? { kind: "oidc", clientId: id, clientSecret: secret, issuer: issuer ?? fallback } : undefined;
  const oauth2 = (
    id: string | undefined,
    secret: string | undefined,
    urls: { authorizeUrl?: string; tokenUrl?: string; userinfoUrl?: string },
    fallback: { authorizeUrl: string; tokenUrl: string; userinfoUrl: string },
  ): OAuth2ProviderSettings | undefined =>
    id && secret
      ? {
          kind: "oauth2",
          clientId: id,
          clientSecret: secret,
          authorizeUrl: urls.authorizeUrl ?? fallback.authorizeUrl,
          tokenUrl: urls.tokenUrl ?? fallback.tokenUrl,
          userinfoUrl: urls.userinfoUrl ?? fallback.userinfoUrl,
        }
      : undefined;
  return {
    google: oidc(
      e.AUTH_GOOGLE_CLIENT_ID,
      e.AUTH_GOOGLE_CLIENT_SECRET,
      e.AUTH_GOOGLE_ISSUER,
      PROVIDER_DEFAULTS.google.issuer,
    ),
    microsoft: oidc(
      e.AUTH_MICROSOFT_CLIENT_ID,
      e.AUTH_MICROSOFT_CLIENT_SECRET,
      e.AUTH_MICROSOFT_ISSUER,
      PROVIDER_DEFAULTS.microsoft.issuer,
    ),
    github: oauth2(
      e.AUTH_GITHUB_CLIENT_ID,
      e.AUTH_GITHUB_CLIENT_SECRET,
      {
        authorizeUrl: e.AUTH_GITHUB_AUTHORIZE_URL,
        tokenUrl: e.AUTH_GITHUB_TOKEN_URL,
        userinfoUrl: e.AUTH_GITHUB_USERINFO_URL,
      },
      PROVIDER_DEFAULTS.github,
    ),
    twitter: oauth2(
      e.AUTH_TWITTER_CLIENT_ID,
      e.AUTH_TWITTER_CLIENT_SECRET,
      {
        authorizeUrl: e.AUTH_TWITTER_AUTHORIZE_URL,
        tokenUrl: e.AUTH_TWITTER_TOKEN_URL,
        userinfoUrl: e.AUTH_TWITTER_USERINFO_URL,
      },
      PROVIDER_DEFAULTS.twitter,
    ),
    bluesky: e.AUTH_BLUESKY_ENABLED
      ? {
          kind: "atproto",
          handleResolver: e.AUTH_BLUESKY_HANDLE_RESOLVER,
          plcDirectoryUrl: e.AUTH_BLUESKY_PLC_DIRECTORY_URL ?? PROVIDER_DEFAULTS.bluesky.plcDirectoryUrl,
        }
      : undefined,
  };
}

/** The providers whose flow this server can run, in button order. */
export function enabledProviders(config: OAuthConfig): ProviderName[] {
  return PROVIDER_NAMES.filter((name) => config[name] !== undefined);
}
