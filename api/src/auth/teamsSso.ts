import { isUuid } from "@pointwise/core/ids";
import { and, eq } from "drizzle-orm";
import type { JWTPayload } from "jose";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { users } from "../db/schema";
import { unauthorized } from "../errors";
import type { UserRow } from "./currentUser";

/** The person a verified Teams SSO token names (Entra ID claims). */
export interface TeamsIdentity {
  tenantId: string;
  objectId: string;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  email: string | null;
}

/** Checks a Teams SSO token and returns who it names. */
export type SsoVerifier = (token: string) => Promise<TeamsIdentity>;

/**
 * A verifier of Teams SSO access tokens (`authentication.getAuthToken()`): signature against
 * the Entra ID keys (JWKS, cached by jose), issuer of the token's own tenant (v1
 * `https://sts.windows.net/{tid}/` or v2 `{authority}/{tid}/v2.0`), audience
 * `api://<PUBLIC_URL host>/<clientId>` or the client id, expiry, and the tenant allow-list.
 * Source: Microsoft identity platform, "Access tokens" and "Validate tokens".
 * @throws AppError 401 UNAUTHORIZED for any token that fails a check.
 */
export function createSsoVerifier(config: Config): SsoVerifier {
  const { sso } = config;
  // jose is loaded by the first token (issue #10: not at every start, for Teams sign-in only).
  let keys: ReturnType<typeof import("jose").createRemoteJWKSet> | undefined;
  const audiences = sso.clientId ? [sso.clientId] : [];
  if (sso.clientId && config.publicUrl) audiences.push(`api://${new URL(config.publicUrl).host}/${sso.clientId}`);
  return async (token) => {
    if (!sso.clientId) throw unauthorized("Teams sign-in is not configured on this server");
    const { createRemoteJWKSet, decodeJwt, errors: joseErrors, jwtVerify } = require("jose") as typeof import("jose");
    keys ??= createRemoteJWKSet(new URL(sso.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 24 * 3600_000 });
    let claims: JWTPayload;
    try {
      claims = decodeJwt(token);
    } catch {
      throw unauthorized("Invalid Teams token");
    }
    const tid = typeof claims.tid === "string" ? claims.tid : "";
    if (!isUuid(tid)) throw unauthorized("Invalid Teams token");
    try {
      const { payload } = await jwtVerify(token, keys, {
        audience: audiences,
        issuer: [`${sso.authorityHost}/${tid}/v2.0`, `https://sts.windows.net/${tid}/`],
        algorithms: ["RS256"],
        clockTolerance: 60,
      });
      claims = payload;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized("Teams token expired");
      throw unauthorized("Invalid Teams token");
    }
    if (sso.allowedTenants.length > 0 && !sso.allowedTenants.includes(tid)) {
      throw unauthorized("This Microsoft 365 organisation is not allowed to use Pointwise");
    }
    const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
    const oid = str(claims.oid);
    if (!oid) throw unauthorized("Invalid Teams token");
    const email = str(claims.preferred_username) ?? str(claims.upn) ?? str(claims.email);
    return {
      tenantId: tid,
      objectId: oid,
      name: str(claims.name),
      givenName: str(claims.given_name),
      familyName: str(claims.family_name),
      // The length check first: the pattern backtracks quadratically on a long run of dots (issue #7).
      email: email && email.length <= 255 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email.toLowerCase() : null,
    };
  };
}

/** `oauthId` of a Microsoft identity: tenant and object id, unique together. */
export const microsoftOauthId = (identity: Pick<TeamsIdentity, "tenantId" | "objectId">): string =>
  `${identity.tenantId}:${identity.objectId}`;

/**
 * The user of a Teams identity, created on first use (oauthProvider `microsoft`). The token's
 * e-mail is stored only while no other account has it: an Entra ID claim never takes over an
 * existing password account.
 */
export async function userForTeamsIdentity(db: Db, identity: TeamsIdentity): Promise<UserRow> {
  const oauthId = microsoftOauthId(identity);
  const match = and(eq(users.oauthProvider, "microsoft"), eq(users.oauthId, oauthId));
  const [found] = await db.select().from(users).where(match);
  if (found) return found;
  const [first, ...rest] = (identity.name ?? "").split(" ");
  const emailTaken = identity.email
    ? (await db.select({ id: users.id }).from(users).where(eq(users.email, identity.email))).length > 0
    : true;
  await db
    .insert(users)
    .values({
      oauthProvider: "microsoft",
      oauthId,
      firstName: (identity.givenName ?? first ?? "").slice(0, 100) || null,
      lastName: (identity.familyName ?? rest.join(" ")).slice(0, 100) || null,
      email: emailTaken ? null : identity.email,
    })
    .onConflictDoNothing();
  const [created] = await db.select().from(users).where(match);
  if (!created) throw new Error("unreachable: the user was just inserted");
  return created;
}
