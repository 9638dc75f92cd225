import type { ServerMessage } from "@pointwise/core/realtime";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { IdentitySource, UserRow } from "../../auth/currentUser";
import type { AppContext } from "../../context";
import { knownError, unauthorized } from "../../errors";
import { refreshSessionAccess, type SessionAccess } from "../../policies/sessionPolicy";
import { loadTeamAccess } from "../../policies/teamPolicy";
import { reactionLimiter } from "../../realtime/reactions";
import type { RoomConnection } from "../../realtime/rooms";
import type { SocketCounter } from "../../realtime/socketCounter";
import type { TeamWatcher } from "../../realtime/watchers";

/** WebSocket close code for a policy violation (RFC 6455 section 7.4.1): too many frames or sockets. */
export const CLOSE_POLICY_VIOLATION = 1008;

/** The session room a socket has joined: its hub connection, the caller's rights, its voter slot. */
export interface JoinedRoom {
  conn: RoomConnection;
  access: SessionAccess;
  /** Frees the socket's slot among its voter's sockets (config.ws.maxSocketsPerVoter). */
  release(): void;
}

/** What a socket's handlers share beyond the socket itself (one per app: routes/ws/wsRoute). */
export interface WsSocketDeps {
  ctx: AppContext;
  log: FastifyBaseLogger;
  /** The user of a Teams SSO token (app.teamsUserFromToken); throws 401 for a bad token. */
  teamsUserFromToken(token: string): Promise<UserRow>;
  /** Sockets per `<sessionId> <voterKey>` (issue #7: at most config.ws.maxSocketsPerVoter). */
  socketsByVoter: SocketCounter;
}

/**
 * One accepted `/ws` socket and what its frame handlers (routes/ws/*) share, as a REST handler
 * shares its request: the caller's identity (from the upgrade request), the session room it has
 * joined, the teams it watches, and the answers (`send`, `sendError`). Lives as long as the socket.
 */
export class WsSocket {
  /** The joined session room, or null before join_session and after leave_session or removal. */
  room: JoinedRoom | null = null;
  /** Teams this socket watches (`watch_team`; issue #11): team id -> who watches, and the unwatch. */
  readonly watchedTeams = new Map<string, { user: UserRow; unwatch(): void }>();
  /** The caller's own pushes (`watch_my_teams`: `team_added`), once per socket. */
  unwatchUser: (() => void) | undefined;
  /** Reactions this socket may still send (issue #8 section 6). */
  readonly reactions = reactionLimiter();
  private teamChecks = Promise.resolve();

  /**
   * @param deps the app-wide parts (context, log, SSO, voter socket counter)
   * @param socket the WebSocket
   * @param identity what identifies the caller: the upgrade request's headers, cookies and
   *   sign-in session only (holding the request would keep its reply, logger and headers alive)
   * @param queryToken the `participantToken` of the upgrade URL, if any
   */
  constructor(
    readonly deps: WsSocketDeps,
    readonly socket: WebSocket,
    readonly identity: IdentitySource,
    readonly queryToken: string | undefined,
  ) {}

  /** The application context (database, hub, config). */
  get ctx(): AppContext {
    return this.deps.ctx;
  }

  /** True while the socket is open (a frame that waited for a closed socket has nobody to answer). */
  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** Sends one server frame (core/realtime ServerMessage) while the socket is open. */
  send(message: ServerMessage): void {
    if (this.open) this.socket.send(JSON.stringify(message));
  }

  /** Sends an already-serialised frame (UTF-8 JSON) as a text frame while the socket is open. */
  sendFrame(frame: Buffer): void {
    if (this.open) this.socket.send(frame, { binary: false });
  }

  /**
   * Answers a failed frame with an `error` frame: a known error (errors.ts, ZodError) with its
   * code and message; anything else is logged and answered INTERNAL_ERROR.
   */
  sendError(err: unknown): void {
    const known = knownError(err);
    if (known) {
      this.send({ type: "error", code: known.code, message: known.message });
      return;
    }
    this.deps.log.error({ err }, "websocket handler failed");
    this.send({
      type: "error",
      code: "INTERNAL_ERROR",
      message: "Something went wrong on our end. Please try again later.",
    });
  }

  /** Closes the socket with a WebSocket close code and reason. */
  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  /** Leaves the joined session room, if any (its voter slot freed, its presence updated). */
  async leave(): Promise<void> {
    const left = this.room;
    this.room = null;
    left?.release();
    if (left) await this.ctx.hub.leave(left.conn);
  }

  /**
   * The caller's rights now (refreshSessionAccess: one query), re-read at every vote, story or
   * reaction frame so a participant removed or a leader changed mid-session loses or gains rights
   * at the next frame. One who can no longer see the session also leaves its room, so no further
   * push reaches it.
   * @throws 401 UNAUTHORIZED before join_session
   */
  async currentAccess(): Promise<SessionAccess> {
    if (!this.room) throw unauthorized("Send join_session first");
    const access = await refreshSessionAccess(this.ctx.db, this.room.access);
    this.room.access = access;
    if (!access.isMember) await this.leave();
    return access;
  }

  /** Stops watching a team (no error when it was not watched). */
  unwatchTeam(teamId: string): void {
    this.watchedTeams.get(teamId)?.unwatch();
    this.watchedTeams.delete(teamId);
  }

  /**
   * This socket's one watcher of all its teams. Each `team_updated` re-reads the caller's
   * membership (one query) before it is sent, one check after another so the pushes keep their
   * order: a member gets it; one who is no longer a member gets `team_access_revoked` and the
   * watch ends. The hub's own frames (`resync`, SERVICE_UNAVAILABLE) pass as they are, unless
   * the socket is in a session room, which already got them. `team_added` (the caller's own
   * push) is sent as it is.
   */
  readonly teamWatcher: TeamWatcher = (message) => {
    if (message.type === "team_added") return this.send(message);
    if (message.type !== "team_updated") {
      if (!this.room) this.send(message);
      return;
    }
    const watched = this.watchedTeams.get(message.teamId);
    if (!watched) return;
    this.teamChecks = this.teamChecks
      .then(async () => {
        if (this.watchedTeams.get(message.teamId) !== watched || !this.open) return;
        const access = await loadTeamAccess(this.ctx.db, watched.user, message.teamId);
        if (access.isMember) return this.send(message);
        this.unwatchTeam(message.teamId);
        this.send({ type: "team_access_revoked", teamId: message.teamId });
      })
      .catch((err: unknown) => this.deps.log.warn({ err }, "team push failed"));
  };

  /** The socket closed: its watches end and, once its queued frames are dropped, it leaves its room. */
  stopWatching(): void {
    for (const teamId of [...this.watchedTeams.keys()]) this.unwatchTeam(teamId);
    this.unwatchUser?.();
  }
}
