/** One open WebSocket joined to a session, as its room needs it. */
export interface RoomConnection {
  sessionId: string;
  voterKey: string;
  /**
   * Sends one already-serialised frame: UTF-8 JSON, to send as a text frame. A Buffer, encoded
   * once per push and shared by every recipient (issue #10: a join's push reaches the whole room).
   */
  send(frame: Buffer): void;
  /**
   * Closes the connection because its voter was removed from the session (issue #8 section 1),
   * right after the `participant_removed` frame was sent to it.
   */
  evict?(): void;
}

/** A voter connected to this instance in a session. */
export interface LocalVoter {
  sessionId: string;
  voterKey: string;
}

/** Frames naming a removed voter begin like this (JSON.stringify keeps the `type` key first). */
const REMOVED_PREFIX = '{"type":"participant_removed"';

/**
 * This instance's session rooms (spec part 2 section 4, STYLE.md point 6: rooms per session):
 * which sockets are joined to which session, and the fan-out of one serialised frame to them.
 * Owns nothing in the database; presence (who counts as connected anywhere) is presence.ts's.
 */
export class Rooms {
  private readonly rooms = new Map<string, Set<RoomConnection>>();

  /**
   * Adds a connection to its session's room.
   * @returns true when it is its voter's first connection to the session on this instance
   */
  add(conn: RoomConnection): boolean {
    let room = this.rooms.get(conn.sessionId);
    if (!room) {
      room = new Set();
      this.rooms.set(conn.sessionId, room);
    }
    const first = !this.isConnectedHere(conn.sessionId, conn.voterKey);
    room.add(conn);
    return first;
  }

  /**
   * Removes a connection from its room (and the room once empty).
   * @returns false when it was in no room
   */
  remove(conn: RoomConnection): boolean {
    const room = this.rooms.get(conn.sessionId);
    if (!room?.delete(conn)) return false;
    if (room.size === 0) this.rooms.delete(conn.sessionId);
    return true;
  }

  /** True when some socket here is joined to the session (its pushes from other instances are wanted). */
  has(sessionId: string): boolean {
    return this.rooms.has(sessionId);
  }

  /** True when the voter has an open connection to this instance in the session. */
  isConnectedHere(sessionId: string, voterKey: string): boolean {
    const room = this.rooms.get(sessionId);
    if (!room) return false;
    for (const conn of room) if (conn.voterKey === voterKey) return true;
    return false;
  }

  /** Number of local connections (all rooms). */
  get connectionCount(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.size;
    return n;
  }

  /** Distinct (sessionId, voterKey) pairs connected to this instance. */
  localVoters(): LocalVoter[] {
    const pairs: LocalVoter[] = [];
    for (const [sessionId, room] of this.rooms) {
      for (const voterKey of new Set([...room].map((c) => c.voterKey))) pairs.push({ sessionId, voterKey });
    }
    return pairs;
  }

  /**
   * Sends one serialised frame (UTF-8 JSON text) to the room of a session, encoded once. A
   * `participant_removed` frame then evicts the removed voter's connections (issue #8 section 1).
   */
  deliver(sessionId: string, frame: string): void {
    const room = this.rooms.get(sessionId);
    if (!room) return;
    const data = Buffer.from(frame);
    for (const conn of room) conn.send(data);
    if (frame.startsWith(REMOVED_PREFIX)) {
      const { voterKey } = JSON.parse(frame) as { voterKey: string };
      for (const conn of [...room]) if (conn.voterKey === voterKey) conn.evict?.();
    }
  }

  /** Sends one encoded frame to every connection of every room (the hub's own frames: `resync`, errors). */
  broadcast(frame: Buffer): void {
    for (const room of this.rooms.values()) for (const conn of room) conn.send(frame);
  }
}
