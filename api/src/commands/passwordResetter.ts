import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import type { AppContext } from "../context";
import { passwordResetTokens, users } from "../db/schema";
import { invalidResetToken } from "../errors";
import { sendPasswordResetMail } from "../integrations/mail/passwordResetMailer";

/** The stored form of a reset token: hex SHA-256 (the token is 256 random bits, so no salt is needed). */
export const hashResetToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The page that sets the new password (tab route /reset-password?token=...). */
export const resetPasswordUrl = (baseUrl: string, token: string): string =>
  `${baseUrl.replace(/\/+$/, "")}/reset-password?token=${encodeURIComponent(token)}`;

/** Where the request's mail work is reported (Fastify's request logger). */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Starts a password reset for `email` (POST /api/auth/forgot-password, issue #13 section 2).
 * The caller answers the same whatever happens here, and the work is alike for known and
 * unknown addresses before the answer: a token is drawn and hashed either way and one lookup
 * made; for an account the link is stored and e-mailed after the answer (not awaited), so
 * neither the body nor the time tells whether the account exists. Without SMTP_URL the link is logged outside
 * production (development), and only a warning is logged in production.
 * @param baseUrl the public origin for the link (`mailLinkOrigin`: PUBLIC_URL, else the request's
 *   origin outside production); undefined (production without PUBLIC_URL) sends no link at all
 * @returns the mail's promise (tests may await it; the route does not)
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  baseUrl: string | undefined,
  log: MailLog,
): Promise<{ mailed: Promise<void> }> {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashResetToken(token);
  const ttlSeconds = ctx.config.passwordReset.tokenTtlSeconds;
  const [user] = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
  if (!user?.email) return { mailed: Promise.resolve() };
  if (baseUrl === undefined) {
    log.warn({}, "password reset requested but PUBLIC_URL is not set in production: no link sent");
    return { mailed: Promise.resolve() };
  }
  const resetUrl = resetPasswordUrl(baseUrl, token);
  const to = user.email;
  const userId = user.id;
  // After the answer: the link is stored, then mailed (an insert before answering made known
  // addresses measurably slower than unknown ones: 72 ms against 52 ms median).
  const mailed = (async () => {
    try {
      await ctx.db
        .insert(passwordResetTokens)
        .values({ userId, tokenHash, expiresAt: new Date(Date.now() + ttlSeconds * 1000) });
    } catch (err) {
      log.warn({ err }, "password reset link not stored");
      return;
    }
    if (ctx.config.mail.smtpUrl) {
      await sendPasswordResetMail(ctx.config, { to, resetUrl, ttlSeconds }).catch((err: unknown) =>
        log.warn({ err }, "password reset e-mail not sent"),
      );
    } else if (ctx.config.nodeEnv !== "production") {
      log.info({ resetUrl }, "password reset link (no SMTP_URL: not e-mailed)");
    } else {
      log.warn({}, "password reset requested but SMTP_URL is not set: no e-mail sent");
    }
  })();
  return { mailed };
}

/**
 * Sets a new password from a reset link (POST /api/auth/reset-password, issue #13 section 2):
 * the token is marked used in the same statement that checks it (unused, not expired), so a
 * link works once even when two requests race; the user's other open links are spent too.
 * Signing out the user's sessions is the caller's part, after this has committed.
 * @returns the user's id
 * @throws 400 INVALID_TOKEN when the token is unknown, used or expired.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashResetToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId });
    if (!row) throw invalidResetToken();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.userId, row.userId),
          isNull(passwordResetTokens.usedAt),
          ne(passwordResetTokens.id, row.id),
        ),
      );
    return row.userId;
  });
}
