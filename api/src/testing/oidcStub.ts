/// <reference path="../types/oidc-provider.d.ts" />
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

/** A person known to the stand-in OpenID Provider: the claims it puts in the ID token. */
export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
  /** Microsoft's tenant and object id claims. */
  tid?: string;
  oid?: string;
}

/** One client the provider accepts (our server for one provider name). */
export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** A running stand-in provider; `next` says how the next authorization ends. */
export interface OidcStub {
  issuer: string;
  /** Who signs in at the next login prompt, or `cancel` (the person refuses consent: access_denied). */
  next: { account: OidcAccount } | "cancel";
  /** Registers our server's clients once its port is known (before the first flow). */
  start(clients: OidcClient[]): void;
  close(): Promise<void>;
}

/**
 * Listens first (so the issuer URL can go into our server's AUTH_GOOGLE_ISSUER) and builds the
 * `oidc-provider` OpenID Provider (discovery, PKCE required, state, nonce, RS256 ID tokens) once
 * `start` names the clients. Its login and consent screens are replaced by an interaction
 * handler that signs in `next.account` and grants the asked scopes, or refuses consent.
 */
export async function startOidcStub(): Promise<OidcStub> {
  let provider: Provider | undefined;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "stub", alg: "RS256", use: "sig" };
  const ttl = () => 600;
  const accounts = new Map<string, OidcAccount>();
  const stub: OidcStub = {
    issuer: "",
    next: "cancel",
    start(clients) {
      provider = new Provider(stub.issuer, {
        clients: clients.map((c) => ({
          client_id: c.clientId,
          client_secret: c.clientSecret,
          redirect_uris: [c.redirectUri],
          response_types: ["code"],
          grant_types: ["authorization_code"],
          token_endpoint_auth_method: "client_secret_post",
        })),
        claims: {
          openid: ["sub", "tid", "oid"],
          email: ["email", "email_verified"],
          profile: ["name", "given_name", "family_name", "picture"],
        },
        // Google puts the profile claims in the ID token; so does the stand-in.
        conformIdTokenClaims: false,
        cookies: { keys: ["pointwise-oidc-stub-cookie-key"] },
        jwks: { keys: [signingKey] },
        ttl: { Interaction: ttl, Session: ttl, Grant: ttl, AccessToken: ttl, IdToken: ttl, AuthorizationCode: ttl },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        findAccount: async (_ctx: unknown, id: string) => {
          const account = accounts.get(id);
          return account ? { accountId: id, claims: async () => ({ ...account }) } : undefined;
        },
      });
      provider.on("server_error", (_ctx: unknown, err: Error) => console.error("oidc stub", err));
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };

  const interact = async (req: http.IncomingMessage, res: http.ServerResponse, op: Provider) => {
    const details = await op.interactionDetails(req, res);
    const next = stub.next;
    if (next === "cancel") {
      await op.interactionFinished(req, res, { error: "access_denied", error_description: "The user cancelled" });
      return;
    }
    if (details.prompt.name === "login") {
      accounts.set(next.account.sub, next.account);
      await op.interactionFinished(
        req,
        res,
        { login: { accountId: next.account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new op.Grant({ accountId: details.session?.accountId, clientId: details.params.client_id as string });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await op.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  const server = http.createServer((req, res) => {
    const op = provider;
    if (!op) {
      res.statusCode = 503;
      res.end("not started");
      return;
    }
    if (req.url?.startsWith("/interaction/")) {
      interact(req, res, op).catch((err: Error) => {
        res.statusCode = 500;
        res.end(err.message);
      });
      return;
    }
    op.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
