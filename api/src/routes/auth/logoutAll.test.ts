import { ApiClient } from "../../testing/apiClient";
import { buildUser, TEST_PASSWORD } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";

/**
 * POST /api/auth/change-password (the same handler as POST /api/profile/password) and
 * POST /api/auth/logout-all (issue #13 section 3): 401, 403 CSRF, 400, success.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const NEW_PASSWORD = "Reestimate34Points";

async function signInAgain(email: string, password = TEST_PASSWORD): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const res = await client.post("/api/login", { email, password });
  expect(res.status).toBe(200);
  return client;
}

describe("POST /api/auth/change-password", () => {
  it("answers 401 signed out, 403 without CSRF, 400 for a weak or wrong password", async () => {
    const body = { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD };
    const anonymous = await new ApiClient(server.url).post<{ code: string }>("/api/auth/change-password", body);
    expect(anonymous.status).toBe(401);
    const ada = await buildUser(server.url);
    const csrf = await ada.client.request<{ code: string }>("POST", "/api/auth/change-password", body, {
      csrf: false,
    });
    expect(csrf.status).toBe(403);
    expect(csrf.body.code).toBe("CSRF_VALIDATION_FAILED");
    const weak = await ada.client.post<{ errors: Record<string, string[]> }>("/api/auth/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "Short1",
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.newPassword).toEqual(["Password must be at least 8 characters"]);
    const wrong = await ada.client.post<{ errors: Record<string, string[]> }>("/api/auth/change-password", {
      currentPassword: "NotMyPassword1",
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toEqual(["Current password is incorrect"]);
  });

  it("changes the password, keeps this session, signs out the others", async () => {
    const ada = await buildUser(server.url);
    const phone = await signInAgain(ada.email);
    const res = await ada.client.post<{ signedOutSessions: number }>("/api/auth/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.signedOutSessions).toBe(1);
    expect((await ada.client.get("/api/auth/user")).status).toBe(200);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    await signInAgain(ada.email, NEW_PASSWORD);
  });
});

describe("POST /api/auth/logout-all", () => {
  it("answers 401 signed out, 403 without CSRF, 400 for a body with fields", async () => {
    expect((await new ApiClient(server.url).post("/api/auth/logout-all")).status).toBe(401);
    const ada = await buildUser(server.url);
    const csrf = await ada.client.request<{ code: string }>("POST", "/api/auth/logout-all", undefined, {
      csrf: false,
    });
    expect(csrf.status).toBe(403);
    expect(csrf.body.code).toBe("CSRF_VALIDATION_FAILED");
    const bad = await ada.client.post<{ code: string }>("/api/auth/logout-all", { everywhere: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    expect((await ada.client.get("/api/auth/user")).status).toBe(200);
  });

  it("signs out every session of the user, this one included, and no one else's", async () => {
    const ada = await buildUser(server.url);
    const phone = await signInAgain(ada.email);
    const laptop = await signInAgain(ada.email);
    const bob = await buildUser(server.url);
    for (const client of [ada.client, phone, laptop, bob.client]) {
      expect((await client.get("/api/auth/user")).status).toBe(200);
    }
    const res = await ada.client.post<{ message: string; signedOutSessions: number }>("/api/auth/logout-all", {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "You have been signed out everywhere.", signedOutSessions: 3 });
    for (const client of [ada.client, phone, laptop]) {
      expect((await client.get("/api/auth/user")).status).toBe(401);
    }
    expect((await bob.client.get("/api/auth/user")).status).toBe(200);
    await signInAgain(ada.email); // the password still works
  });
});
