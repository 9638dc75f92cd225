import type { ServerMessage } from "@pointwise/core/realtime";
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
  const answered = () => ws.messages.find((m) => m.type === "session_snapshot" || m.type === "error");
  for (let i = 0; i < 200 && !answered(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  await ws.close();
  const answer = answered();
  return answer?.type === "error" ? (answer as Extract<ServerMessage, { type: "error" }>).code : String(answer?.type);
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
