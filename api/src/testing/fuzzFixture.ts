import { type ConnectorStub, startConnectorStub } from "./connectorStub";
import { buildSession, buildStory, joinGuest, type TestUser } from "./factories";
import { startTestServer, type TestServer } from "./testServer";

/** What the fuzz tests start from: a server, a Bot Connector stub, a session with a story, its leader and a guest. */
export interface FuzzFixture {
  server: TestServer;
  connector: ConnectorStub;
  leader: TestUser;
  sessionId: string;
  storyId: string;
  guest: Awaited<ReturnType<typeof joinGuest>>;
  close(): Promise<void>;
}

/**
 * Starts the fixture of routes/fuzzText and routes/fuzzApi. Their frames go back to back, so
 * the frame rate limit is lifted here (realtime/wsFlood tests it).
 */
export async function startFuzzFixture(): Promise<FuzzFixture> {
  const connector = await startConnectorStub();
  const server = await startTestServer({
    env: { PUBLIC_URL: "https://pointwise.test", WS_FRAMES_PER_SECOND: "100000", WS_FRAME_BURST: "100000" },
  });
  const { leader, session } = await buildSession(server.url);
  const story = await buildStory(leader, session.id);
  const guest = await joinGuest(server.url, session.id, "Fuzzy Fred");
  return {
    server,
    connector,
    leader,
    sessionId: session.id,
    storyId: story.id,
    guest,
    async close() {
      await server.close();
      await connector.close();
    },
  };
}
