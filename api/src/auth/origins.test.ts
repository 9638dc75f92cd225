import { loadConfig } from "../config";
import { startTestServer } from "../testing/testServer";
import { isTrustedOrigin, mailLinkOrigin, publicOrigin } from "./origins";

/** The Content-Security-Policy directives of a response, by name. */
function directives(header: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe("Content-Security-Policy (issue #7)", () => {
  it("limits connect-src to our origin, our wss: origin and the Office CDN, img-src to ours and avatar hosts", async () => {
    const server = await startTestServer({ env: { PUBLIC_URL: "https://pointwise.test" } });
    try {
      const csp = directives((await fetch(`${server.url}/api/health`)).headers.get("content-security-policy"));
      expect(csp["connect-src"]).toEqual(["'self'", "wss://pointwise.test", "https://res.cdn.office.net"]);
      expect(csp["img-src"]).toEqual([
        "'self'",
        "data:",
        "https://lh3.googleusercontent.com",
        "https://avatars.githubusercontent.com",
        "https://pbs.twimg.com",
        "https://cdn.bsky.app",
      ]);
      expect(csp["frame-ancestors"]).toContain("https://teams.microsoft.com");
    } finally {
      await server.close();
    }
  });

  it("uses the request's host for the socket origin when PUBLIC_URL is unset", async () => {
    const server = await startTestServer();
    try {
      const host = new URL(server.url).host;
      const csp = directives((await fetch(`${server.url}/api/health`)).headers.get("content-security-policy"));
      expect(csp["connect-src"]).toEqual(["'self'", `ws://${host}`, `wss://${host}`, "https://res.cdn.office.net"]);
    } finally {
      await server.close();
    }
  });
});

describe("isTrustedOrigin", () => {
  const withUrl = loadConfig({ PUBLIC_URL: "https://pointwise.test" });
  const dev = loadConfig({});
  it("accepts PUBLIC_URL's origin and the Teams hosts only", () => {
    expect(isTrustedOrigin("https://pointwise.test", withUrl, "anything")).toBe(true);
    expect(isTrustedOrigin("http://pointwise.test", withUrl, "pointwise.test")).toBe(false);
    expect(isTrustedOrigin("https://pointwise.test.evil.example", withUrl, undefined)).toBe(false);
    expect(isTrustedOrigin("https://teams.microsoft.com", withUrl, undefined)).toBe(true);
    expect(isTrustedOrigin("https://x.teams.microsoft.com", withUrl, undefined)).toBe(true);
    expect(isTrustedOrigin("https://evilteams.microsoft.com", withUrl, undefined)).toBe(false);
    expect(isTrustedOrigin("http://teams.microsoft.com", withUrl, undefined)).toBe(false);
    expect(isTrustedOrigin("null", withUrl, undefined)).toBe(false);
  });
  it("without PUBLIC_URL accepts the request's own host", () => {
    expect(isTrustedOrigin("http://localhost:3978", dev, "localhost:3978")).toBe(true);
    expect(isTrustedOrigin("http://localhost:3979", dev, "localhost:3978")).toBe(false);
    expect(isTrustedOrigin("http://evil.example", dev, "localhost:3978")).toBe(false);
  });
});

describe("publicOrigin and mailLinkOrigin", () => {
  const forged = { protocol: "https", host: "attacker.example" };
  const production = {
    NODE_ENV: "production",
    SESSION_SECRET: "s".repeat(40),
    INTEGRATIONS_KEY: Buffer.alloc(32, 7).toString("base64"),
  };

  it("prefers PUBLIC_URL (without its trailing slash) over the request's Host", () => {
    const config = loadConfig({ ...production, PUBLIC_URL: "https://pointwise.test/" });
    expect(publicOrigin(config, forged)).toBe("https://pointwise.test");
    expect(mailLinkOrigin(config, forged)).toBe("https://pointwise.test");
  });

  it("uses the request's origin outside production", () => {
    expect(publicOrigin(loadConfig({}), forged)).toBe("https://attacker.example");
    expect(mailLinkOrigin(loadConfig({}), forged)).toBe("https://attacker.example");
  });

  it("gives no origin for e-mailed links in production without PUBLIC_URL (no reset link to a forged Host)", () => {
    const config = loadConfig(production);
    expect(mailLinkOrigin(config, forged)).toBeUndefined();
    expect(publicOrigin(config, forged)).toBe("https://attacker.example");
  });
});
