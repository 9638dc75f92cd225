import type { UserView } from "@pointwise/core/presented";
import { blueskyClientMetadata, normalizeBlueskyIdentifier } from "../../auth/oauth/blueskyClient";
import { ApiClient } from "../../testing/apiClient";
import { type AtprotoStub, startAtprotoStub } from "../../testing/atprotoStub";
import { blueskySessionRows, blueskyStateRows, expireBlueskyStates } from "../../testing/blueskyRows";
import { buildUser } from "../../testing/factories";
import { oauthPairOf } from "../../testing/providerAccounts";
import { RedirectWalker } from "../../testing/redirectWalker";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * Bluesky sign-in (issue #13 sections 1 and 4): @atproto/oauth-client-node against a local AT
 * Protocol network (testing/atprotoStub.ts: handle resolution, PLC directory, PDS, and an
 * authorization server with PAR, DPoP nonces and proofs, PKCE). The test server runs on
 * http://127.0.0.1, so the client is AT Protocol's loopback development client.
 */
let net: AtprotoStub;
let server: TestServer;
beforeAll(async () => {
  net = await startAtprotoStub();
  server = await startTestServer({
    env: {
      AUTH_BLUESKY_ENABLED: "true",
      AUTH_BLUESKY_HANDLE_RESOLVER: net.handleResolver,
      AUTH_BLUESKY_PLC_DIRECTORY_URL: net.plcDirectoryUrl,
      TRUST_PROXY: "loopback",
    },
  });
});
afterAll(async () => {
  await server.close();
  await net.close();
});
beforeEach(() => {
  net.next = "approve";
});

const start = (handle: string) => `/api/auth/bluesky?handle=${encodeURIComponent(handle)}`;

describe("Bluesky sign-in", () => {
  it("creates the account from the profile on first sign-in (new session id), finds it by handle or DID, and keeps no tokens", async () => {
    const bea = net.addAccount();
    const before = { ...net.stats };
    const browser = new RedirectWalker(server.url);
    let sidDuringFlow: string | undefined;
    const landed = await browser.walk(start(bea.handle), (callback) => {
      sidDuringFlow = browser.client.cookies.get("pointwise.sid");
      return callback;
    });
    expect(landed).toBe("/");
    expect(sidDuringFlow).toBeDefined();
    expect(browser.client.cookies.get("pointwise.sid")).not.toBe(sidDuringFlow);
    const me = await browser.client.get<UserView>("/api/auth/user");
    expect(me.body).toMatchObject({
      email: null,
      firstName: "Bea",
      lastName: "Sky",
      profileImageUrl: `https://cdn.bsky.app/img/avatar/plain/${bea.did}/${bea.avatarCid}@jpeg`,
      providers: ["bluesky"],
    });
    expect(await oauthPairOf(server.ctx, me.body.id)).toEqual({ oauthProvider: "bluesky", oauthId: bea.did });
    // PAR and token both met the DPoP nonce challenge; the session was revoked and removed.
    expect(net.stats.nonceChallenges).toBeGreaterThan(before.nonceChallenges);
    expect(net.stats.badProofs).toBe(before.badProofs);
    expect(net.stats.tokens).toBe(before.tokens + 1);
    expect(net.stats.revocations).toBeGreaterThan(before.revocations);
    expect(await blueskySessionRows(server.ctx)).toEqual([]);

    for (const input of [bea.did, `@${bea.handle.toUpperCase()}`]) {
      const again = new RedirectWalker(server.url);
      expect(await again.walk(`${start(input)}&returnTo=/teams`)).toBe("/teams");
      expect((await again.client.get<UserView>("/api/auth/user")).body.id).toBe(me.body.id);
    }
  });

  it("uses the handle as the name when there is no profile record", async () => {
    const plain = net.addAccount({ displayName: null, avatarCid: null });
    const browser = new RedirectWalker(server.url);
    expect(await browser.walk(start(plain.handle))).toBe("/");
    expect((await browser.client.get<UserView>("/api/auth/user")).body).toMatchObject({
      firstName: plain.handle,
      lastName: null,
      profileImageUrl: null,
    });
  });

  it("keeps the flow's saved state sealed in the database, single use and expiring", async () => {
    const bea = net.addAccount();
    const browser = new RedirectWalker(server.url);
    const callback = await browser.walk(start(bea.handle), () => null);
    const state = new URL(callback).searchParams.get("state") ?? "";
    const rows = await blueskyStateRows(server.ctx);
    const row = rows.find((r) => r.key === state);
    expect(row?.data.startsWith("v1.")).toBe(true);
    expect(row?.data).not.toMatch(/dpopJwk|verifier/);
    await expireBlueskyStates(server.ctx);
    expect(await browser.walk(callback)).toBe("/login?error=state_mismatch&provider=bluesky");
    expect((await browser.client.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses a forged state, a callback in a browser that did not start the flow, and a replay", async () => {
    const bea = net.addAccount();
    const browser = new RedirectWalker(server.url);
    const forged = await browser.walk(start(bea.handle), (callback) => {
      callback.searchParams.set("state", "forged");
      return callback;
    });
    expect(forged).toBe("/login?error=state_mismatch&provider=bluesky");
    const callback = await browser.walk(start(bea.handle), () => null);
    const stranger = new RedirectWalker(server.url);
    expect(await stranger.walk(callback)).toBe("/login?error=state_mismatch&provider=bluesky");
    expect((await stranger.client.get("/api/auth/user")).status).toBe(401);
    // The browser that started it still finishes it, once: a replay is refused.
    expect(await browser.walk(callback)).toBe("/");
    expect(await browser.walk(callback)).toBe("/login?error=state_mismatch&provider=bluesky");
  });

  it("refuses a code redeemed with another flow's PKCE verifier and DPoP key", async () => {
    const bea = net.addAccount();
    const browser = new RedirectWalker(server.url);
    const first = new URL(await browser.walk(start(bea.handle), () => null));
    const second = new URL(await browser.walk(start(bea.handle), () => null));
    // The second flow's state (this browser's), the first flow's code: the authorization server
    // sees the wrong verifier and another DPoP key, and refuses.
    second.searchParams.set("code", first.searchParams.get("code") ?? "");
    const tokens = net.stats.tokens;
    expect(await browser.walk(second.toString())).toBe("/login?error=provider_error&provider=bluesky");
    expect(net.stats.tokens).toBe(tokens);
    expect((await browser.client.get("/api/auth/user")).status).toBe(401);
  });

  it("has a stand-in that refuses a PAR request without a valid DPoP proof", async () => {
    const missing = await fetch(`${net.issuer}/oauth/par`, { method: "POST", body: "client_id=x" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "invalid_dpop_proof" });
    const forged = await fetch(`${net.issuer}/oauth/par`, {
      method: "POST",
      headers: { dpop: "eyJhbGciOiJFUzI1NiJ9.e30.c2ln" },
      body: "client_id=x",
    });
    expect(await forged.json()).toMatchObject({ error: "invalid_dpop_proof" });
  });

  it("returns to /login with a message when consent is cancelled", async () => {
    const bea = net.addAccount();
    net.next = "cancel";
    expect(await new RedirectWalker(server.url).walk(start(bea.handle))).toBe(
      "/login?error=cancelled&provider=bluesky",
    );
  });

  it("returns to /login when the handle does not resolve, and answers 400 for a missing or malformed one", async () => {
    expect(await new RedirectWalker(server.url).walk(start("nobody.bsky.test"))).toBe(
      "/login?error=handle_not_found&provider=bluesky",
    );
    const client = new ApiClient(server.url);
    for (const path of ["/api/auth/bluesky", start(""), start("not a handle"), start("did:example:123"), start("x")]) {
      const res = await client.get<{ code: string; message: string }>(path);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.message).toMatch(/Bluesky handle, like alice\.bsky\.social/);
    }
  });

  it("is listed by GET /api/auth/providers when AUTH_BLUESKY_ENABLED=true", async () => {
    const res = await new ApiClient(server.url).get<{ providers: string[] }>("/api/auth/providers");
    expect(res.body.providers).toEqual(["bluesky"]);
  });
});

describe("POST /api/auth/link/bluesky", () => {
  it("links Bluesky to a signed-in password account, which then signs in with it", async () => {
    const owner = await buildUser(server.url);
    const bea = net.addAccount();
    const browser = new RedirectWalker(server.url);
    for (const [k, v] of owner.client.cookies) browser.client.cookies.set(k, v);
    const link = await browser.client.post<{ url: string }>("/api/auth/link/bluesky", { handle: bea.handle });
    expect(link.status).toBe(200);
    expect(await browser.walk(link.body.url)).toBe("/settings?linked=bluesky");
    expect((await owner.client.get<UserView>("/api/auth/user")).body.providers).toEqual(["bluesky"]);
    const later = new RedirectWalker(server.url);
    expect(await later.walk(start(bea.handle))).toBe("/");
    expect((await later.client.get<UserView>("/api/auth/user")).body.id).toBe(owner.user.id);
  });

  it("answers 401 signed out, 403 without the CSRF token, 400 without a handle; an unknown handle goes back to Settings", async () => {
    expect((await new ApiClient(server.url).post("/api/auth/link/bluesky", { handle: "a.bsky.test" })).status).toBe(
      401,
    );
    const { client } = await buildUser(server.url);
    const noCsrf = await client.request("POST", "/api/auth/link/bluesky", { handle: "a.bsky.test" }, { csrf: false });
    expect(noCsrf.status).toBe(403);
    const missing = await client.post<{ code: string }>("/api/auth/link/bluesky", {});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("VALIDATION_ERROR");
    const unknown = await client.post<{ url: string }>("/api/auth/link/bluesky", { handle: "nobody.bsky.test" });
    expect(unknown.body.url).toBe("/settings?error=handle_not_found&provider=bluesky");
  });
});

describe("DELETE /api/auth/providers/bluesky", () => {
  it("refuses to remove a Bluesky-only account's only way in (409 LAST_SIGN_IN_METHOD)", async () => {
    const bea = net.addAccount();
    const browser = new RedirectWalker(server.url);
    await browser.walk(start(bea.handle));
    const res = await browser.client.request<{ code: string }>("DELETE", "/api/auth/providers/bluesky");
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("LAST_SIGN_IN_METHOD");
  });
});

describe("GET /api/auth/bluesky/client-metadata.json", () => {
  it("serves the public client's metadata on an https origin, and 404 on the loopback development client", async () => {
    const client = new ApiClient(server.url);
    expect((await client.get("/api/auth/bluesky/client-metadata.json")).status).toBe(404);
    const res = await client.request<Record<string, unknown>>(
      "GET",
      "/api/auth/bluesky/client-metadata.json",
      undefined,
      {
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "pointwise.example" },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      client_id: "https://pointwise.example/api/auth/bluesky/client-metadata.json",
      client_name: "Pointwise",
      client_uri: "https://pointwise.example",
      redirect_uris: ["https://pointwise.example/api/auth/bluesky/callback"],
      scope: "atproto",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      application_type: "web",
      dpop_bound_access_tokens: true,
    });
  });
});

describe("blueskyClientMetadata and normalizeBlueskyIdentifier", () => {
  it("uses the loopback client on http://127.0.0.1 outside production only; none on localhost", () => {
    expect(blueskyClientMetadata("http://127.0.0.1:5000", false)?.client_id).toBe(
      `http://localhost?redirect_uri=${encodeURIComponent("http://127.0.0.1:5000/api/auth/bluesky/callback")}`,
    );
    expect(blueskyClientMetadata("http://127.0.0.1:5000", true)).toBeNull();
    expect(blueskyClientMetadata("http://localhost:5000", false)).toBeNull();
    expect(blueskyClientMetadata("https://pointwise.example", true)?.client_id).toBe(
      "https://pointwise.example/api/auth/bluesky/client-metadata.json",
    );
  });

  it("accepts handles (any case, with @) and did:plc/did:web; refuses the rest", () => {
    expect(normalizeBlueskyIdentifier(" @Alice.BSKY.social ")).toBe("alice.bsky.social");
    expect(normalizeBlueskyIdentifier("did:plc:ewvi7nxzyoun6zhxrhs64oiz")).toBe("did:plc:ewvi7nxzyoun6zhxrhs64oiz");
    expect(normalizeBlueskyIdentifier("did:web:example.com")).toBe("did:web:example.com");
    for (const bad of ["", "alice", "alice.local", "did:key:z6Mk", "a b.c", `${"a".repeat(250)}.com`]) {
      expect(normalizeBlueskyIdentifier(bad)).toBeNull();
    }
  });
});
