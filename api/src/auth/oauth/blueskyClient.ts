import type * as Atproto from "@atproto/oauth-client-node";
import type * as Syntax from "@atproto/syntax";
import type * as FetchNode from "@atproto-labs/fetch-node";
import { eq, lt } from "drizzle-orm";
import type { Db } from "../../db/database";
import { blueskyOauthSessions, blueskyOauthStates } from "../../db/schema";
import { isLoopbackHost } from "../../integrations/hosts";
import { open, SecretBoxError, type SecretKeys, seal } from "../../integrations/secretBox";
import { ProviderFailure, type ProviderProfile, splitName, text } from "./providerClients";
import type { BlueskyProviderSettings } from "./providerConfig";

/*
 * Bluesky sign-in (issue #13 section 1) with the AT Protocol OAuth client,
 * `@atproto/oauth-client-node`: handle or DID entry, identity resolution, PAR, DPoP, PKCE and
 * state are the library's. What is ours: the client metadata (a public client, no secret), the
 * library's state and session stores (tables bluesky_oauth_states and bluesky_oauth_sessions,
 * sealed with INTEGRATIONS_KEY), the fetch it may use (address rules below), and reading the
 * profile. The library is loaded on the first Bluesky request (issue #10: idle memory).
 */

/** The library, loaded on first use (ES modules, loaded by require(esm)). */
const atproto = (): typeof Atproto => require("@atproto/oauth-client-node") as typeof Atproto;
const fetchNode = (): typeof FetchNode => require("@atproto-labs/fetch-node") as typeof FetchNode;
const syntax = (): typeof Syntax => require("@atproto/syntax") as typeof Syntax;

/** Our routes of the AT Protocol client (README "Sign-in providers"). */
export const BLUESKY_PATHS = {
  clientMetadata: "/api/auth/bluesky/client-metadata.json",
  callback: "/api/auth/bluesky/callback",
} as const;

/** Sign-in only: the `atproto` scope gives the account's DID and nothing else. */
const SCOPE = "atproto";
/** How long a started flow's saved state is kept (the same 10 minutes as the other providers' flows). */
const STATE_TTL_MS = 10 * 60 * 1000;
/** At most this many origins get a client (without PUBLIC_URL the origin is the request's Host). */
const MAX_CLIENTS = 16;
/** Bluesky's image CDN, the host the Bluesky app shows avatars from (CSP img-src in app.ts lists it). */
const AVATAR_CDN = "https://cdn.bsky.app/img/avatar/plain";

/** The handle cannot be resolved to an account (unknown handle or DID, or its DID document is unusable). */
export class HandleNotResolved extends Error {}
/** The callback's state is unknown, expired, used, or belongs to another browser's flow. */
export class BlueskyStateMismatch extends Error {}
/** The person cancelled at the authorization server, or it answered with an OAuth error. */
export class BlueskyDenied extends Error {
  constructor(readonly error: string) {
    super(`authorization server answered ${error}`);
  }
}

/**
 * A handle ("alice.bsky.social", "@alice.bsky.social", any case) or an AT Protocol DID
 * (did:plc, did:web) as typed, normalised; null when it is neither (AT Protocol handle and DID
 * syntax, checked with @atproto/syntax).
 */
export function normalizeBlueskyIdentifier(input: string): string | null {
  const value = input.trim().replace(/^@/, "");
  if (value.length === 0 || value.length > 253) return null;
  if (/^did:(plc|web):/.test(value)) return syntax().isValidDid(value) ? value : null;
  const handle = value.toLowerCase();
  return syntax().isValidHandle(handle) && syntax().isValidTld(handle) ? handle : null;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]"]);

/**
 * The client metadata of our AT Protocol client at `origin` (our public origin, no trailing
 * slash), or null when the protocol allows no client there:
 * - https: a public web client whose client_id is the URL of this very document
 *   (`<origin>/api/auth/bluesky/client-metadata.json`, served by us; its host must be a name);
 * - http://127.0.0.1:<port> or http://[::1]:<port> outside production: the AT Protocol
 *   "localhost" development client (client_id `http://localhost?redirect_uri=...&scope=atproto`,
 *   no document to serve);
 * - anything else (http://localhost, http in production): null. AT Protocol forbids localhost
 *   redirect URIs; open the app at http://127.0.0.1:<port> in development.
 */
export function blueskyClientMetadata(origin: string, production: boolean): Atproto.OAuthClientMetadataInput | null {
  const url = new URL(origin);
  const redirectUri = `${origin}${BLUESKY_PATHS.callback}`;
  if (url.protocol === "https:") {
    return {
      client_id: `${origin}${BLUESKY_PATHS.clientMetadata}`,
      client_name: "Pointwise",
      client_uri: origin as `https://${string}`,
      redirect_uris: [redirectUri],
      scope: SCOPE,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      application_type: "web",
      dpop_bound_access_tokens: true,
    };
  }
  if (url.protocol === "http:" && !production && LOOPBACK_HOSTS.has(url.hostname)) {
    return atproto().buildAtprotoLoopbackClientMetadata({
      scope: SCOPE,
      redirect_uris: [redirectUri as `http://127.0.0.1:${string}`],
    });
  }
  return null;
}

