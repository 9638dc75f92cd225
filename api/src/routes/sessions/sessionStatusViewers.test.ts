import type { SessionView } from "@pointwise/core/presented";
import { buildSession, buildStory, buildUser, joinMember } from "../../testing/factories";
import { startTestServer, type TestServer } from "../../testing/testServer";
import { openSocket } from "../../testing/wsClient";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * Issue #8 section 5: "The sidebar's status of a session is the same for every viewer". The
 * status comes from the session's own state (its stories, its leader's presence), never from
 * who asks: two members, the leader and every push agree at each step.
 */
it("gives every viewer the same status, from the session's own state", async () => {
  const { session, leader } = await buildSession(server.url);
  const story = await buildStory(leader, session.id);
  const ann = await buildUser(server.url);
  const bo = await buildUser(server.url);
  await joinMember(ann, session.id);
  await joinMember(bo, session.id);
  const viewers = [leader, ann, bo];
  const statuses = async () => {
    const listed = await Promise.all(
      viewers.map(
        async (v) => (await v.client.get<SessionView[]>("/api/sessions")).body.find((s) => s.id === session.id)?.status,
      ),
    );
    const single = await Promise.all(
      viewers.map(async (v) => (await v.client.get<SessionView>(`/api/sessions/${session.id}`)).body.status),
    );
    return [...new Set([...listed, ...single])];
  };
  expect(await statuses()).toEqual(["in_progress"]);

  // Ann is connected and has voted: nothing changes for anyone (not per viewer).
  const annWs = await openSocket(server.url, ann.client);
  annWs.send({ type: "join_session", sessionId: session.id });
  await annWs.next("session_snapshot");
  await ann.client.post("/api/votes", { storyId: story.id, points: 5 });
  expect(await statuses()).toEqual(["in_progress"]);

  // The leader connects: live for all, and the snapshot the leader gets says the same.
  const leaderWs = await openSocket(server.url, leader.client);
  leaderWs.send({ type: "join_session", sessionId: session.id });
  expect((await leaderWs.next("session_snapshot")).session.status).toBe("live");
  expect(await statuses()).toEqual(["live"]);
  // Ann's own join may be pushed to her before the leader's (one frame per window, issue #10).
  await annWs.next("participants_update", (m) => m.leaderPresent);

  // The leader leaves: in progress for all.
  await leaderWs.close();
  await annWs.next("participants_update", (m) => !m.leaderPresent);
  expect(await statuses()).toEqual(["in_progress"]);

  // Every story done: completed for all.
  expect((await leader.client.patch(`/api/stories/${story.id}`, { status: "skipped" })).status).toBe(200);
  expect(await statuses()).toEqual(["completed"]);
  await annWs.close();
});
