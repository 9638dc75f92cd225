import { enabledProviders, loadOAuthConfig, PROVIDER_DEFAULTS } from "./providerConfig";

describe("loadOAuthConfig (issue #13 section 1)", () => {
  it("turns a provider on only when both its client id and secret are set", () => {
    const config = loadOAuthConfig({
      AUTH_GOOGLE_CLIENT_ID: "id",
      AUTH_GOOGLE_CLIENT_SECRET: "secret",
      AUTH_GITHUB_CLIENT_ID: "id-only",
      AUTH_TWITTER_CLIENT_SECRET: "secret-only",
      AUTH_MICROSOFT_CLIENT_ID: "",
      AUTH_MICROSOFT_CLIENT_SECRET: "",
    });
    expect(enabledProviders(config)).toEqual(["google"]);
    expect(config.google).toEqual({
      kind: "oidc",
      clientId: "id",
      clientSecret: "secret",
      issuer: PROVIDER_DEFAULTS.google.issuer,
    });
  });

  it("uses the real endpoints unless AUTH_<PROVIDER>_... overrides them", () => {
    const config = loadOAuthConfig({
      AUTH_GITHUB_CLIENT_ID: "a",
      AUTH_GITHUB_CLIENT_SECRET: "b",
      AUTH_GITHUB_TOKEN_URL: "http://127.0.0.1:9/token",
      AUTH_TWITTER_CLIENT_ID: "c",
      AUTH_TWITTER_CLIENT_SECRET: "d",
      AUTH_MICROSOFT_CLIENT_ID: "e",
      AUTH_MICROSOFT_CLIENT_SECRET: "f",
      AUTH_MICROSOFT_ISSUER: "https://login.microsoftonline.com/tenant/v2.0",
    });
    expect(config.github).toMatchObject({
      authorizeUrl: PROVIDER_DEFAULTS.github.authorizeUrl,
      tokenUrl: "http://127.0.0.1:9/token",
      userinfoUrl: PROVIDER_DEFAULTS.github.userinfoUrl,
    });
    expect(config.twitter).toMatchObject(PROVIDER_DEFAULTS.twitter);
    expect(config.microsoft?.issuer).toBe("https://login.microsoftonline.com/tenant/v2.0");
    expect(enabledProviders(config)).toEqual(["microsoft", "github", "twitter"]);
  });

  it("turns Bluesky on with AUTH_BLUESKY_ENABLED=true only, with the real PLC directory by default", () => {
    expect(enabledProviders(loadOAuthConfig({ AUTH_BLUESKY_ENABLED: "false" }))).toEqual([]);
    expect(enabledProviders(loadOAuthConfig({ AUTH_BLUESKY_HANDLE_RESOLVER: "https://bsky.social" }))).toEqual([]);
    const config = loadOAuthConfig({ AUTH_BLUESKY_ENABLED: "true" });
    expect(enabledProviders(config)).toEqual(["bluesky"]);
    expect(config.bluesky).toEqual({
      kind: "atproto",
      handleResolver: undefined,
      plcDirectoryUrl: PROVIDER_DEFAULTS.bluesky.plcDirectoryUrl,
    });
    const local = loadOAuthConfig({
      AUTH_BLUESKY_ENABLED: "true",
      AUTH_BLUESKY_HANDLE_RESOLVER: "http://127.0.0.1:9",
      AUTH_BLUESKY_PLC_DIRECTORY_URL: "http://127.0.0.1:8",
    });
    expect(local.bluesky).toMatchObject({
      handleResolver: "http://127.0.0.1:9",
      plcDirectoryUrl: "http://127.0.0.1:8",
    });
    expect(() => loadOAuthConfig({ AUTH_BLUESKY_PLC_DIRECTORY_URL: "plc" })).toThrow(/AUTH_BLUESKY_PLC_DIRECTORY_URL/);
  });

  it("names a variable that is not a URL", () => {
    expect(() => loadOAuthConfig({ AUTH_GOOGLE_ISSUER: "not a url" })).toThrow(/AUTH_GOOGLE_ISSUER/);
  });
});