/**
 * The fetch the library calls (handle and DID resolution, the PDS's and authorization server's
 * metadata, PAR, token, revocation) and the profile is read with. Every URL in a DID document is
 * the person's to choose, so in production it is @atproto-labs/fetch-node's safeFetchWrap:
 * https on port 443 only, public unicast addresses only (SSRF), 10 s, 512 kB. Outside production
 * http and other ports are allowed, but http only to loopback hosts (the local stand-ins).
 */
function fetchFor(production: boolean): typeof fetch {
  const { safeFetchWrap } = fetchNode();
  if (production) return safeFetchWrap({ allowImplicitRedirect: true }) as typeof fetch;
  const open = safeFetchWrap({ ssrfProtection: false, allowImplicitRedirect: true });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
      throw new TypeError(`plain http is only allowed to loopback hosts: ${url.origin}`);
    }
    return open(input, init);
  }) as typeof fetch;
}

/** What the library saves per flow or session, as JSON sealed under INTEGRATIONS_KEY. */
const sealJson = (value: unknown, keys: SecretKeys) => seal(JSON.stringify(value), keys);
function openJson<T>(sealed: string, keys: SecretKeys): T | undefined {
  try {
    return JSON.parse(open(sealed, keys)) as T;
  } catch (err) {
    // A row sealed under a key no longer configured is as good as absent.
    if (err instanceof SecretBoxError || err instanceof SyntaxError) return undefined;
    throw err;
  }
}

/** The dependencies of the Bluesky client: the database (stores), keys (sealing) and rules. */
export interface BlueskyClientDeps {
  db: Db;
  settings: BlueskyProviderSettings;
  keys: SecretKeys;
  /** NODE_ENV=production: https only, public addresses only, no development client. */
  production: boolean;
}

/**
 * Runs Bluesky sign-in flows. One NodeOAuthClient per public origin (one with PUBLIC_URL; in
 * development and tests the origin of the request), built on first use.
 */
export class BlueskyClients {
  private readonly clients = new Map<string, Atproto.NodeOAuthClient>();
  private fetchImpl?: typeof fetch;

  constructor(private readonly deps: BlueskyClientDeps) {}

  /** The library's state store: bluesky_oauth_states, sealed, 10 minutes; expired rows go at each new flow. */
  private readonly stateStore: Atproto.NodeSavedStateStore = {
    set: async (key, value) => {
      const { db, keys } = this.deps;
      await db.delete(blueskyOauthStates).where(lt(blueskyOauthStates.expiresAt, new Date()));
      const row = { data: sealJson(value, keys), expiresAt: new Date(Date.now() + STATE_TTL_MS) };
      await db
        .insert(blueskyOauthStates)
        .values({ key, ...row })
        .onConflictDoUpdate({ target: blueskyOauthStates.key, set: row });
    },
    get: async (key) => {
      const [row] = await this.deps.db.select().from(blueskyOauthStates).where(eq(blueskyOauthStates.key, key));
      if (!row || row.expiresAt.getTime() < Date.now()) return undefined;
      return openJson<Atproto.NodeSavedState>(row.data, this.deps.keys);
    },
    del: async (key) => {
      await this.deps.db.delete(blueskyOauthStates).where(eq(blueskyOauthStates.key, key));
    },
  };

  /** The library's session store: bluesky_oauth_sessions by DID, sealed (tokens and the DPoP private key). */
  private readonly sessionStore: Atproto.NodeSavedSessionStore = {
    set: async (did, value) => {
      const data = sealJson(value, this.deps.keys);
      await this.deps.db
        .insert(blueskyOauthSessions)
        .values({ did, data })
        .onConflictDoUpdate({ target: blueskyOauthSessions.did, set: { data, updatedAt: new Date() } });
    },
    get: async (did) => {
      const [row] = await this.deps.db.select().from(blueskyOauthSessions).where(eq(blueskyOauthSessions.did, did));
      return row ? openJson<Atproto.NodeSavedSession>(row.data, this.deps.keys) : undefined;
    },
    del: async (did) => {
      await this.deps.db.delete(blueskyOauthSessions).where(eq(blueskyOauthSessions.did, did));
    },
  };

  private get fetch(): typeof fetch {
    this.fetchImpl ??= fetchFor(this.deps.production);
    return this.fetchImpl;
  }

