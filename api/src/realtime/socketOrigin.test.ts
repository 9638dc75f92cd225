import type { ServerMessage } from "@pointwise/core/realtime";
import WebSocket from "ws";
import { buildSession, joinGuest } from "../testing/factories";
import { startTestServer, type TestServer } from "../testing/testServer";
import { openSocket } from "../testing/wsClient";

/**
 * Cross-site WebSocket hijacking (issue #7): the victim is signed in; a page on another
 * origin opens /ws in the victim's browser, which attaches the victim's cookies. The socket
 * is accepted but the cookies are ignored, so it cannot join the victim's session; our own
 * origin and the Teams hosts keep cookie authentication; tokens work from anywhere.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: "https://pointwise.test" } });
});
afterAll(() => server.close());

/** The first answer to join_session: the snapshot, or an error code. */
async function joinAs(
  origin: string | undefined,
  client: Parameters<typeof openSocket>[1],
  sessionId: string,
  query = "",
  base = server.url,
): Promise<string> {
  const ws = await openSocket(base, client, query, origin ? { origin } : {});
  ws.send({ type: "join_session", sessionId });
  const answer = await ws.nextMatching((m) => m.type === "session_snapshot" || m.type === "error");
  await ws.close();
  return answer.type === "error" ? (answer as Extract<ServerMessage, { type: "error" }>).code : answer.type;
}

it("ignores the cookies of a socket opened from a foreign origin", async () => {
  const { session, leader } = await buildSession(server.url);
  expect(await joinAs("https://evil.example", leader.client, session.id)).toBe("UNAUTHORIZED");
  expect(await joinAs("https://pointwise.test.evil.example", leader.client, session.id)).toBe("UNAUTHORIZED");
  expect(await joinAs("null", leader.client, session.id)).toBe("UNAUTHORIZED");
  // Our own origin, Teams hosts and non-browser clients (no Origin) keep the cookie.
  expect(await joinAs("https://pointwise.test", leader.client, session.id)).toBe("session_snapshot");
  expect(await joinAs("https://teams.microsoft.com", leader.client, session.id)).toBe("session_snapshot");
  expect(await joinAs("https://foo.cloud.microsoft", leader.client, session.id)).toBe("session_snapshot");
  expect(await joinAs(undefined, leader.client, session.id)).toBe("session_snapshot");
});

it("lets token-authenticated sockets in from any origin", async () => {
  const { session } = await buildSession(server.url);
  const guest = await joinGuest(server.url, session.id, "Tom");
  const query = `?participantToken=${encodeURIComponent(guest.join.participantToken)}`;
  expect(await joinAs("https://elsewhere.example", undefined, session.id, query)).toBe("session_snapshot");
  // A guest's pt_ cookie is ambient too: ignored from a foreign origin, fine from ours.
  expect(await joinAs("https://evil.example", guest.client, session.id)).toBe("UNAUTHORIZED");
  expect(await joinAs("https://pointwise.test", guest.client, session.id)).toBe("session_snapshot");
});

it("without PUBLIC_URL trusts the request's own host", async () => {
  const dev = await startTestServer();
  try {
    const { session, leader } = await buildSession(dev.url);
    expect(await joinAs(dev.url, leader.client, session.id, "", dev.url)).toBe("session_snapshot");
    expect(await joinAs("http://evil.example", leader.client, session.id, "", dev.url)).toBe("UNAUTHORIZED");
  } finally {
    await dev.close();
  }
});

/**
 * Issue #23 section 1: `/%77s` and `/w%73` reach the WebSocket route, but the guard compared the
 * raw URL with `/ws`, so a page on a sibling origin (another port, another subdomain) joined the
 * victim's session with the victim's cookies. Every spelling the router sends to the WebSocket
 * route now passes the Origin rule; every other path answers 404 without upgrading.
 */
describe("spellings of /ws (issue #23 section 1)", () => {
  /** Paths the router hands to the WebSocket route. */
  const routed: [path: string, query: string][] = [
    ["/%77s", ""],
    ["/w%73", ""],
    ["/%77%73", ""],
    ["/%77s", "?via=query"],
    ["/ws", "?via=query"],
  ];
  /** Pages the victim's browser might be lured to: another port and a sibling subdomain of our site. */
  const siblings = ["https://pointwise.test:8443", "https://evil.pointwise.test"];

  it.each(routed)("%s%s from a sibling origin carries no cookies: not the victim", async (path, query) => {
    const { session, leader } = await buildSession(server.url);
    const team = await leader.client.post<{ id: string }>("/api/teams", { name: `Victims ${path}${query}` });
    for (const origin of siblings) {
      const ws = await openSocket(server.url, leader.client, query, { origin }, path);
      ws.send({ type: "join_session", sessionId: session.id });
      expect((await ws.next("error")).code).toBe("UNAUTHORIZED");
      ws.send({ type: "watch_team", teamId: team.body.id });
      expect((await ws.next("error")).code).toBe("UNAUTHORIZED");
      await ws.close();
    }
  });

  it.each(routed)("%s%s from our own origin keeps the cookie", async (path, query) => {
    const { session, leader } = await buildSession(server.url);
    const ws = await openSocket(server.url, leader.client, query, { origin: "https://pointwise.test" }, path);
    ws.send({ type: "join_session", sessionId: session.id });
    expect((await ws.next("session_snapshot")).session.id).toBe(session.id);
    await ws.close();
  });

  /** The status an upgrade request to `path` gets: 101 when it was upgraded. */
  function upgradeStatus(path: string, cookie: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}${path}`, {
        headers: { origin: "https://evil.pointwise.test", cookie },
      });
      ws.once("upgrade", () => {
        resolve(101);
        ws.terminate();
      });
      ws.once("unexpected-response", (req, res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      ws.on("error", reject);
    });
  }

  it.each([
    "/WS",
    "/Ws",
    "/ws/",
    "//ws",
    "/ws//",
    "/%2Fws",
    "/ws%2F",
    "/ws;x",
    "/wss",
    "/api/health",
    "/api/sessions",
    "/no-such-page",
  ])("%s answers 404 without an upgrade", async (path) => {
    const { leader } = await buildSession(server.url);
    expect(await upgradeStatus(path, leader.client.cookieHeader())).toBe(404);
  });
});
