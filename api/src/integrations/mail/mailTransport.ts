import nodemailer, { type Transporter } from "nodemailer";

/** One transport per SMTP URL, reused across mails (nodemailer keeps no pool by default). */
const transports = new Map<string, Transporter>();

/**
 * The nodemailer transport of an SMTP URL (`smtp://user:pass@host:587` or `smtps://...`), made
 * once. Short timeouts: a dead server must not hold a caller for minutes.
 */
export function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
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