  /**
   * The client for our public `origin`.
   * @throws ProviderFailure when AT Protocol allows no client at that origin (see blueskyClientMetadata).
   */
  private client(origin: string): Atproto.NodeOAuthClient {
    const existing = this.clients.get(origin);
    if (existing) return existing;
    const clientMetadata = blueskyClientMetadata(origin, this.deps.production);
    if (!clientMetadata) {
      throw new ProviderFailure(
        `Bluesky sign-in needs an https PUBLIC_URL, or in development the app opened at http://127.0.0.1:<port> (not ${origin})`,
      );
    }
    const lib = atproto();
    const client = new lib.NodeOAuthClient({
      clientMetadata,
      stateStore: this.stateStore,
      sessionStore: this.sessionStore,
      // Sign-in never refreshes a token (the session is revoked right away): no lock across instances is needed.
      requestLock: lib.requestLocalLock,
      handleResolver: this.deps.settings.handleResolver,
      plcDirectoryUrl: this.deps.settings.plcDirectoryUrl,
      allowHttp: !this.deps.production,
      fetch: this.fetch,
    });
    if (this.clients.size >= MAX_CLIENTS) this.clients.clear();
    this.clients.set(origin, client);
    return client;
  }

  /**
   * Starts a flow for `identifier` (a normalised handle or DID): resolves it, pushes the
   * authorization request (PAR, PKCE, DPoP: the library) and answers the URL to send the browser
   * to. `appState` comes back from finish only to the browser whose session holds it.
   * @throws HandleNotResolved when the handle or DID does not lead to an account.
   * @throws ProviderFailure when the PDS or its authorization server cannot be used.
   */
  async start(origin: string, identifier: string, appState: string): Promise<URL> {
    const client = this.client(origin);
    try {
      await client.identityResolver.resolve(identifier);
    } catch (err) {
      throw new HandleNotResolved(`cannot resolve ${identifier}: ${(err as Error).message}`);
    }
    try {
      return await client.authorize(identifier, { state: appState, scope: SCOPE });
    } catch (err) {
      throw new ProviderFailure(`authorization request failed: ${(err as Error).message}`);
    }
  }

  /**
   * Finishes the flow of the callback `params`: checks first that its state is one this browser
   * started (`appState`), then lets the library exchange the code (PKCE, DPoP, issuer checks),
   * reads the profile, and revokes the Bluesky session (sign-in needs no further access).
   * @throws BlueskyStateMismatch when the state is unknown, expired or another browser's.
   * @throws BlueskyDenied when the authorization server answered an error (access_denied: cancelled).
   * @throws ProviderFailure when the exchange or its checks fail.
   */
  async finish(origin: string, params: URLSearchParams, appState: string): Promise<ProviderProfile> {
    const client = this.client(origin);
    const state = params.get("state");
    const saved = state ? await this.stateStore.get(state) : undefined;
    if (!state || !saved || saved.appState !== appState) throw new BlueskyStateMismatch("unknown or foreign state");
    const error = params.get("error");
    if (error !== null) {
      await this.stateStore.del(state);
      throw new BlueskyDenied(text(error, 100) ?? "error");
    }
    let session: Atproto.OAuthSession;
    try {
      ({ session } = await client.callback(params));
    } catch (err) {
      throw new ProviderFailure(`callback refused: ${(err as Error).message}`);
    }
    try {
      const { aud } = await session.getTokenInfo(false);
      return await this.profile(client, session.did, aud);
    } finally {
      await client.revoke(session.did).catch(() => undefined);
    }
  }

  /**
   * The person's profile: display name and avatar from their `app.bsky.actor.profile` record
   * (com.atproto.repo.getRecord on their PDS, a public read), else the handle as the name.
   */
  private async profile(client: Atproto.NodeOAuthClient, did: string, pds: string): Promise<ProviderProfile> {
    const identity = await client.identityResolver.resolve(did).catch(() => null);
    const handle = identity && identity.handle !== "handle.invalid" ? identity.handle : null;
    const record = await this.profileRecord(did, pds);
    const avatar = record?.avatar as { ref?: { $link?: unknown } } | undefined;
    const cid = text(avatar?.ref?.$link, 200);
    const [firstName, lastName] = splitName(text(record?.displayName, 200) ?? handle);
    return {
      subject: did,
      email: null, // Bluesky gives no e-mail: a Bluesky account never links by e-mail (as X).
      firstName,
      lastName,
      avatarUrl: cid && /^[a-z2-7]+$/.test(cid) ? `${AVATAR_CDN}/${did}/${cid}@jpeg` : null,
    };
  }

  /** The profile record's value, or null (none, or the PDS did not answer). */
  private async profileRecord(did: string, pds: string): Promise<Record<string, unknown> | null> {
    const url = new URL("/xrpc/com.atproto.repo.getRecord", pds);
    url.searchParams.set("repo", did);
    url.searchParams.set("collection", "app.bsky.actor.profile");
    url.searchParams.set("rkey", "self");
    try {
      const res = await this.fetch(url, { redirect: "error", headers: { accept: "application/json" } });
      if (!res.ok) return null;
      const body = (await res.json()) as { value?: unknown };
      return body.value && typeof body.value === "object" ? (body.value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
}
