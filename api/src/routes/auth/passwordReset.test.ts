import { ApiClient } from "../../testing/apiClient";
import { buildUser, TEST_PASSWORD } from "../../testing/factories";
import { expireResetTokens, storedResetTokens } from "../../testing/passwordResets";
import { decodedMail, type SmtpCapture, startSmtpCapture } from "../../testing/smtpCapture";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { FORGOT_PASSWORD_MESSAGE, FORGOT_PASSWORD_NO_MAIL_MESSAGE } from "./passwordReset";

/**
 * Password reset (issue #13 sections 2-4): the link e-mailed through a local SMTP server, the
 * reset, old sessions ended, a used or expired link refused, the same answer for unknown
 * addresses, the limits per IP and per e-mail.
 */
let server: TestServer;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      SMTP_FROM: "Old <old@example.com>",
      MAIL_FROM: "Pointwise <reset@example.com>",
      PUBLIC_URL: "https://pw.example.com",
    },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const NEW_PASSWORD = "Reestimate21Points";
const uniqueEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2, 9)}@example.com`;

/** Asks for a reset link as a signed-out visitor; returns the answer. */
async function forgot(email: string, client = new ApiClient(server.url)) {
  return client.post<{ message: string; code?: string }>("/api/auth/forgot-password", { email });
}

/** The token of the reset link in the mail to `email`. */
async function linkTokenFor(email: string): Promise<{ url: string; token: string }> {
  const mail = await smtp.waitFor(email);
  const text = decodedMail(mail.data);
  const url = /https:\/\/pw\.example\.com\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? "";
  return { url, token: new URL(url).searchParams.get("token") ?? "" };
}

const reset = (token: string, password = NEW_PASSWORD, client = new ApiClient(server.url)) =>
  client.post<{ message: string; code?: string; errors?: Record<string, string[]> }>("/api/auth/reset-password", {
    token,
    password,
  });

const login = (email: string, password: string) => new ApiClient(server.url).post("/api/login", { email, password });

describe("POST /api/auth/forgot-password", () => {
  it("answers 400 VALIDATION_ERROR for a missing or malformed address", async () => {
    const missing = await new ApiClient(server.url).post<{ code: string }>("/api/auth/forgot-password", {});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("VALIDATION_ERROR");
    const bad = await forgot("not-an-email");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
  });

  it("answers 403 without the CSRF token", async () => {
    const res = await new ApiClient(server.url).request<{ code: string }>(
      "POST",
      "/api/auth/forgot-password",
      { email: uniqueEmail("csrf") },
      { csrf: false },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("CSRF_VALIDATION_FAILED");
  });

  it("answers the same 202 for a known and an unknown address, and mails only the account", async () => {
    const ada = await buildUser(server.url);
    const unknown = uniqueEmail("nobody");
    const known = await forgot(ada.email.toUpperCase());
    const other = await forgot(unknown);
    expect(known.status).toBe(202);
    expect(other.status).toBe(202);
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE, emailSent: true });
    expect(other.body).toEqual(known.body);
    expect(other.headers.get("content-type")).toBe(known.headers.get("content-type"));
    expect(other.headers.get("content-length")).toBe(known.headers.get("content-length"));
    const mail = await smtp.waitFor(ada.email);
    expect(mail.from).toBe("reset@example.com"); // MAIL_FROM wins over SMTP_FROM
    const text = decodedMail(mail.data);
    expect(text).toContain("Subject: Reset your Pointwise password");
    expect(text).toContain("valid for 1 hour, usable once");
    // A later unrelated mail has arrived, so the unknown address's absence is not a race.
    const probe = await buildUser(server.url);
    await forgot(probe.email);
    await smtp.waitFor(probe.email);
    expect(smtp.mails.some((m) => m.to === unknown)).toBe(false);
  });

  it("stores only the token's hash, valid RESET_TOKEN_TTL_SECONDS (default 3600)", async () => {
    const ada = await buildUser(server.url);
    await forgot(ada.email);
    const { token } = await linkTokenFor(ada.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await storedResetTokens(server.ctx, ada.user.id);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    const ttl = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 1000;
    expect(Math.round(ttl)).toBe(3600);
  });
});

describe("POST /api/auth/forgot-password on a server that sends no e-mail (issue #22)", () => {
  it("never claims a link was sent: without SMTP_URL, or in production without PUBLIC_URL, the same words for every address", async () => {
    const noSmtp = await startTestServer();
    const noPublicUrl = await startTestServer({
      env: {
        NODE_ENV: "production",
        SMTP_URL: smtp.url,
        SESSION_SECRET: "s".repeat(40),
        INTEGRATIONS_KEY: Buffer.alloc(32, 7).toString("base64"),
      },
    });
    try {
      for (const target of [noSmtp, noPublicUrl]) {
        const ada = await buildUser(target.url);
        const known = await new ApiClient(target.url).post<{ message: string }>("/api/auth/forgot-password", {
          email: ada.email,
        });
        const unknown = await new ApiClient(target.url).post<{ message: string }>("/api/auth/forgot-password", {
          email: uniqueEmail("nobody"),
        });
        expect(known.status).toBe(202);
        expect(known.body).toEqual({ message: FORGOT_PASSWORD_NO_MAIL_MESSAGE, emailSent: false });
        expect(unknown.body).toEqual(known.body);
        expect(known.body.message).not.toMatch(/sent a link/);
      }
    } finally {
      await noSmtp.close();
      await noPublicUrl.close();
    }
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password, signs out every session of the user, and the link works once", async () => {
    const ada = await buildUser(server.url);
    const adaPhone = new ApiClient(server.url);
    expect((await adaPhone.post("/api/login", { email: ada.email, password: TEST_PASSWORD })).status).toBe(200);
    const bob = await buildUser(server.url);
    for (const client of [ada.client, adaPhone, bob.client]) {
      expect((await client.get("/api/auth/user")).status).toBe(200); // cached in the store
    }
    await forgot(ada.email);
    const { token } = await linkTokenFor(ada.email);
    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/password has been reset/);
    expect((await ada.client.get("/api/auth/user")).status).toBe(401);
    expect((await adaPhone.get("/api/auth/user")).status).toBe(401);
    expect((await bob.client.get("/api/auth/user")).status).toBe(200);
    expect((await login(ada.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(ada.email, NEW_PASSWORD)).status).toBe(200);
    const again = await reset(token, "Another42Password");
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_TOKEN");
    expect((await login(ada.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses an expired link and an unknown token with 400 INVALID_TOKEN", async () => {
    const ada = await buildUser(server.url);
    await forgot(ada.email);
    const { token } = await linkTokenFor(ada.email);
    await expireResetTokens(server.ctx, ada.user.id);
    const expired = await reset(token);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe("INVALID_TOKEN");
    const unknown = await reset("x".repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("INVALID_TOKEN");
    expect((await login(ada.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("answers 400 VALIDATION_ERROR for a weak password and keeps the link usable", async () => {
    const ada = await buildUser(server.url);
    await forgot(ada.email);
    const { token } = await linkTokenFor(ada.email);
    const weak = await reset(token, "alllowercase");
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe("VALIDATION_ERROR");
    expect(weak.body.errors?.password).toEqual([
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    ]);
    const missing = await new ApiClient(server.url).post<{ code: string }>("/api/auth/reset-password", {
      password: NEW_PASSWORD,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("VALIDATION_ERROR");
    expect((await reset(token)).status).toBe(200);
  });

  it("answers 403 without the CSRF token", async () => {
    const res = await new ApiClient(server.url).request<{ code: string }>(
      "POST",
      "/api/auth/reset-password",
      { token: "x".repeat(43), password: NEW_PASSWORD },
      { csrf: false },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("CSRF_VALIDATION_FAILED");
  });

  it("spends the user's other open links when one is used", async () => {
    const email = uniqueEmail("two-links");
    const ada = await buildUser(server.url, { email });
    await forgot(ada.email);
    const first = await linkTokenFor(ada.email);
    smtp.mails.splice(
      smtp.mails.findIndex((m) => m.to === email),
      1,
    );
    await forgot(ada.email);
    const second = await linkTokenFor(ada.email);
    expect(second.token).not.toBe(first.token);
    expect((await reset(second.token)).status).toBe(200);
    const old = await reset(first.token, "Another42Password");
    expect(old.status).toBe(400);
    expect(old.body.code).toBe("INVALID_TOKEN");
  });
});

describe("forgot-password limits", () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({
      env: { FORGOT_PASSWORD_RATE_LIMIT_EMAIL: "2", FORGOT_PASSWORD_RATE_LIMIT_IP: "4" },
    });
  });
  afterAll(() => strict.close());

  it("answer 429 RATE_LIMITED with Retry-After per e-mail, then per IP, alike for unknown addresses", async () => {
    const client = new ApiClient(strict.url);
    const ask = (email: string) => client.post<{ code: string }>("/api/auth/forgot-password", { email });
    const email = uniqueEmail("flood");
    expect((await ask(email)).status).toBe(202);
    expect((await ask(email)).status).toBe(202);
    const limited = await ask(email);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address still works, until the IP's budget of 4 is used up.
    expect((await ask(uniqueEmail("other"))).status).toBe(202);
    const perIp = await ask(uniqueEmail("third"));
    expect(perIp.status).toBe(429);
    expect(perIp.body.code).toBe("RATE_LIMITED");
    expect(perIp.headers.get("retry-after")).not.toBeNull();
  });
});
