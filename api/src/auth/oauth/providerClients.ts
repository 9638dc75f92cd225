import type * as Client from "openid-client";
import type { OAuth2ProviderSettings, OAuthConfig, OidcProviderSettings, ProviderName } from "./providerConfig";

/**
 * openid-client, loaded on the first sign-in flow rather than at start (issue #10: the embedded
 * server's idle memory; most deployments enable no provider).
 */
function openidClient(): typeof Client {
  return require("openid-client") as typeof Client;
}

/** What a provider told us about the person, normalised for every provider. */
export interface ProviderProfile {
  /** The provider's stable account id (Microsoft: `tenant:object id`, the same as Teams SSO). */
  subject: string;
  /** Lower-cased e-mail, only when the provider says it is verified; else null (it never links). */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
}

/** The values of one started flow that the callback needs (kept in the server-side session). */
export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  /** OpenID Connect only. */
  nonce?: string;
}

/** Raised when the provider's answer cannot be used (token or user endpoint failed, ID token invalid). */
export class ProviderFailure extends Error {}

/** Scopes asked per provider: sign-in only (name, e-mail, avatar). */
const SCOPES: Record<Exclude<ProviderName, "bluesky">, string> = {
  google: "openid email profile",
  microsoft: "openid email profile",
  github: "read:user user:email",
  twitter: "users.read tweet.read",
};

/** A trimmed non-empty string cut to `max` characters, else null. */
export const text = (value: unknown, max: number): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null;
const httpsOrNull = (value: unknown): string | null => {
  const url = text(value, 500);
  return url && /^https?:\/\//.test(url) ? url : null;
};
const emailOrNull = (value: unknown): string | null => {
  const email = text(value, 256);
  return email && email.length <= 255 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email.toLowerCase() : null;
};
/** First and last name from a display name when the provider gives no parts. */
export const splitName = (name: string | null): [string | null, string | null] => {
  if (!name) return [null, null];
  const [first, ...rest] = name.split(/\s+/);
  return [first?.slice(0, 100) || null, rest.join(" ").slice(0, 100) || null];
};

/** openid-client refuses http:// endpoints unless told: only local test servers use them. */
const insecureIfHttp = (url: string) => (url.startsWith("http://") ? [openidClient().allowInsecureRequests] : []);

/**
 * Runs the authorization code flows with `openid-client` (issue #13 section 1): OpenID Connect
 * with discovery, PKCE (S256), state and nonce for Google and Microsoft; OAuth 2.0 with PKCE and
 * state for GitHub and X, then their user endpoints. One instance per server; discovery results
 * are cached (a failed discovery is retried on the next sign-in).
 */
export class ProviderClients {
  private readonly configs = new Map<ProviderName, Promise<Client.Configuration>>();

  constructor(private readonly settings: OAuthConfig) {}

  private configuration(provider: Exclude<ProviderName, "bluesky">): Promise<Client.Configuration> {
    let config = this.configs.get(provider);
    if (!config) {
      const settings = this.settings[provider];
      if (!settings) throw new ProviderFailure(`${provider} is not enabled`);
      config = settings.kind === "oidc" ? this.discover(settings) : Promise.resolve(this.oauth2(provider, settings));
      config.catch(() => this.configs.delete(provider));
      this.configs.set(provider, config);
    }
    return config;
  }

