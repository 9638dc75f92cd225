import type { Transporter } from "nodemailer";
import type { Config } from "../../config";

/** What a team invitation e-mail says: who invites, to which team, and the link (issue #11 section 1). */
export interface TeamInvitationMail {
  to: string;
  teamName: string;
  inviterName: string;
  inviteUrl: string;
  /** When the link stops working. */
  expiresAt: Date;
}

/** One transport per SMTP URL, reused across invitations (nodemailer keeps no pool by default). */
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // Short timeouts: the invite call waits for the send, and a dead server must not hold it for minutes.
    // Loaded on first use (issue #10: ~3 MB of heap and ~0.3 s of every start, for mail that
    // only team invitations send, and only with SMTP_URL).
    const nodemailer = require("nodemailer") as typeof import("nodemailer");
    transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends the invitation through SMTP_URL (README "Configuration").
 * @returns true when the server accepted the message; false without SMTP_URL.
 * @throws the transport's error (connection refused, rejected recipient); callers decide.
 */
export async function sendTeamInvitationMail(config: Config, mail: TeamInvitationMail): Promise<boolean> {
  if (!config.mail.smtpUrl) return false;
  const expires = mail.expiresAt.toISOString().slice(0, 10);
  await transportFor(config.mail.smtpUrl).sendMail({
    from: config.mail.from,
    to: mail.to,
    subject: `${mail.inviterName} invited you to the team ${mail.teamName} on Pointwise`,
    text: [
      `${mail.inviterName} invited you to join the team "${mail.teamName}" on Pointwise.`,
      "",
      `Open this link to join (valid until ${expires}, usable once):`,
      mail.inviteUrl,
      "",
      "You can also register or sign in with this e-mail address: you join the team then.",
    ].join("\n"),
  });
  return true;
}
