import { ApiClient } from "../../testing/apiClient";
import { buildUser, TEST_PASSWORD } from "../../testing/factories";
import { makeProviderAccount } from "../../testing/providerAccounts";
import { startTestServer, type TestServer } from "../../testing/testServer";

/** POST /api/profile/password (issue #11 section 4): 401, 403 CSRF, 400, success, other sessions signed out. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const NEW_PASSWORD = "Reestimate13Points";

/** A second, independent sign-in of the same account. */
async function signInAgain(email: string, password = TEST_PASSWORD): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const res = await client.post("/api/login", { email, password });
  expect(res.status).toBe(200);
  return client;
}

describe("POST /api/profile/password", () => {
  it("answers 401 without a sign-in", async () => {
    const res = await new ApiClient(server.url).post<{ code: string }>("/api/profile/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("answers 403 without the CSRF token and changes nothing", async () => {
    const ada = await buildUser(server.url);
    const res = await ada.client.request<{ code: string }>(
      "POST",
      "/api/profile/password",
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      { csrf: false },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("CSRF_VALIDATION_FAILED");
    await signInAgain(ada.email);
  });

  it("answers 400 for a weak new password and for a wrong current one, with field messages", async () => {
    const ada = await buildUser(server.url);
    const weak = await ada.client.post<{ code: string; errors: Record<string, string[]> }>("/api/profile/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "alllowercase",
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.newPassword).toEqual([
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    ]);
    const missing = await ada.client.post<{ errors: Record<string, string[]> }>("/api/profile/password", {
      newPassword: NEW_PASSWORD,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.currentPassword).toEqual(["Current password is required"]);
    const wrong = await ada.client.post<{ code: string; errors: Record<string, string[]> }>("/api/profile/password", {
      currentPassword: "NotMyPassword1",
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("VALIDATION_ERROR");
    expect(wrong.body.errors.currentPassword).toEqual(["Current password is incorrect"]);
    await signInAgain(ada.email); // unchanged
  });

  it("changes the password, keeps this session and signs out the user's other sessions only", async () => {
    const ada = await buildUser(server.url);
    const adaPhone = await signInAgain(ada.email);
    const adaLaptop = await signInAgain(ada.email);
    const bob = await buildUser(server.url);
    // Read once so each session sits in the store's cache: the change must drop cached ones too.
    for (const client of [ada.client, adaPhone, adaLaptop, bob.client]) {
      expect((await client.get("/api/auth/user")).status).toBe(200);
    }
    const res = await ada.client.post<{ signedOutSessions: number }>("/api/profile/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.signedOutSessions).toBe(2);
    expect((await ada.client.get("/api/auth/user")).status).toBe(200);
    expect((await adaPhone.get<{ code: string }>("/api/auth/user")).status).toBe(401);
    expect((await adaLaptop.get<{ code: string }>("/api/auth/user")).status).toBe(401);
    expect((await bob.client.get("/api/auth/user")).status).toBe(200);
    const old = await new ApiClient(server.url).post<{ code: string }>("/api/login", {
      email: ada.email,
      password: TEST_PASSWORD,
    });
    expect(old.status).toBe(401);
    await signInAgain(ada.email, NEW_PASSWORD);
    const me = await ada.client.get<{ hasPassword: boolean }>("/api/auth/user");
    expect(me.body.hasPassword).toBe(true);
  });
});

describe("POST /api/profile/password, an account of a sign-in provider", () => {
  it("has no password to change: 400 on currentPassword, and the user view says so", async () => {
    const ada = await buildUser(server.url);
    await makeProviderAccount(server.ctx, ada.user.id);
    const res = await ada.client.post<{ code: string; errors: Record<string, string[]> }>("/api/profile/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.currentPassword).toEqual([
      "This account signs in with a provider and has no password to change",
    ]);
    const me = await ada.client.get<{ hasPassword: boolean }>("/api/auth/user");
    expect(me.body.hasPassword).toBe(false);
  });
});

describe("POST /api/profile/password, wrong current passwords", () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ env: { AUTH_RATE_LIMIT_ACCOUNT: "2" } });
  });
  afterAll(() => strict.close());

  it("slow down with 429 RATE_LIMITED after the free failures", async () => {
    const ada = await buildUser(strict.url);
    const wrong = { currentPassword: "NotMyPassword1", newPassword: NEW_PASSWORD };
    expect((await ada.client.post("/api/profile/password", wrong)).status).toBe(400);
    expect((await ada.client.post("/api/profile/password", wrong)).status).toBe(400);
    const limited = await ada.client.post<{ code: string }>("/api/profile/password", wrong);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
  });
});
