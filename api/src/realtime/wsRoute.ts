import {
  CLOSE_REMOVED,
  clientMessageSchema,
  MAX_WATCHED_TEAMS,
  type ParsedClientMessage,
  type ServerMessage,
} from "@pointwise/core/realtime";
import { voterKeyOf } from "@pointwise/core/voters";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { type IdentitySource, requireUser, type UserRow } from "../auth/currentUser";
import { PARTICIPANT_HEADER } from "../auth/participantTokens";
import { addUserParticipant } from "../commands/participantJoiner";
import { updateStory } from "../commands/storyUpdater";
import { castVote } from "../commands/voteCaster";
import type { AppContext } from "../context";
import { knownError, permissionDenied, rateLimited, unauthorized, validationError } from "../errors";
import { loadSessionAccess, refreshSessionAccess, type SessionAccess, sessionPolicy } from "../policies/sessionPolicy";
import { loadTeamAccess, teamPolicy } from "../policies/teamPolicy";
import { sessionSnapshot } from "../queries/sessionState";
import { FrameQueue } from "./frameQueue";
import { FrameRateLimiter } from "./frameRateLimit";
import type { HubConnection, TeamWatcher } from "./hub";
import { publishParticipantsUpdate, wasAbsent } from "./participantsUpdate";
import { reactionLimiter, sendReaction } from "./reactions";
import { SocketCounter } from "./socketCounter";
import { startSocketKeepalive } from "./socketKeepalive";

/** Frames a socket may have waiting or in progress (issue #7): beyond, they are dropped as excess. */
const MAX_QUEUED_FRAMES = 100;

/** WebSocket close code for a policy violation (RFC 6455 section 7.4.1): too many frames or sockets. */
export const CLOSE_POLICY_VIOLATION = 1008;

/**
 * A client frame validated against core/realtime's `clientMessageSchema`.
 * @throws 400 VALIDATION_ERROR (field messages by path) for non-JSON or an unknown or malformed frame.
 */
function parseFrame(raw: string): ParsedClientMessage {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw validationError({ _frame: ["Frames must be JSON"] }, "Frames must be JSON");
  }
  const parsed = clientMessageSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join(".") || "_frame";
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw validationError(errors);
}

/**
 * WebSocket `/ws` (DESIGN.md "Contracts", spec part 2 section 4), a route like the REST ones:
 * each frame is validated (core/realtime), authorized (sessionPolicy) and handed to one
 * command, and the answer is presented. Join checks membership with the sign-in cookie, a Teams
 * SSO token or a participant token; ids a client sends must be its own; the joining client gets
 * `session_snapshot`, then every push of its session's room. Rights are re-read at every
 * vote or story frame (one query), so a participant removed or a leader changed mid-session
 * loses or gains rights at the next frame, not at the next join.
 *
 * Flood limits (issue #7, "WebSocket flood"; `config.ws`): at most `maxSocketsPerIp` open
 * sockets per client address (more are closed with 1008 at once) and `maxSocketsPerVoter`
 * joined as one participant of a session (the newcomer gets a RATE_LIMITED error frame and
 * 1008; the sockets already there keep working); frames pass a token bucket
 * (frameRateLimit: excess dropped, one RATE_LIMITED error frame, 1008 for a persistent
 * offender) into a bounded queue, and work queued for a socket that has closed is dropped.
 */
