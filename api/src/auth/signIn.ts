import type { FastifyRequest } from "fastify";
import { linkProvider, type PendingLink } from "../commands/oauthAccounts";
import type { Db } from "../db/database";
import type { UserRow } from "./currentUser";
import type { FlowSecrets } from "./oauth/providerClients";
import type { ProviderName } from "./oauth/providerConfig";

/**
 * A provider flow started by this browser, waiting for its callback (one at a time). Bluesky
 * keeps only `state` here (the value its flow carries back); its PKCE verifier and DPoP key are
 * in the AT Protocol client's state store (auth/oauth/blueskyClient.ts).
 */
export interface PendingFlow extends Omit<FlowSecrets, "codeVerifier">, Partial<Pick<FlowSecrets, "codeVerifier">> {
  provider: ProviderName;
  /** signIn: the login/register buttons; link: Settings, for the signed-in `userId`. */
  mode: "signIn" | "link";
  userId?: string;
  /** Same-origin path to return to after a sign-in. */
  returnTo?: string;
  /** Epoch milliseconds after which the callback is refused. */
  expiresAt: number;
}

declare module "fastify" {
  interface Session {
    oauthFlow?: PendingFlow;
    pendingLink?: PendingLink;
  }
}

/** "Remember me" keeps the sign-in for 30 days; otherwise it ends with the browser session. */
const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Starts a fresh server-side session for the user: a new session id at every sign-in (no session
 * fixation; issue #13 section 1). When this browser holds a pending link for this very user (a
 * provider account whose verified e-mail matched it), signing in is the proof and the link is
 * made (issue #13 section 1). Returns the provider linked that way, if any.
 */
export async function startUserSession(
  db: Db,
  request: FastifyRequest,
  user: UserRow,
  rememberMe: boolean,
): Promise<ProviderName | undefined> {
  const pending = request.session.pendingLink;
  await request.session.regenerate();
  request.session.userId = user.id;
  if (rememberMe) request.session.cookie.maxAge = REMEMBER_ME_MS;
  let linked: ProviderName | undefined;
  if (pending && pending.userId === user.id && pending.expiresAt > Date.now()) {
    const result = await linkProvider(db, user, pending.provider, pending.subject, pending.email);
    if (result.kind === "linked") linked = pending.provider;
  }
  await request.session.save();
  return linked;
}
