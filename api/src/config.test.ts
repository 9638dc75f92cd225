import { loadConfig } from "./config";

describe("TRUST_PROXY (issue #7: X-Forwarded-For is believed only from configured proxies)", () => {
  const trustOf = (value?: string, nodeEnv = "production") =>
    loadConfig({
      NODE_ENV: nodeEnv,
      SESSION_SECRET: "s".repeat(40),
      INTEGRATIONS_KEY: Buffer.alloc(32, 7).toString("base64"),
      ...(value === undefined ? {} : { TRUST_PROXY: value }),
    }).trustProxy;

  it("trusts no proxy unless configured, in every NODE_ENV", () => {
    expect(trustOf()).toBe(false);
    expect(trustOf(undefined, "development")).toBe(false);
    expect(trustOf("false")).toBe(false);
  });

  it("reads a hop count, true, or a list of addresses and CIDRs", () => {
    expect(trustOf("1")).toBe(1);
    expect(trustOf("true")).toBe(true);
    expect(trustOf("10.0.0.1, 10.1.0.0/16,::1,loopback")).toEqual(["10.0.0.1", "10.1.0.0/16", "::1", "loopback"]);
  });

  it("refuses anything else with the variable's name", () => {
    expect(() => trustOf("yes")).toThrow(/TRUST_PROXY/);
    expect(() => trustOf("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
  });
});

describe("Stripe settings (issue #11 section 3)", () => {
  it("is self-hosted mode (null) without STRIPE_SECRET_KEY", () => {
    expect(loadConfig({ NODE_ENV: "test" }).stripe).toBeNull();
  });

  it("splits STRIPE_API_BASE into the SDK's protocol, host and port", () => {
    const stripe = loadConfig({
      NODE_ENV: "test",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_BASIC: "price_b",
      STRIPE_PRICE_PRO: "price_p",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    }).stripe;
    expect(stripe).toEqual({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_x",
      prices: { basic: "price_b", pro: "price_p" },
      api: { protocol: "http", host: "127.0.0.1", port: 12111 },
    });
  });

  it("defaults to Stripe's own API and requires the webhook secret and both prices with the key", () => {
    const full = { NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_x", STRIPE_WEBHOOK_SECRET: "w", STRIPE_PRICE_BASIC: "b" };
    expect(() => loadConfig(full)).toThrow(/STRIPE_PRICE_PRO/);
    expect(loadConfig({ ...full, STRIPE_PRICE_PRO: "p" }).stripe?.api).toEqual({
      protocol: "https",
      host: "api.stripe.com",
      port: 443,
    });
  });
});

describe("Empty billing and e-mail settings (infra/bicep sets every one, empty when not given)", () => {
  it("reads empty Stripe and SMTP values as not set: self-hosted mode, no e-mail, the default From", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      STRIPE_PRICE_BASIC: "",
      STRIPE_PRICE_PRO: "",
      SMTP_URL: "",
      SMTP_FROM: "",
    });
    expect(config.stripe).toBeNull();
    expect(config.mail).toMatchObject({ smtpUrl: undefined, from: "Pointwise <no-reply@pointwise.local>" });
    expect(loadConfig({ NODE_ENV: "test", SMTP_FROM: " Team <t@example.com> " }).mail.from).toBe(
      "Team <t@example.com>",
    );
  });
});

describe("INTEGRATIONS_KEY (issue #12 section 4)", () => {
  const key = Buffer.alloc(32, 3).toString("base64");
  const production = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) };

  it("is required in production, naming the variable", () => {
    expect(() => loadConfig(production)).toThrow(/INTEGRATIONS_KEY/);
    expect(loadConfig({ ...production, INTEGRATIONS_KEY: key }).integrations.key).toEqual(Buffer.alloc(32, 3));
  });

  it("has a 32-byte development key otherwise", () => {
    expect(loadConfig({ NODE_ENV: "development" }).integrations.key).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: "test" }).integrations.allowPrivateHosts).toBe(false);
  });

  it("must be 32 bytes of base64, and so must every previous key", () => {
    expect(() => loadConfig({ INTEGRATIONS_KEY: "short" })).toThrow(/INTEGRATIONS_KEY/);
    expect(() => loadConfig({ INTEGRATIONS_KEY: Buffer.alloc(16).toString("base64") })).toThrow(/INTEGRATIONS_KEY/);
    expect(() => loadConfig({ INTEGRATIONS_KEY: key, INTEGRATIONS_KEY_PREVIOUS: `${key},nope` })).toThrow(
      /INTEGRATIONS_KEY_PREVIOUS/,
    );
    const older = Buffer.alloc(32, 1).toString("base64");
    const config = loadConfig({
      INTEGRATIONS_KEY: key,
      INTEGRATIONS_KEY_PREVIOUS: ` ${older} , ${Buffer.alloc(32, 2).toString("base64")}`,
      JIRA_ALLOW_PRIVATE_HOSTS: "true",
    });
    expect(config.integrations.previousKeys).toEqual([Buffer.alloc(32, 1), Buffer.alloc(32, 2)]);
    expect(config.integrations.allowPrivateHosts).toBe(true);
  });
});

describe("HTTP time-outs and connection cap (issue #23 section 5)", () => {
  it("defaults to 10 s for the head, 30 s for the request, and 256 connections per address", () => {
    expect(loadConfig({ NODE_ENV: "test" }).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      idleTimeoutMs: 120_000,
      maxConnectionsPerIp: 256,
    });
  });

  it("refuses a head time-out longer than the request's, and non-positive values", () => {
    expect(() => loadConfig({ NODE_ENV: "test", HTTP_HEADERS_TIMEOUT_MS: "40000" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ NODE_ENV: "test", HTTP_MAX_CONNECTIONS_PER_IP: "0" })).toThrow(
      /HTTP_MAX_CONNECTIONS_PER_IP/,
    );
  });
});
