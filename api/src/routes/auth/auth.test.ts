import { ApiClient } from "../../testing/apiClient";
import { buildUser, TEST_PASSWORD } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { advanceableDateNow } from "../../testing/wallClock";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("POST /api/register", () => {
  it("creates the user, signs them in and never returns the hash", async () => {
    const client = new ApiClient(server.url);
    const res = await client.post<{ user: Record<string, unknown> }>("/api/register", {
      email: "Ada@Example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" });
    expect(JSON.stringify(res.body)).not.toContain("argon2");
    expect(res.headers.getSetCookie().join(";")).toMatch(/pointwise\.sid=.*HttpOnly/i);
    const me = await client.get<{ email: string }>("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("ada@example.com");
  });

  it("rejects a weak password, a bad e-mail and mismatched confirmation with the spec's messages", async () => {
    const client = new ApiClient(server.url);
    const res = await client.post<{ code: string; errors: Record<string, string[]> }>("/api/register", {
      email: "not-an-email",
      firstName: "",
      lastName: "X",
      password: "short",
      confirmPassword: "other",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(res.body.errors.email).toContain("Invalid email address");
    expect(res.body.errors.password).toContain("Password must be at least 8 characters");
    const noDigit = await client.post<{ errors: Record<string, string[]> }>("/api/register", {
      email: "x@example.com",
      firstName: "X",
      lastName: "Y",
      password: "alllowercase",
    });
    expect(noDigit.body.errors.password).toContain(
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    );
    const mismatch = await client.post<{ errors: Record<string, string[]> }>("/api/register", {
      email: "y@example.com",
      firstName: "X",
      lastName: "Y",
      password: TEST_PASSWORD,
      confirmPassword: "Different1",
    });
    expect(mismatch.body.errors.confirmPassword).toEqual(["Passwords do not match"]);
  });

  it("refuses a second account for the same e-mail", async () => {
    const existing = await buildUser(server.url);
    const res = await new ApiClient(server.url).post<{ code: string }>("/api/register", {
      email: existing.email.toUpperCase(),
      firstName: "A",
      lastName: "B",
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("EMAIL_IN_USE");
  });
});

describe("POST /api/login and GET /api/logout", () => {
  it("signs in with the right password and out again", async () => {
    const { email } = await buildUser(server.url);
    const client = new ApiClient(server.url);
    const bad = await client.post<{ code: string }>("/api/login", { email, password: "Wrong1234" });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe("INVALID_CREDENTIALS");
    const ok = await client.post<{ user: { email: string } }>("/api/login", { email, password: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(email);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    const out = await client.request("GET", "/api/logout", undefined, { headers: { "sec-fetch-site": "same-origin" } });
    expect(out.status).toBe(302);
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  it("keeps a remembered sign-in for 30 days and a plain one for the browser session", async () => {
    const { email } = await buildUser(server.url);
    const remembered = await new ApiClient(server.url).post("/api/login", {
      email,
      password: TEST_PASSWORD,
      rememberMe: true,
    });
    expect(remembered.headers.getSetCookie().join(";")).toMatch(/pointwise\.sid=[^;]+;.*Expires=/i);
    const plain = await new ApiClient(server.url).post("/api/login", { email, password: TEST_PASSWORD });
    const cookie = plain.headers.getSetCookie().find((c) => c.startsWith("pointwise.sid="));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/Expires=/i);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const res = await new ApiClient(server.url).post<{ code: string; message: string }>("/api/login", {
      email: "nobody@example.com",
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: "INVALID_CREDENTIALS", message: "Invalid email or password" });
  });

  it("requires a password", async () => {
    const res = await new ApiClient(server.url).post<{ errors: Record<string, string[]> }>("/api/login", {
      email: "a@example.com",
      password: "",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toEqual(["Password is required"]);
  });
});

describe("GET /api/auth/user and PATCH /api/auth/user/profile", () => {
  it("answers 401 UNAUTHORIZED when signed out", async () => {
    const client = new ApiClient(server.url);
    const res = await client.get<{ code: string }>("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
    expect((await client.patch("/api/auth/user/profile", { firstName: "X" })).status).toBe(401);
  });

  it("updates the caller's own profile and validates it", async () => {
    const me = await buildUser(server.url);
    const res = await me.client.patch<{ firstName: string }>("/api/auth/user/profile", { firstName: "Grace" });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe("Grace");
    const bad = await me.client.patch<{ errors: Record<string, string[]> }>("/api/auth/user/profile", {
      firstName: "x".repeat(101),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.firstName).toEqual(["Must be no more than 100 characters"]);
    const other = await buildUser(server.url);
    const taken = await me.client.patch<{ code: string }>("/api/auth/user/profile", { email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("EMAIL_IN_USE");
  });
});

describe("CSRF (spec part 1 section 7)", () => {
  it("hands out a token and refuses unsafe calls without it or with a forged one", async () => {
    const client = new ApiClient(server.url);
    const token = await client.get<{ csrfToken: string }>("/api/csrf-token");
    expect(token.body.csrfToken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(client.cookies.get("csrf-token")).toBe(token.body.csrfToken);
    const body = { email: "csrf@example.com", firstName: "C", lastName: "S", password: TEST_PASSWORD };
    const missing = await client.request<{ code: string }>("POST", "/api/register", body, { csrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe("CSRF_VALIDATION_FAILED");
    const forged = await client.request<{ code: string }>("POST", "/api/register", body, {
      csrf: false,
      headers: { "x-csrf-token": "forged.value" },
    });
    expect(forged.status).toBe(403);
    client.cookies.set("csrf-token", "forged.value");
    const both = await client.request<{ code: string }>("POST", "/api/register", body, {
      csrf: false,
      headers: { "x-csrf-token": "forged.value" },
    });
    expect(both.body.code).toBe("CSRF_VALIDATION_FAILED");
  });

  it("accepts a signed header without cookies (Teams iframe guests), never an unsigned one", async () => {
    const owner = await buildUser(server.url);
    const session = await owner.client.post<{ id: string }>("/api/sessions", { title: "Meeting" });
    const token = (await new ApiClient(server.url).get<{ csrfToken: string }>("/api/csrf-token")).body.csrfToken;
    const path = `/api/sessions/${session.body.id}/join-anonymous`;
    // No cookie jar (third-party iframe): no header is refused, a forged one too, a signed one passes.
    const bare = await new ApiClient(server.url).request<{ code: string }>(
      "POST",
      path,
      { displayName: "G" },
      { csrf: false },
    );
    expect(bare.body.code).toBe("CSRF_VALIDATION_FAILED");
    const forged = await new ApiClient(server.url).request<{ code: string }>(
      "POST",
      path,
      { displayName: "G" },
      {
        csrf: false,
        headers: { "x-csrf-token": "forged.value" },
      },
    );
    expect(forged.body.code).toBe("CSRF_VALIDATION_FAILED");
    const join = await new ApiClient(server.url).request<{ participantToken: string }>(
      "POST",
      path,
      { displayName: "Iframe Guest" },
      {
        csrf: false,
        headers: { "x-csrf-token": token },
      },
    );
    expect(join.status).toBe(201);
    // The guest's own token header authenticates without CSRF (a browser never sends it by itself).
    const story = await owner.client.post<{ id: string }>(`/api/sessions/${session.body.id}/stories`, { title: "S" });
    const vote = await new ApiClient(server.url).request(
      "POST",
      "/api/votes",
      { storyId: story.body.id, points: 3 },
      {
        csrf: false,
        headers: { "x-participant-token": join.body.participantToken },
      },
    );
    expect(vote.status).toBe(200);
    // A browser with cookies must echo its own cookie: another signed token is not enough.
    const withCookies = new ApiClient(server.url);
    await withCookies.get("/api/csrf-token");
    const mismatch = await withCookies.request<{ code: string }>(
      "POST",
      path,
      { displayName: "X" },
      {
        csrf: false,
        headers: { "x-csrf-token": token },
      },
    );
    expect(mismatch.body.code).toBe("CSRF_VALIDATION_FAILED");
  });
});

describe("rate limits (issue #7, login limits)", () => {
  const PRODUCTION = {
    NODE_ENV: "production",
    SESSION_SECRET: "s".repeat(40),
    INTEGRATIONS_KEY: Buffer.alloc(32, 7).toString("base64"),
  };
  /** Starts a server with these limits, runs `body`, and closes it. */
  async function withServer(env: Record<string, string>, body: (url: string) => Promise<void>): Promise<void> {
    const limited = await startTestServer({ env });
    try {
      await body(limited.url);
    } finally {
      await limited.close();
    }
  }
  /** One login attempt as if sent through the given X-Forwarded-For chain. */
  const login = (url: string, email: string, password: string, forwardedFor?: string) =>
    new ApiClient(url).request<{ code: string }>(
      "POST",
      "/api/login",
      { email, password },
      { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} },
    );

  it("counts a client with forged X-Forwarded-For as one IP while TRUST_PROXY is unset, login and register together", async () => {
    await withServer({ ...PRODUCTION, AUTH_RATE_LIMIT_IP: "6" }, async (url) => {
      for (let i = 0; i < 5; i++) {
        expect((await login(url, `a${i}@example.com`, "Wrong1234", `203.0.113.${i}`)).status).toBe(401);
      }
      const register = await new ApiClient(url).request(
        "POST",
        "/api/register",
        { email: "r@example.com" },
        {
          headers: { "x-forwarded-for": "203.0.113.99" },
        },
      );
      expect(register.status).toBe(400); // the 6th request of this IP, still within the budget
      const blocked = await login(url, "b@example.com", "Wrong1234", "198.51.100.1");
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe("RATE_LIMITED");
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });

  it("with TRUST_PROXY=1 believes only the hop the proxy appended", async () => {
    await withServer({ ...PRODUCTION, TRUST_PROXY: "1", AUTH_RATE_LIMIT_IP: "3" }, async (url) => {
      for (let i = 0; i < 3; i++) {
        expect((await login(url, `a${i}@example.com`, "Wrong1234", `10.9.9.${i}, 203.0.113.7`)).status).toBe(401);
      }
      expect((await login(url, "a@example.com", "Wrong1234", "10.9.9.9, 203.0.113.7")).status).toBe(429);
      expect((await login(url, "a@example.com", "Wrong1234", "203.0.113.7, 198.51.100.9")).status).toBe(401);
    });
  });

  it("lets the owner sign in at once while an attacker hammers the account from another IP", async () => {
    await withServer({ TRUST_PROXY: "1", AUTH_RATE_LIMIT_ACCOUNT: "3" }, async (url) => {
      const victim = await buildUser(url);
      const attacker: number[] = [];
      for (let i = 0; i < 10; i++) attacker.push((await login(url, victim.email, "Wrong1234", "203.0.113.66")).status);
      expect(attacker.slice(0, 3)).toEqual([401, 401, 401]);
      expect(attacker.slice(3)).toContain(429);
      const owner = await login(url, victim.email, victim.password, "198.51.100.20");
      expect(owner.status).toBe(200);
    });
  });

  it("slows the account's failures from one IP progressively and never locks the right password out", async () => {
    await withServer({ TRUST_PROXY: "1", AUTH_RATE_LIMIT_ACCOUNT: "3" }, async (url) => {
      const victim = await buildUser(url);
      const ip = "203.0.113.77";
      for (let i = 0; i < 3; i++) expect((await login(url, victim.email, "Wrong1234", ip)).status).toBe(401);
      const first = await login(url, victim.email, victim.password, ip);
      expect(first.status).toBe(429); // even the right password waits its turn: no oracle
      expect(first.headers.get("retry-after")).toBe("1");
      // The throttle reads Date.now: the clock moves on instead of the test waiting.
      const clock = advanceableDateNow();
      try {
        clock.advance(900);
        expect((await login(url, victim.email, victim.password, ip)).status).toBe(429); // not yet
        clock.advance(200);
        expect((await login(url, victim.email, "Wrong1234", ip)).status).toBe(401);
        const second = await login(url, victim.email, victim.password, ip);
        expect(second.status).toBe(429);
        expect(second.headers.get("retry-after")).toBe("2");
        clock.advance(2100);
        expect((await login(url, victim.email, victim.password, ip)).status).toBe(200);
        expect((await login(url, victim.email, "Wrong1234", ip)).status).toBe(401); // a success clears the count
      } finally {
        clock.restore();
      }
    });
  });

  it("slows 'already in use' answers of register and profile per IP", async () => {
    await withServer({ TRUST_PROXY: "1", AUTH_RATE_LIMIT_ACCOUNT: "2" }, async (url) => {
      const known = await buildUser(url);
      const probe = (ip: string) =>
        new ApiClient(url).request<{ code: string }>(
          "POST",
          "/api/register",
          { email: known.email, firstName: "A", lastName: "B", password: TEST_PASSWORD },
          { headers: { "x-forwarded-for": ip } },
        );
      expect((await probe("203.0.113.5")).status).toBe(409);
      expect((await probe("203.0.113.5")).status).toBe(409);
      const slowed = await probe("203.0.113.5");
      expect(slowed.status).toBe(429);
      expect(slowed.headers.get("retry-after")).toBe("1");
      expect((await probe("198.51.100.5")).status).toBe(409); // another client is not slowed
      // Profile e-mail changes count too (one account cannot probe without limit either).
      const prober = await buildUser(url);
      const viaProfile = (ip: string) =>
        prober.client.request(
          "PATCH",
          "/api/auth/user/profile",
          { email: known.email },
          {
            headers: { "x-forwarded-for": ip },
          },
        );
      expect((await viaProfile("192.0.2.44")).status).toBe(409);
      expect((await viaProfile("192.0.2.44")).status).toBe(409);
      expect((await viaProfile("192.0.2.44")).status).toBe(429);
    });
  });
});
