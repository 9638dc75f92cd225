import { randomUUID } from "node:crypto";
import http from "node:http";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

/** Claims a test may set on a token; anything else gets a valid default. */
export interface TokenClaims {
  tid?: string;
  oid?: string;
  name?: string;
  preferred_username?: string;
  aud?: string;
  iss?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
}

/** A local stand-in for Entra ID's signing keys: a JWKS endpoint and a token signer. */
export interface EntraStub {
  /** The JWKS URL (like `https://login.microsoftonline.com/common/discovery/v2.0/keys`). */
  jwksUrl: string;
  clientId: string;
  tenantId: string;
  /** Signs an access token as Teams SSO would hand it to the tab. */
  issueToken(claims?: TokenClaims, opts?: { foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts a JWKS server on 127.0.0.1 with one RSA key (RS256), following the shape of Entra
 * ID's `discovery/v2.0/keys` document. Tokens are v2 (`iss` = `https://login.microsoftonline.com/{tid}/v2.0`)
 * with audience `api://<host>/<clientId>` unless overridden. `foreignKey` signs with a key
 * the JWKS does not publish (a bad signature).
 */
export async function startEntraStub(opts: { audienceHost: string }): Promise<EntraStub> {
  const kid = randomUUID();
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const foreign = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, use: "sig", alg: "RS256", kty: "RSA" };
  const server = http.createServer((req, res) => {
    if (req.url?.endsWith("/discovery/v2.0/keys")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const clientId = randomUUID();
  const tenantId = randomUUID();
  return {
    jwksUrl: `http://127.0.0.1:${port}/common/discovery/v2.0/keys`,
    clientId,
    tenantId,
    async issueToken(claims = {}, signOpts = {}) {
      const tid = claims.tid ?? tenantId;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        tid,
        oid: claims.oid ?? randomUUID(),
        name: claims.name ?? "Teams Person",
        preferred_username: claims.preferred_username,
        scp: "access_as_user",
        ver: "2.0",
      })
        .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
        .setIssuer(claims.iss ?? `https://login.microsoftonline.com/${tid}/v2.0`)
        .setAudience(claims.aud ?? `api://${opts.audienceHost}/${clientId}`)
        .setIssuedAt(now - 60)
        .setNotBefore(now - 60)
        .setExpirationTime(now + (claims.expiresIn ?? 3600))
        .sign(signOpts.foreignKey ? foreign.privateKey : privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