export const realtimeRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const keepalive = startSocketKeepalive(app);
  const limits = ctx.config.ws;
  const socketsByIp = new SocketCounter(limits.maxSocketsPerIp);
  const socketsByVoter = new SocketCounter(limits.maxSocketsPerVoter);

  // Every presence change reaches everyone with the participant's `present` and the new counts
  // (issue #8 section 1); `absent` (the grace ran out) needs no client to poll. A newcomer's
  // `online` goes out in the same coalesced frame as their join's held push (issue #10).
  // (`offline` changes nothing but the dot: the grace keeps them present.)
  ctx.hub.onPresence((sessionId, voterKey, change) => {
    const update = async () => {
      if (change === "offline") return publishParticipantsUpdate(ctx, sessionId, { offline: [voterKey] });
      if (change === "absent")
        return publishParticipantsUpdate(ctx, sessionId, { offline: [voterKey], refresh: [voterKey] });
      const refresh = (await wasAbsent(ctx, sessionId, voterKey)) ? [voterKey] : [];
      return publishParticipantsUpdate(ctx, sessionId, { online: [voterKey], refresh });
    };
    update().catch((err: unknown) => app.log.warn({ err }, "presence update failed"));
  });

  app.get("/ws", { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
    const releaseIp = socketsByIp.acquire(request.ip);
    if (!releaseIp) {
      socket.close(CLOSE_POLICY_VIOLATION, "Too many connections from this address");
      return;
    }
    // Keep only what identifies the caller: holding the upgrade request for the life of the
    // socket would keep its reply, session, logger and headers alive (bench/capacity). A Teams
    // SSO user from `join_session.accessToken` is memoised here, for every load of this join.
    const identity: IdentitySource = {
      headers: {
        authorization: request.headers.authorization,
        [PARTICIPANT_HEADER]: request.headers[PARTICIPANT_HEADER],
      },
      cookies: { ...request.cookies },
      session: { userId: request.session?.userId },
      userMemo: undefined,
    };
    const queryToken = (request.query as { participantToken?: string } | undefined)?.participantToken;
    const log = app.log;
    keepalive.track(socket);
    let room: { conn: HubConnection; access: SessionAccess; release(): void } | null = null;
    const frames = new FrameQueue(MAX_QUEUED_FRAMES);
    const limiter = new FrameRateLimiter(limits);
    const reactions = reactionLimiter();
    /** Teams this socket watches (`watch_team`; issue #11): team id -> who watches, and the unwatch. */
    const watchedTeams = new Map<string, { user: UserRow; unwatch(): void }>();
    /** The caller's own pushes (`watch_my_teams`: `team_added`), once per socket. */
    let unwatchUser: (() => void) | undefined;

    const send = (message: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const sendError = (err: unknown) => {
      const known = knownError(err);
      if (known) return send({ type: "error", code: known.code, message: known.message });
      log.error({ err }, "websocket handler failed");
      send({
        type: "error",
        code: "INTERNAL_ERROR",
        message: "Something went wrong on our end. Please try again later.",
      });
    };
    const leave = async () => {
      const left = room;
      room = null;
      left?.release();
      if (left) await ctx.hub.leave(left.conn);
    };
    /**
     * The caller's rights now (refreshSessionAccess: one query). One who can no longer see the
     * session also leaves its room, so no further push reaches it.
     */
    const currentAccess = async (): Promise<SessionAccess> => {
      if (!room) throw unauthorized("Send join_session first");
      const access = await refreshSessionAccess(ctx.db, room.access);
      room.access = access;
      if (!access.isMember) await leave();
      return access;
    };

    const join = async (msg: Extract<ParsedClientMessage, { type: "join_session" }>) => {
      await leave();
      identity.userMemo = msg.accessToken ? await app.teamsUserFromToken(msg.accessToken) : undefined;
      let access = await loadSessionAccess(ctx.db, identity, msg.sessionId, msg.participantToken ?? queryToken);
      sessionPolicy.view(access);
      if (msg.userId && msg.userId !== access.user?.id) throw permissionDenied("userId is not yours");
      if (msg.participantId && msg.participantId !== access.participant?.id) {
        throw permissionDenied("participantId is not yours");
      }
      const user = access.user;
      if (
        user &&
        access.voterKey === voterKeyOf({ userId: user.id }) &&
        !access.participant &&
        !access.session.archivedAt
      ) {
        // Held: the `online` of this very join sends the newcomer, in one frame (issue #10).
        await addUserParticipant(ctx, access.session.id, user, "participant", "held").catch(() => undefined);
        access = await refreshSessionAccess(ctx.db, access);
      }
      if (!access.voterKey) throw permissionDenied();
      const release = socketsByVoter.acquire(`${access.session.id} ${access.voterKey}`);
      if (!release) {
        send({ type: "error", code: "RATE_LIMITED", message: "Too many connections for this participant" });
        socket.close(CLOSE_POLICY_VIOLATION, "Too many connections for this participant");
        return;
      }
      const pending: Buffer[] = [];
      let ready = false;
      const conn: HubConnection = {
        sessionId: access.session.id,
        voterKey: access.voterKey,
        send: (frame) => {
          if (!ready) pending.push(frame);
          else if (socket.readyState === socket.OPEN) socket.send(frame, { binary: false });
        },
        // Removed by the leader (issue #8 section 1): `participant_removed` first, then the close.
        evict: () => {
          for (const frame of pending.splice(0)) {
            if (socket.readyState === socket.OPEN) socket.send(frame, { binary: false });
          }
          if (room?.conn === conn) {
            room.access = { ...room.access, isMember: false, removed: true, voterKey: null, participant: null };
          }
          socket.close(CLOSE_REMOVED, "You were removed from this session");
        },
      };
      room = { conn, access, release };
      await ctx.hub.join(conn);
      send(await sessionSnapshot(ctx, access));
      ready = true;
      for (const frame of pending) if (socket.readyState === socket.OPEN) socket.send(frame, { binary: false });
    };

    const unwatchTeam = (teamId: string) => {
      watchedTeams.get(teamId)?.unwatch();
      watchedTeams.delete(teamId);
    };
    let teamChecks = Promise.resolve();
    /**
     * This socket's one watcher of all its teams. Each `team_updated` re-reads the caller's
     * membership (one query) before it is sent, one check after another so the pushes keep their
     * order: a member gets it; one who is no longer a member gets `team_access_revoked` and the
     * watch ends. The hub's own frames (`resync`, SERVICE_UNAVAILABLE) pass as they are, unless
     * the socket is in a session room, which already got them. `team_added` (the caller's own
     * push) is sent as it is.
     */
    const teamWatcher: TeamWatcher = (message) => {
      if (message.type === "team_added") return send(message);
      if (message.type !== "team_updated") {
        if (!room) send(message);
        return;
      }
      const watched = watchedTeams.get(message.teamId);
      if (!watched) return;
      teamChecks = teamChecks
        .then(async () => {
          if (watchedTeams.get(message.teamId) !== watched || socket.readyState !== socket.OPEN) return;
          const access = await loadTeamAccess(ctx.db, watched.user, message.teamId);
          if (access.isMember) return send(message);
          unwatchTeam(message.teamId);
          send({ type: "team_access_revoked", teamId: message.teamId });
        })
        .catch((err: unknown) => log.warn({ err }, "team push failed"));
    };
    /**
     * `watch_team` (issue #11): members only (teamPolicy.view), an open team's outsiders too
     * (issue #22: they read the team, they do not follow it live); pushes go through teamWatcher.
     */
    const watchTeam = async (msg: Extract<ParsedClientMessage, { type: "watch_team" }>) => {
      if (msg.accessToken) identity.userMemo = await app.teamsUserFromToken(msg.accessToken);
      const user = await requireUser(ctx.db, identity);
      const team = teamPolicy.view(await loadTeamAccess(ctx.db, user, msg.teamId));
      if (!watchedTeams.has(team.id)) {
        if (watchedTeams.size >= MAX_WATCHED_TEAMS) throw rateLimited();
        watchedTeams.set(team.id, { user, unwatch: ctx.hub.watchTeam(team.id, teamWatcher) });
      }
      send({ type: "ack", for: "watch_team", teamId: team.id });
    };

    /** `watch_my_teams` (issue #11): a signed-in user's `team_added` pushes, on every instance. */
    const watchMyTeams = async (msg: Extract<ParsedClientMessage, { type: "watch_my_teams" }>) => {
      if (msg.accessToken) identity.userMemo = await app.teamsUserFromToken(msg.accessToken);
      const user = await requireUser(ctx.db, identity);
      unwatchUser ??= ctx.hub.watchUser(user.id, teamWatcher);
      send({ type: "ack", for: "watch_my_teams" });
    };

    const handle = async (raw: string) => {
      if (socket.readyState !== socket.OPEN) return; // closed while the frame waited: nobody to answer
      const msg = parseFrame(raw);
      switch (msg.type) {
        case "ping":
          // The clock rides along: clients estimate their offset from the round trip (issue #22 section 1).
          return send({ type: "pong", ...(msg.id === undefined ? {} : { id: msg.id }), serverNow: Date.now() });
        case "leave_session":
          return leave();
        case "join_session":
          return join(msg);
        case "watch_team":
          return watchTeam(msg);
        case "unwatch_team":
          return unwatchTeam(msg.teamId);
        case "watch_my_teams":
          return watchMyTeams(msg);
        case "vote_update": {
          const access = await currentAccess();
          sessionPolicy.participate(access);
          const result = await castVote(ctx, access, msg);
          return send({ type: "ack", for: "vote_update", vote: result.vote });
        }
        case "story_status_change": {
          const access = await currentAccess();
          sessionPolicy.lead(access);
          await updateStory(ctx, access, msg.storyId, {
            status: msg.status,
            finalPoints: msg.finalPoints ?? undefined,
          });
          return send({ type: "ack", for: "story_status_change" });
        }
        case "reaction": {
          // Rate-limited per socket, never stored (issue #8 section 6); any member may react.
          const verdict = reactions.take();
          if (verdict === "firstDrop") {
            return send({ type: "error", code: "RATE_LIMITED", message: "Too many reactions: one per second" });
          }
          if (verdict === "drop") return;
          const access = await currentAccess();
          sessionPolicy.view(access);
          return sendReaction(ctx, access, msg.emoji);
        }
      }
    };

    socket.on("message", (data) => {
      if (socket.readyState !== socket.OPEN) return;
      let verdict = limiter.take();
      if (verdict === "accept") {
        const raw = data.toString();
        if (!frames.push(() => handle(raw).catch(sendError))) verdict = limiter.drop();
      }
      if (verdict === "firstDrop") {
        send({ type: "error", code: "RATE_LIMITED", message: "Too many messages: slow down; extra ones are dropped" });
      } else if (verdict === "disconnect") {
        socket.close(CLOSE_POLICY_VIOLATION, "Too many messages");
      }
    });
    socket.on("close", () => {
      releaseIp();
      for (const teamId of [...watchedTeams.keys()]) unwatchTeam(teamId);
      unwatchUser?.();
      frames.close(() => leave().catch(() => undefined));
    });
  });
};
