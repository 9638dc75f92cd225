import type { ParticipantView, SessionView, StoryView } from "@pointwise/core/presented";
import type { ServerMessage } from "@pointwise/core/realtime";
import type { ApiClient } from "./apiClient";
import { buildSession, buildStory, buildUser, joinGuest, joinMember, type TestUser } from "./factories";
import { openSocket, type TestSocket } from "./wsClient";

/** A guest who joined a session by name (joinGuest's answer). */
export type TestGuest = Awaited<ReturnType<typeof joinGuest>>;

/**
 * A session ready for a round (issue #24 section 4: one builder instead of a local `room()` per
 * test file): its leader, one story (the current one), a signed-in member and a guest who joined
 * by name, and the participant id of each.
 */
export interface Room {
  url: string;
  leader: TestUser;
  session: SessionView;
  story: StoryView;
  member: TestUser;
  guest: TestGuest;
  /** Participant ids (session_participants.id) of the leader, the member and the guest. */
  ids: { leader: string; member: string; guest: string };
}

/** What a room is built with; every field has a default. */
export interface RoomOptions {
  /** The session's title (default "Sprint planning"). */
  title?: string;
  /** The story's title (default a random one). */
  storyTitle?: string;
  /** The story's description (default none). */
  storyDescription?: string;
  /** The member's first name (default "Mia"; last name "Member"). */
  memberName?: string;
  /** The guest's display name (default "Gus"). */
  guestName?: string;
}

/**
 * Builds a room through the public API: session (its leader created), story, member joined with
 * the link (POST join), guest joined by name (POST join-anonymous). Nobody is connected: see
 * `connect`. The guest's join push is held for the socket that never comes (participantsUpdate's
 * hold): a socket connected at once may receive it; `settleRoom` waits until it went out.
 */
export async function buildRoom(url: string, options: RoomOptions = {}): Promise<Room> {
  const { leader, session } = await buildSession(url, { title: options.title });
  const story = await buildStory(leader, session.id, {
    title: options.storyTitle,
    description: options.storyDescription,
  });
  const member = await buildUser(url, { firstName: options.memberName ?? "Mia", lastName: "Member" });
  await joinMember(member, session.id);
  const guest = await joinGuest(url, session.id, options.guestName ?? "Gus");
  const people = await leader.client.get<ParticipantView[]>(`/api/sessions/${session.id}/participants`);
  const idOf = (userId: string) => people.body.find((p) => p.userId === userId)?.id ?? "";
  return {
    url,
    leader,
    session,
    story,
    member,
    guest,
    ids: { leader: idOf(leader.user.id), member: idOf(member.user.id), guest: guest.join.participant.id },
  };
}

/**
 * Opens a socket with `client`'s cookies, joins `sessionId` (`participantId` for a guest) and
 * waits for its snapshot.
 */
export async function connect(
  url: string,
  client: ApiClient,
  sessionId: string,
  participantId?: string,
): Promise<TestSocket> {
  const ws = await openSocket(url, client);
  ws.send({ type: "join_session", sessionId, ...(participantId ? { participantId } : {}) });
  await ws.next("session_snapshot");
  return ws;
}

/**
 * Waits until `ws` has seen every voterKey of `keys` online: in its snapshot's presence or in a
 * `participants_update` (the event of a socket's join reaching the room).
 */
export async function seenOnline(ws: TestSocket, keys: string[]): Promise<void> {
  const seen = () =>
    new Set(
      ws.messages.flatMap((m) =>
        m.type === "participants_update" ? m.online : m.type === "session_snapshot" ? m.presence.online : [],
      ),
    );
  while (!keys.every((k) => seen().has(k))) await ws.next("participants_update");
}

let pings = 0;

/**
 * A round trip on one socket: sends `ping` and waits for its `pong`. Frames on a socket arrive
 * in order, so once it returns, every frame the server sent this socket before answering has
 * arrived: after an HTTP answer, the pushes of that request sent to this instance's rooms (the
 * hub hands them to the sockets before the answer leaves). Not a barrier for pushes from another
 * instance (LISTEN/NOTIFY) or for held and windowed pushes (`settleRoom`).
 */
export async function roundTrip(ws: TestSocket): Promise<void> {
  const id = ++pings;
  ws.send({ type: "ping", id });
  await ws.next("pong", (m) => m.id === id);
}

type ParticipantsUpdate = Extract<ServerMessage, { type: "participants_update" }>;

/**
 * Waits until every `participants_update` held or windowed for the session has gone out, and
 * returns, for each socket, the frames it received from `marks[i]` (an index into its messages)
 * up to the barrier, the barrier excluded. The barrier is a known marker sent through the same
 * path: the leader sets their own role to what it is (PATCH participants/{id}: no change, one
 * `participants_update` refreshing the leader, sent with the session's pending changes, never
 * before them) and every socket waits for that frame, whichever instance it is on (pushes of one
 * session are published one after the other, NOTIFY in commit order). The marker frame must carry
 * the leader alone: anything else in it was pending, and is returned as a frame of its own kind
 * (`{type: "participants_update", ..., pendingAtBarrier: true}`) so an assertion on the frames sees it.
 * Call it once the changes a test waits for were seen (e.g. the joiner's `online`): a change not yet
 * queued (a presence write still in progress) is no pending change.
 */
export async function settleRoom(
  room: Pick<Room, "leader" | "session" | "ids">,
  sockets: TestSocket[],
  marks: number[] = sockets.map((ws) => ws.messages.length),
): Promise<ServerMessage[][]> {
  const starts = sockets.map((ws) => ws.messages.length);
  const res = await room.leader.client.patch(`/api/sessions/${room.session.id}/participants/${room.ids.leader}`, {
    role: "participant",
  });
  if (res.status !== 200) throw new Error(`marker failed: ${res.status} ${JSON.stringify(res.body)}`);
  // The leader's own socket joining also refreshes them, with their key online: not the marker.
  const leaderKey = `u:${room.leader.user.id}`;
  const isMarker = (m: ServerMessage): m is ParticipantsUpdate =>
    m.type === "participants_update" &&
    m.participants.some((p) => p.id === room.ids.leader) &&
    !m.online.includes(leaderKey);
  return Promise.all(
    sockets.map(async (ws, i) => {
      await ws.next("participants_update", (m) => isMarker(m) && ws.messages.indexOf(m) >= (starts[i] ?? 0));
      const end = ws.messages.findIndex((m, at) => at >= (starts[i] ?? 0) && isMarker(m));
      const frames = ws.messages.slice(marks[i] ?? 0, end);
      const marker = ws.messages[end] as ParticipantsUpdate;
      const extra = {
        participants: marker.participants.filter((p) => p.id !== room.ids.leader),
        online: marker.online,
        offline: marker.offline,
      };
      if (extra.participants.length + extra.online.length + extra.offline.length > 0) {
        frames.push({ ...marker, ...extra, pendingAtBarrier: true } as ServerMessage);
      }
      return frames;
    }),
  );
}
