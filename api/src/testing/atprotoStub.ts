import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify } from "jose";
import { readBody } from "./httpBody";

/** A person at the stand-in: handle, DID, and (optionally) their app.bsky.actor.profile record. */
export interface AtprotoAccount {
  did: string;
  handle: string;
  /** The profile record's displayName; null: no profile record at all. */
  displayName: string | null;
  /** The CID of the profile record's avatar blob, if any. */
  avatarCid: string | null;
}

/** Counters of what the stand-in saw, for assertions. */
export interface AtprotoStubStats {
  /** PAR and token requests refused with `use_dpop_nonce` (the client must retry with the nonce). */
  nonceChallenges: number;
  /** Requests refused for a bad DPoP proof (signature, htm, htu, iat, jti replay, key). */
  badProofs: number;
  /** Tokens revoked at the revocation endpoint. */
  revocations: number;
  /** Successful token exchanges. */
  tokens: number;
}

/** The stand-in's addresses and controls. */
export interface AtprotoStub {
  /** AUTH_BLUESKY_HANDLE_RESOLVER: answers com.atproto.identity.resolveHandle. */
  handleResolver: string;
  /** AUTH_BLUESKY_PLC_DIRECTORY_URL: serves did:plc documents. */
  plcDirectoryUrl: string;
  /** The PDS (resource server) every account lives on. */
  pdsUrl: string;
  /** The authorization server (issuer). */
  issuer: string;
  /** Creates an account (handle resolvable, DID document on the PLC directory, profile record). */
  addAccount(overrides?: Partial<Omit<AtprotoAccount, "did">>): AtprotoAccount;
  /** What the authorize endpoint does: approve as the login_hint's account, or `cancel` (access_denied). */
  next: "approve" | "cancel";
  stats: AtprotoStubStats;
  close(): Promise<void>;
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const base32 = (bytes: Buffer) => [...bytes].map((b) => BASE32[b % 32]).join("");

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void> | void;

async function listen(handler: Handler): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    Promise.resolve(handler(req, res, url)).catch((err: Error) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "server_error", error_description: err.message }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

/**
 * A local AT Protocol network for Bluesky sign-in tests, built from the AT Protocol OAuth spec
 * (atproto.com/specs/oauth) and the identity specs, on three loopback servers:
 * - identity: `GET /xrpc/com.atproto.identity.resolveHandle` (as bsky.social answers it) and
 *   `GET /did:plc:...` DID documents (as plc.directory serves them: alsoKnownAs `at://handle`,
 *   an `#atproto_pds` service pointing at the PDS);
 * - PDS: `/.well-known/oauth-protected-resource` naming the authorization server, and
 *   `com.atproto.repo.getRecord` for `app.bsky.actor.profile/self`;
 * - authorization server: `/.well-known/oauth-authorization-server` (PAR required, DPoP ES256,
 *   PKCE S256, `client_id_metadata_document_supported`, `authorization_response_iss_parameter_supported`);
 *   `POST /oauth/par` and `POST /oauth/token` verify the DPoP proof with jose (signature with the
 *   embedded key, typ, htm, htu, iat within 60 s, jti never seen before) and demand the server
 *   nonce first (400 `use_dpop_nonce` with a `DPoP-Nonce` header, as the real server does); PAR
 *   checks the client (a loopback `http://localhost?...` client id is read from itself, an https
 *   one is fetched as its metadata document), the redirect URI, `atproto` scope and S256; the
 *   authorize endpoint redirects back with code, state and iss (or `access_denied`); the token
 *   endpoint checks the code (single use), client, redirect URI, PKCE verifier and that the
 *   DPoP key is the PAR's, and answers a DPoP-bound token with `sub` = the DID;
 *   `POST /oauth/revoke` counts revocations.
 */
export async function startAtprotoStub(): Promise<AtprotoStub> {
  const accounts = new Map<string, AtprotoAccount>();
  const byHandle = new Map<string, string>();
  const usedJtis = new Set<string>();
  const nonce = randomBytes(16).toString("base64url");
  const pars = new Map<string, { params: URLSearchParams; jkt: string; expiresAt: number }>();
  const codes = new Map<string, { params: URLSearchParams; jkt: string; did: string }>();
  const stats: AtprotoStubStats = { nonceChallenges: 0, badProofs: 0, revocations: 0, tokens: 0 };

  const identity = await listen((_req, res, url) => {
    if (url.pathname === "/xrpc/com.atproto.identity.resolveHandle") {
      const did = byHandle.get(url.searchParams.get("handle") ?? "");
      if (!did) return json(res, 400, { error: "InvalidRequest", message: "Unable to resolve handle" });
      return json(res, 200, { did });
    }
    const account = accounts.get(decodeURIComponent(url.pathname.slice(1)));
    if (!account) return json(res, 404, { message: "DID not registered" });
    json(
      res,
      200,
      {
        "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
        id: account.did,
        alsoKnownAs: [`at://${account.handle}`],
        verificationMethod: [],
        service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: pds.origin }],
      },
      { "content-type": "application/did+ld+json" },
    );
  });

  const pds = await listen((_req, res, url) => {
    if (url.pathname === "/.well-known/oauth-protected-resource") {
      return json(res, 200, {
        resource: pds.origin,
        authorization_servers: [as.origin],
        scopes_supported: [],
        bearer_methods_supported: ["header"],
      });
    }
    if (url.pathname === "/xrpc/com.atproto.repo.getRecord") {
      const account = accounts.get(url.searchParams.get("repo") ?? "");
      const wanted =
        url.searchParams.get("collection") === "app.bsky.actor.profile" && url.searchParams.get("rkey") === "self";
      if (!account || !wanted || account.displayName === null) {
        return json(res, 400, { error: "RecordNotFound", message: "Could not locate record" });
      }
      const value: Record<string, unknown> = { $type: "app.bsky.actor.profile", displayName: account.displayName };
      if (account.avatarCid) {
        value.avatar = { $type: "blob", ref: { $link: account.avatarCid }, mimeType: "image/jpeg", size: 1234 };
      }
      return json(res, 200, { uri: `at://${account.did}/app.bsky.actor.profile/self`, cid: "bafyreiprofile", value });
    }
    json(res, 404, { error: "MethodNotImplemented" });
  });

  /** Verifies the request's DPoP proof; answers the key's thumbprint, or has answered the error. */
  const dpop = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<string | null> => {
    const proof = req.headers.dpop;
    const refuse = (error: string, description: string, headers: Record<string, string> = {}) => {
      json(res, 400, { error, error_description: description }, { "DPoP-Nonce": nonce, ...headers });
      return null;
    };
    if (typeof proof !== "string") return refuse("invalid_dpop_proof", "DPoP proof required");
    try {
      const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, {
        typ: "dpop+jwt",
        algorithms: ["ES256"],
        maxTokenAge: 60,
        clockTolerance: 5,
      });
      if (payload.htm !== req.method) throw new Error("htm mismatch");
      if (payload.htu !== `${as.origin}${url.pathname}`) throw new Error("htu mismatch");
      if (typeof payload.jti !== "string" || usedJtis.has(payload.jti)) throw new Error("jti missing or replayed");
      usedJtis.add(payload.jti);
      if (payload.nonce !== nonce) {
        stats.nonceChallenges++;
        return refuse("use_dpop_nonce", "Authorization server requires nonce in DPoP proof");
      }
      return await calculateJwkThumbprint(protectedHeader.jwk as Parameters<typeof calculateJwkThumbprint>[0]);
    } catch (err) {
      stats.badProofs++;
      return refuse("invalid_dpop_proof", (err as Error).message);
    }
  };

  /** The redirect URIs a client id allows: a loopback id carries them; an https one is its metadata document. */
  const redirectUrisOf = async (clientId: string): Promise<string[]> => {
    if (clientId.startsWith("http://localhost")) {
      const query = new URLSearchParams(clientId.split("?")[1] ?? "");
      const uris = query.getAll("redirect_uri");
      return uris.length > 0 ? uris : ["http://127.0.0.1/", "http://[::1]/"];
    }
    const res = await fetch(clientId, { redirect: "error" });
    const doc = (await res.json()) as {
      client_id?: string;
      redirect_uris?: string[];
      token_endpoint_auth_method?: string;
    };
    if (doc.client_id !== clientId || doc.token_endpoint_auth_method !== "none") return [];
    return doc.redirect_uris ?? [];
  };

  const as = await listen(async (req, res, url) => {
    if (url.pathname === "/.well-known/oauth-authorization-server") {
      return json(res, 200, {
        issuer: as.origin,
        authorization_endpoint: `${as.origin}/oauth/authorize`,
        token_endpoint: `${as.origin}/oauth/token`,
        pushed_authorization_request_endpoint: `${as.origin}/oauth/par`,
        require_pushed_authorization_requests: true,
        revocation_endpoint: `${as.origin}/oauth/revoke`,
        scopes_supported: ["atproto", "transition:generic"],
        response_types_supported: ["code"],
        response_modes_supported: ["query", "fragment", "form_post"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none", "private_key_jwt"],
        token_endpoint_auth_signing_alg_values_supported: ["ES256"],
        dpop_signing_alg_values_supported: ["ES256"],
        authorization_response_iss_parameter_supported: true,
        client_id_metadata_document_supported: true,
        protected_resources: [pds.origin],
      });
    }
    if (url.pathname === "/oauth/par" && req.method === "POST") {
      const jkt = await dpop(req, res, url);
      if (!jkt) return;
      const params = new URLSearchParams(await readBody(req));
      const clientId = params.get("client_id") ?? "";
      const allowed = await redirectUrisOf(clientId).catch((): string[] => []);
      if (!allowed.includes(params.get("redirect_uri") ?? "")) {
        return json(res, 400, { error: "invalid_request", error_description: "redirect_uri not registered" });
      }
      if (params.get("code_challenge_method") !== "S256" || !params.get("code_challenge")) {
        return json(res, 400, { error: "invalid_request", error_description: "PKCE S256 required" });
      }
      if (!(params.get("scope") ?? "").split(" ").includes("atproto") || params.get("response_type") !== "code") {
        return json(res, 400, { error: "invalid_scope", error_description: "atproto scope and code required" });
      }
      const requestUri = `urn:ietf:params:oauth:request_uri:req-${randomBytes(12).toString("hex")}`;
      pars.set(requestUri, { params, jkt, expiresAt: Date.now() + 60_000 });
      return json(res, 201, { request_uri: requestUri, expires_in: 60 }, { "DPoP-Nonce": nonce });
    }
    if (url.pathname === "/oauth/authorize") {
      const requestUri = url.searchParams.get("request_uri") ?? "";
      const par = pars.get(requestUri);
      pars.delete(requestUri);
      if (!par || par.expiresAt < Date.now() || par.params.get("client_id") !== url.searchParams.get("client_id")) {
        return json(res, 400, { error: "invalid_request", error_description: "unknown request_uri" });
      }
      const redirect = new URL(par.params.get("redirect_uri") ?? "");
      redirect.searchParams.set("state", par.params.get("state") ?? "");
      redirect.searchParams.set("iss", as.origin);
      const hint = par.params.get("login_hint") ?? "";
      const did = hint.startsWith("did:") ? hint : byHandle.get(hint);
      if (stub.next === "cancel" || !did) {
        redirect.searchParams.set("error", "access_denied");
        redirect.searchParams.set("error_description", "The user denied access");
      } else {
        const code = `cod-${randomBytes(16).toString("hex")}`;
        codes.set(code, { params: par.params, jkt: par.jkt, did });
        redirect.searchParams.set("code", code);
      }
      res.writeHead(302, { location: redirect.toString() });
      res.end();
      return;
    }
    if (url.pathname === "/oauth/token" && req.method === "POST") {
      const jkt = await dpop(req, res, url);
      if (!jkt) return;
      const form = new URLSearchParams(await readBody(req));
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const challenge = createHash("sha256")
        .update(form.get("code_verifier") ?? "")
        .digest("base64url");
      if (
        form.get("grant_type") !== "authorization_code" ||
        !grant ||
        grant.jkt !== jkt ||
        grant.params.get("client_id") !== form.get("client_id") ||
        grant.params.get("redirect_uri") !== form.get("redirect_uri") ||
        grant.params.get("code_challenge") !== challenge
      ) {
        return json(res, 400, { error: "invalid_grant", error_description: "Invalid code" }, { "DPoP-Nonce": nonce });
      }
      stats.tokens++;
      return json(
        res,
        200,
        {
          access_token: `at-${randomBytes(16).toString("hex")}`,
          token_type: "DPoP",
          refresh_token: `rt-${randomBytes(16).toString("hex")}`,
          expires_in: 3600,
          scope: grant.params.get("scope"),
          sub: grant.did,
        },
        { "DPoP-Nonce": nonce, "cache-control": "no-store" },
      );
    }
    if (url.pathname === "/oauth/revoke" && req.method === "POST") {
      await readBody(req);
      stats.revocations++;
      return json(res, 200, {}, { "DPoP-Nonce": nonce });
    }
    json(res, 404, { error: "not_found" });
  });

  const stub: AtprotoStub = {
    handleResolver: identity.origin,
    plcDirectoryUrl: identity.origin,
    pdsUrl: pds.origin,
    issuer: as.origin,
    next: "approve",
    stats,
    addAccount(overrides = {}) {
      const did = `did:plc:${base32(randomBytes(24))}`;
      const account: AtprotoAccount = {
        did,
        handle: `user-${randomBytes(4).toString("hex")}.bsky.test`,
        displayName: "Bea Sky",
        avatarCid: `bafkrei${base32(randomBytes(40))}`,
        ...overrides,
      };
      accounts.set(did, account);
      byHandle.set(account.handle, did);
      return account;
    },
    async close() {
      for (const { server } of [identity, pds, as]) {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
      }
    },
  };
  return stub;
}
