import { and, eq } from "drizzle-orm";
import type { UserRow } from "../auth/currentUser";
import type { ProviderProfile } from "../auth/oauth/providerClients";
import type { ProviderName } from "../auth/oauth/providerConfig";
import type { Db } from "../db/database";
import { userIdentities, users } from "../db/schema";
import { isUniqueViolation } from "../db/uniqueViolation";
import { AppError, notFound } from "../errors";

/**
 * A provider account whose verified e-mail matches an existing user: it is linked only after
 * that user signs in to the existing account (issue #13 section 1). Kept in the session.
 */
export interface PendingLink {
  provider: ProviderName;
  subject: string;
  email: string;
  userId: string;
  /** Epoch milliseconds after which the proof no longer links it. */
  expiresAt: number;
}

/** How long a pending link waits for the proof (a sign-in to the existing account). */
export const PENDING_LINK_MS = 10 * 60 * 1000;

/** The outcome of a provider sign-in. */
export type ProviderSignIn =
  | { kind: "signedIn"; user: UserRow; created: boolean }
  | { kind: "needsProof"; pending: PendingLink };

/** The outcome of linking a provider account to a signed-in user; errors are the callback's `?error=`. */
export type ProviderLink = { kind: "linked" } | { kind: "error"; error: "provider_in_use" | "provider_already_linked" };

/** The user a provider account signs in: a linked identity, else the spec's oauthProvider/oauthId pair (Teams SSO). */
async function userOfIdentity(db: Db, provider: ProviderName, subject: string): Promise<UserRow | null> {
  const [linked] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  if (linked) return linked.user;
  const [paired] = await db
    .select()
    .from(users)
    .where(and(eq(users.oauthProvider, provider), eq(users.oauthId, subject)));
  return paired ?? null;
}

/**
 * Signs in with a provider account: its linked user; else, when its verified e-mail belongs to an
 * account, a pending link that waits for proof (never a silent sign-in); else a new account with
 * the provider's name and avatar (the e-mail only when verified), `oauthProvider`/`oauthId` set.
 */
export async function signInWithProvider(
  db: Db,
  provider: ProviderName,
  profile: ProviderProfile,
): Promise<ProviderSignIn> {
  const known = await userOfIdentity(db, provider, profile.subject);
  if (known) return { kind: "signedIn", user: known, created: false };
  if (profile.email) {
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, profile.email));
    if (owner) {
      return {
        kind: "needsProof",
        pending: {
          provider,
          subject: profile.subject,
          email: profile.email,
          userId: owner.id,
          expiresAt: Date.now() + PENDING_LINK_MS,
        },
      };
    }
  }
  try {
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: profile.email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          profileImageUrl: profile.avatarUrl,
          oauthProvider: provider,
          oauthId: profile.subject,
        })
        .returning();
      if (!created) throw new Error("unreachable: insert returned no row");
      await tx
        .insert(userIdentities)
        .values({ userId: created.id, provider, subject: profile.subject, email: profile.email });
      return created;
    });
    return { kind: "signedIn", user, created: true };
  } catch (err) {
    // Two callbacks of the same first sign-in at once: the other one created it.
    if (!isUniqueViolation(err)) throw err;
    const again = await userOfIdentity(db, provider, profile.subject);
    if (!again) throw err;
    return { kind: "signedIn", user: again, created: false };
  }
}

/**
 * Links a provider account to `user` (Settings, or the proof of a pending link). Refused when the
 * provider account belongs to someone else, or the user already has another account of that provider.
 */
export async function linkProvider(
  db: Db,
  user: UserRow,
  provider: ProviderName,
  subject: string,
  email: string | null,
): Promise<ProviderLink> {
  const owner = await userOfIdentity(db, provider, subject);
  if (owner && owner.id !== user.id) return { kind: "error", error: "provider_in_use" };
  const [mine] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, user.id), eq(userIdentities.provider, provider)));
  if (mine) return mine.subject === subject ? { kind: "linked" } : { kind: "error", error: "provider_already_linked" };
  if (user.oauthProvider === provider && user.oauthId !== subject) {
    return { kind: "error", error: "provider_already_linked" };
  }
  try {
    await db.transaction(async (tx) => {
      await tx.insert(userIdentities).values({ userId: user.id, provider, subject, email });
      if (user.oauthProvider === null) {
        await tx.update(users).set({ oauthProvider: provider, oauthId: subject }).where(eq(users.id, user.id));
      }
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return { kind: "error", error: "provider_in_use" };
  }
  return { kind: "linked" };
}

/** The providers a user can sign in with: linked identities and the oauthProvider pair, in no duplicate. */
export async function linkedProviders(db: Db, user: UserRow): Promise<ProviderName[]> {
  const rows = await db
    .select({ provider: userIdentities.provider })
    .from(userIdentities)
    .where(eq(userIdentities.userId, user.id));
  const names = new Set(rows.map((r) => r.provider));
  if (user.oauthProvider) names.add(user.oauthProvider);
  return [...names].sort() as ProviderName[];
}

/** 409: removing this provider would leave the account with no way to sign in (issue #13 section 3). */
export const lastSignInMethod = (): AppError =>
  new AppError(
    409,
    "LAST_SIGN_IN_METHOD",
    "You cannot remove your only way to sign in. Set a password or link another provider first.",
  );

/**
 * Unlinks a provider from the user (Settings). The oauthProvider/oauthId pair moves to another
 * linked provider, or is cleared, when it named this one.
 * @throws AppError 404 NOT_FOUND when the provider is not linked; 409 LAST_SIGN_IN_METHOD when it
 *   is the user's only way in (no password and no other provider).
 */
export async function unlinkProvider(db: Db, user: UserRow, provider: ProviderName): Promise<ProviderName[]> {
  const linked = await linkedProviders(db, user);
  if (!linked.includes(provider)) throw notFound("This sign-in provider is not linked to your account");
  const others = linked.filter((p) => p !== provider);
  if (user.passwordHash === null && others.length === 0) throw lastSignInMethod();
  await db.transaction(async (tx) => {
    await tx
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, user.id), eq(userIdentities.provider, provider)));
    if (user.oauthProvider === provider) {
      const [next] = await tx.select().from(userIdentities).where(eq(userIdentities.userId, user.id)).limit(1);
      await tx
        .update(users)
        .set({ oauthProvider: next?.provider ?? null, oauthId: next?.subject ?? null })
        .where(eq(users.id, user.id));
    }
  });
  return others;
}
