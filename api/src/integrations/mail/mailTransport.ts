import type { Transporter } from "nodemailer";

/** One transport per SMTP URL, reused across mails (nodemailer keeps no pool by default). */
const transports = new Map<string, Transporter>();

/**
 * The nodemailer transport of an SMTP URL (`smtp://user:pass@host:587` or `smtps://...`), made
 * once. Short timeouts: a dead server must not hold a caller for minutes. nodemailer is loaded on
 * first use (issue #10: ~3 MB of heap and ~0.3 s of every start, for mail that only invitations
 * and password resets send, and only with SMTP_URL).
 */
export function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
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
