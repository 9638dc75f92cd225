import { and, eq, sql } from "drizzle-orm";
import { realtimeInstances, realtimePresence } from "../db/schema";
import { buildSession, joinGuest } from "../testing/factories";
import { startTestServer, type TestServer } from "../testing/testServer";
import { openSocket } from "../testing/wsClient";
import { HEARTBEAT_MS } from "./presence";

/**
 * Presence lives while its instance does (issue #10: one `realtime_instances` row an instance,
 * refreshed each beat, instead of every presence row): a presence row counts only while its
 * instance's row is fresh; a dead instance's rows are swept with it and its voters reported
 * offline; an instance swept while it stalled puts its rows back at its next beat. On both
 * databases (the hub beats on PGlite too).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A session whose leader and a guest are connected here; returns their sockets and keys. */
async function connectedRoom() {
  const { leader, session } = await buildSession(server.url);
  const guest = await joinGuest(server.url, session.id, "Gus");
  const leaderWs = await openSocket(server.url, leader.client);
  const guestWs = await openSocket(server.url, guest.client);
  leaderWs.send({ type: "join_session", sessionId: session.id });
  guestWs.send({ type: "join_session", sessionId: session.id });
  await leaderWs.next("session_snapshot");
  await guestWs.next("session_snapshot");
  return { session, leaderWs, guestWs, guestKey: `p:${guest.join.participant.id}` };
}

/** A beat's push arrives within one heartbeat; two and a margin for a loaded machine. */
const BEAT_WAIT_MS = HEARTBEAT_MS * 2 + 2000;

describe("instance liveness", () => {
  it("counts a presence row only while its instance's row is fresh, and puts back a swept instance's rows", async () => {
    const { session, leaderWs, guestWs, guestKey } = await connectedRoom();
    const { hub, db } = server.ctx;
    // The guest's join has reached the leader (a REST join's push may be held for its socket).
    await leaderWs.next("participants_update", (m) => m.online.includes(guestKey));
    expect(await hub.onlineVoters(session.id, [guestKey])).toEqual([guestKey]);
    // Stale (as seen by the others when this process stalls): nobody here counts as online.
    await db
      .update(realtimeInstances)
      .set({ seenAt: sql`now() - interval '1 minute'` })
      .where(eq(realtimeInstances.instanceId, hub.instanceId));
    expect(await hub.onlineVoters(session.id, [guestKey])).toEqual([]);
    // Swept by another instance's beat: its presence rows and its row gone. Its next beat makes
    // the row anew and puts the presence rows back, reported online to the room.
    await db.delete(realtimePresence).where(eq(realtimePresence.instanceId, hub.instanceId));
    await db.delete(realtimeInstances).where(eq(realtimeInstances.instanceId, hub.instanceId));
    expect(await hub.onlineVoters(session.id, [guestKey])).toEqual([]);
    // A beat that began before the deletes may still be running: the second one starts after them.
    await hub.sweepPresence();
    await hub.sweepPresence();
    expect(await hub.onlineVoters(session.id, [guestKey])).toEqual([guestKey]);
    await leaderWs.next("participants_update", (m) => m.online.includes(guestKey), BEAT_WAIT_MS);
    await Promise.all([leaderWs.close(), guestWs.close()]);
  }, 20_000);

  it("sweeps a dead instance's presence rows at the next beat and reports its voters offline", async () => {
    const { session, leaderWs, guestWs, guestKey } = await connectedRoom();
    const { db } = server.ctx;
    // The guest is connected through another instance only (their socket here closed long ago).
    await guestWs.close();
    // The close's own presence push: the guest has left this instance's room by then.
    await leaderWs.next("participants_update", (m) => m.offline.includes(guestKey));
    expect(server.ctx.hub.isConnectedHere(session.id, guestKey)).toBe(false);
    const other = `other-${session.id}`;
    await db.insert(realtimeInstances).values({ instanceId: other });
    await db.insert(realtimePresence).values({ instanceId: other, sessionId: session.id, voterKey: guestKey });
    expect(await server.ctx.hub.onlineVoters(session.id, [guestKey])).toEqual([guestKey]);
    // That instance dies (its row goes stale): the next beat here sweeps it and reports the guest offline.
    const seen = leaderWs.messages.length;
    await db
      .update(realtimeInstances)
      .set({ seenAt: sql`now() - interval '1 minute'` })
      .where(eq(realtimeInstances.instanceId, other));
    await leaderWs.nextMatching(
      (m) => leaderWs.messages.indexOf(m) >= seen && m.type === "participants_update" && m.offline.includes(guestKey),
      BEAT_WAIT_MS,
    );
    const left = await db
      .select()
      .from(realtimePresence)
      .where(and(eq(realtimePresence.instanceId, other), eq(realtimePresence.sessionId, session.id)));
    expect(left).toEqual([]);
    expect(await db.select().from(realtimeInstances).where(eq(realtimeInstances.instanceId, other))).toEqual([]);
    await leaderWs.close();
  }, 20_000);
});