  private discover(settings: OidcProviderSettings): Promise<Client.Configuration> {
    return openidClient().discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
      execute: insecureIfHttp(settings.issuer),
    });
  }

  private oauth2(provider: ProviderName, settings: OAuth2ProviderSettings): Client.Configuration {
    const server: Client.ServerMetadata = {
      issuer: new URL(settings.authorizeUrl).origin,
      authorization_endpoint: settings.authorizeUrl,
      token_endpoint: settings.tokenUrl,
    };
    // X wants the confidential client's secret in the Authorization header; GitHub takes either.
    const auth =
      provider === "twitter"
        ? openidClient().ClientSecretBasic(settings.clientSecret)
        : openidClient().ClientSecretPost(settings.clientSecret);
    const config = new (openidClient().Configuration)(server, settings.clientId, undefined, auth);
    if (settings.tokenUrl.startsWith("http://")) openidClient().allowInsecureRequests(config);
    return config;
  }

  /** The provider's authorization URL for a new flow, and the secrets its callback must match. */
  async start(
    provider: Exclude<ProviderName, "bluesky">,
    redirectUri: string,
  ): Promise<{ url: URL; secrets: FlowSecrets }> {
    const config = await this.configuration(provider);
    const codeVerifier = openidClient().randomPKCECodeVerifier();
    const secrets: FlowSecrets = { state: openidClient().randomState(), codeVerifier };
    const params: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: SCOPES[provider],
      code_challenge: await openidClient().calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state: secrets.state,
    };
    if (this.settings[provider]?.kind === "oidc") {
      secrets.nonce = openidClient().randomNonce();
      params.nonce = secrets.nonce;
    }
    return { url: openidClient().buildAuthorizationUrl(config, params), secrets };
  }

  /**
   * Exchanges the callback's code (state, PKCE verifier and nonce checked by openid-client) and
   * reads the person's profile.
   * @throws ProviderFailure when the state does not match, the token exchange or the user
   *   endpoint fails, or the ID token is invalid.
   */
  async finish(
    provider: Exclude<ProviderName, "bluesky">,
    callbackUrl: URL,
    secrets: FlowSecrets,
  ): Promise<ProviderProfile> {
    const config = await this.configuration(provider);
    const oidc = this.settings[provider]?.kind === "oidc";
    let tokens: Awaited<ReturnType<typeof Client.authorizationCodeGrant>>;
    try {
      tokens = await openidClient().authorizationCodeGrant(config, callbackUrl, {
        expectedState: secrets.state,
        pkceCodeVerifier: secrets.codeVerifier,
        ...(oidc ? { expectedNonce: secrets.nonce, idTokenExpected: true } : {}),
      });
    } catch (err) {
      throw new ProviderFailure(`token exchange failed: ${(err as Error).message}`);
    }
    if (oidc) return this.oidcProfile(provider, tokens.claims() ?? {});
    const settings = this.settings[provider] as OAuth2ProviderSettings;
    return provider === "github"
      ? this.githubProfile(settings, tokens.access_token)
      : this.twitterProfile(settings, tokens.access_token);
  }

  private oidcProfile(provider: ProviderName, claims: Record<string, unknown>): ProviderProfile {
    const tid = text(claims.tid, 100);
    const oid = text(claims.oid, 100);
    // Microsoft: tenant and object id, as Teams SSO stores them, so both find one account.
    const subject = provider === "microsoft" && tid && oid ? `${tid}:${oid}` : text(claims.sub, 255);
    if (!subject) throw new ProviderFailure("the ID token has no subject");
    const [first, last] = splitName(text(claims.name, 200));
    return {
      subject,
      email: claims.email_verified === true ? emailOrNull(claims.email) : null,
      firstName: text(claims.given_name, 100) ?? first,
      lastName: text(claims.family_name, 100) ?? last,
      avatarUrl: httpsOrNull(claims.picture),
    };
  }

  private async getJson(url: string, accessToken: string): Promise<unknown> {
    const res = await fetch(url, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: "application/json",
        "user-agent": "Pointwise",
      },
    });
    if (!res.ok) throw new ProviderFailure(`${url} answered ${res.status}`);
    return res.json();
  }

  /** GitHub: GET /user, and the e-mail from GET /user/emails with its `verified` flag. */
  private async githubProfile(settings: OAuth2ProviderSettings, accessToken: string): Promise<ProviderProfile> {
    const user = (await this.getJson(settings.userinfoUrl, accessToken)) as Record<string, unknown>;
    const id = typeof user.id === "number" || typeof user.id === "string" ? String(user.id) : null;
    if (!id) throw new ProviderFailure("GitHub's user has no id");
    const emails = await this.getJson(`${settings.userinfoUrl.replace(/\/$/, "")}/emails`, accessToken).catch(() => []);
    const verified = (Array.isArray(emails) ? emails : []).filter(
      (e): e is { email: string; primary?: boolean } => e?.verified === true && typeof e.email === "string",
    );
    const chosen = verified.find((e) => e.primary) ?? verified[0];
    const [first, last] = splitName(text(user.name, 200) ?? text(user.login, 100));
    return {
      subject: id,
      email: chosen ? emailOrNull(chosen.email) : null,
      firstName: first,
      lastName: last,
      avatarUrl: httpsOrNull(user.avatar_url),
    };
  }

  /** X: GET /2/users/me (no e-mail: an X account never links by e-mail). */
  private async twitterProfile(settings: OAuth2ProviderSettings, accessToken: string): Promise<ProviderProfile> {
    const url = new URL(settings.userinfoUrl);
    url.searchParams.set("user.fields", "profile_image_url");
    const body = (await this.getJson(url.toString(), accessToken)) as { data?: Record<string, unknown> };
    const id = text(body.data?.id, 255);
    if (!id) throw new ProviderFailure("X's user has no id");
    const [first, last] = splitName(text(body.data?.name, 200) ?? text(body.data?.username, 100));
    return {
      subject: id,
      email: null,
      firstName: first,
      lastName: last,
      avatarUrl: httpsOrNull(body.data?.profile_image_url),
    };
  }
}
