import type { Config } from "../../config";
import { transportFor } from "./mailTransport";

/** What a password reset e-mail says: the link and how long it works (issue #13 section 2). */
export interface PasswordResetMail {
  to: string;
  resetUrl: string;
  /** The link's lifetime in seconds (RESET_TOKEN_TTL_SECONDS). */
  ttlSeconds: number;
}

/** "1 hour", "30 minutes", "2 hours": the lifetime in the mail's words. */
function lifetime(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? "1 hour" : `${seconds / 3600} hours`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/**
 * Sends the reset link through SMTP_URL from MAIL_FROM (else SMTP_FROM).
 * @returns true when the server accepted the message; false without SMTP_URL.
 * @throws the transport's error (connection refused, rejected recipient); callers decide.
 */
export async function sendPasswordResetMail(config: Config, mail: PasswordResetMail): Promise<boolean> {
  if (!config.mail.smtpUrl) return false;
  await transportFor(config.mail.smtpUrl).sendMail({
    from: config.mail.from,
    to: mail.to,
    subject: "Reset your Pointwise password",
    text: [
      "Someone (hopefully you) asked to reset the password of your Pointwise account.",
      "",
      `Open this link to choose a new password (valid for ${lifetime(mail.ttlSeconds)}, usable once):`,
      mail.resetUrl,
      "",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  });
  return true;
}
