import { eq } from "drizzle-orm";
import { session } from "../db/schema";
import { ApiClient } from "../testing/apiClient";
import { buildUser, type TestUser } from "../testing/factories";
import {
  startTestServer,
  startTwoInstances,
  type TestServer,
  type TwoInstances,
  testDbKind,
} from "../testing/testServer";
import { advanceableDateNow } from "../testing/wallClock";
import { SESSION_CACHE_MS, SESSION_COOKIE, SESSIONS_CHANNEL } from "./sessionStore";

/**
 * The sign-in session cache (issue #10): a session is read from memory for a few seconds, but a
 * logout must end it at once on the instance that handled it, on other instances as soon as
 * their NOTIFY arrives, and even with no notification within SESSION_CACHE_MS.
 */
const signedIn = async (client: ApiClient) => (await client.get("/api/auth/user")).status === 200;

/**
 * Resolves with the next session NOTIFY `server` receives (the key it names). `server`'s own store
 * listened first, so by then it has dropped that session from its cache: the event a test waits
 * for instead of polling.
 */
async function nextSessionNotice(server: TestServer): Promise<{ notice: Promise<string> }> {
  let told: (key: string) => void = () => undefined;
  const notice = new Promise<string>((resolve) => {
    told = resolve;
  });
  await server.ctx.database.listen(SESSIONS_CHANNEL, (key) => told(key));
  return { notice };
}

/** A second browser holding the same sign-in cookie (another tab, or a copied cookie). */
function sameCookieOn(baseUrl: string, user: TestUser): ApiClient {
  const copy = new ApiClient(baseUrl);
  copy.cookies.set(SESSION_COOKIE, user.client.cookies.get(SESSION_COOKIE) ?? "");
  return copy;
}

describe("sign-in session cache", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("ends a session at once on the instance that signed it out, though it was just read", async () => {
    const user = await buildUser(server.url);
    const copy = sameCookieOn(server.url, user);
    expect(await signedIn(copy)).toBe(true); // now cached
    const out = await user.client.post("/api/logout", {});
    expect(out.status).toBeLessThan(400);
    expect(await signedIn(copy)).toBe(false);
    expect(await signedIn(user.client)).toBe(false);
  });

  it("drops a session deleted behind its back (no notification) within SESSION_CACHE_MS", async () => {
    const user = await buildUser(server.url);
    expect(await signedIn(user.client)).toBe(true);
    await server.ctx.db.delete(session); // e.g. an operator, or an instance whose NOTIFY was lost
    // The cache answers for SESSION_CACHE_MS (it reads Date.now): still signed in, then not.
    const clock = advanceableDateNow();
    try {
      clock.advance(SESSION_CACHE_MS - 500);
      expect(await signedIn(user.client)).toBe(true);
      clock.advance(600);
      expect(await signedIn(user.client)).toBe(false);
    } finally {
      clock.restore();
    }
  });

  it("keeps a session alive across requests without rewriting it each time, and saves a change", async () => {
    const user = await buildUser(server.url);
    const before = (await server.ctx.db.select().from(session)).find(
      (row) => (row.sess as { userId?: string }).userId === user.user.id,
    );
    for (let i = 0; i < 3; i++) expect(await signedIn(user.client)).toBe(true);
    const rows = await server.ctx.db
      .select()
      .from(session)
      .where(eq(session.sid, before?.sid ?? ""));
    expect(rows).toHaveLength(1);
    // Signing in again regenerates the session: a new row, the old one gone, the new cookie works.
    const again = await user.client.post("/api/login", { email: user.email, password: user.password });
    expect(again.status).toBe(200);
    expect(await signedIn(user.client)).toBe(true);
    const gone = await server.ctx.db
      .select()
      .from(session)
      .where(eq(session.sid, before?.sid ?? ""));
    expect(gone).toHaveLength(0);
  });
});

const maybe = testDbKind() === "postgres" ? describe : describe.skip;

maybe("sign-in session cache across two instances", () => {
  let two: TwoInstances;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    two = await startTwoInstances();
    ({ a, b } = two);
  });
  afterAll(() => two?.close());

  it("ends a session signed out on A on B by NOTIFY, well before the cache would expire", async () => {
    const user = await buildUser(a.url);
    const onB = sameCookieOn(b.url, user);
    expect(await signedIn(onB)).toBe(true); // cached on B
    const { notice } = await nextSessionNotice(b);
    const started = Date.now();
    const out = await user.client.post("/api/logout", {});
    expect(out.status).toBeLessThan(400);
    await notice;
    expect(await signedIn(onB)).toBe(false);
    expect(Date.now() - started).toBeLessThan(SESSION_CACHE_MS / 2);
  });

  it("ends the other sessions of a password change on B by NOTIFY, and keeps the changer's (issue #11)", async () => {
    const user = await buildUser(a.url);
    const other = new ApiClient(b.url);
    expect((await other.post("/api/login", { email: user.email, password: user.password })).status).toBe(200);
    expect(await signedIn(other)).toBe(true); // cached on B
    const { notice } = await nextSessionNotice(b);
    const started = Date.now();
    const changed = await user.client.post("/api/profile/password", {
      currentPassword: user.password,
      newPassword: "Reestimate13Points",
    });
    expect(changed.status).toBe(200);
    await notice;
    expect(await signedIn(other)).toBe(false);
    expect(Date.now() - started).toBeLessThan(SESSION_CACHE_MS / 2);
    expect(await signedIn(user.client)).toBe(true);
  });
});
