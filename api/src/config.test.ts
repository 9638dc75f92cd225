import { loadConfig } from "./config";

describe("TRUST_PROXY (issue #7: X-Forwarded-For is believed only from configured proxies)", () => {
  const trustOf = (value?: string, nodeEnv = "production") =>
    loadConfig({
      NODE_ENV: nodeEnv,
      SESSION_SECRET: "s".repeat(40),
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
