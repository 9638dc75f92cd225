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
