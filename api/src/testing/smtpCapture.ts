import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One captured message: envelope recipients, envelope sender and the raw message. */
export interface CapturedMail {
  to: string;
  from: string;
  data: string;
}

/** A local SMTP server (the `smtp-server` package) keeping every message it receives. */
export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** Resolves with the first message to `to` (waits for it: mails are sent after the answer). */
  waitFor(to: string): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** The body of a quoted-printable message as text (soft line breaks joined). */
export const decodedMail = (raw: string): string =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Starts a capturing SMTP server on 127.0.0.1 (no TLS, no auth) on a free port. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: { to: string; resolve(mail: CapturedMail): void }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const mailFrom = session.envelope.mailFrom;
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          from: mailFrom ? mailFrom.address : "",
          data,
        };
        mails.push(mail);
        for (const waiter of waiters.filter((w) => w.to === mail.to)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(to) {
      const found = mails.find((m) => m.to === to);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ to, resolve }));
    },
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
