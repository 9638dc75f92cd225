import type { ServerMessage } from "@pointwise/core/realtime";
import { STORY_STATUSES } from "@pointwise/core/storySchemas";
import { text } from "@pointwise/core/text";
import { castVoteSchema } from "@pointwise/core/voteSchemas";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import type { IdentitySource } from "../auth/currentUser";
import { PARTICIPANT_HEADER } from "../auth/participantTokens";
import { addUserParticipant } from "../commands/participantJoiner";
import { updateStory } from "../commands/storyUpdater";
import { castVote } from "../commands/voteCaster";
import type { AppContext } from "../context";
import { isDatabaseUnavailable } from "../db/databaseErrors";
import { pointingSessions } from "../db/schema";
import { AppError, serviceUnavailable } from "../errors";
import { loadSessionAccess, type SessionAccess, sessionPolicy } from "../policies/sessionPolicy";
import { sessionSnapshot } from "../queries/sessionState";
import type { HubConnection } from "./hub";
import { publishParticipantsUpdate } from "./participantsUpdate";

/** Frames a client may send (core/realtime ClientMessage), validated before use. */
const clientMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("join_session"),
    sessionId: text("Session"),
    userId: text("User").nullish(),
    participantId: text("Participant").nullish(),
    displayName: text("Display name").nullish(),
    participantToken: text("Participant token").optional(),
    /** A Teams SSO token: browsers cannot set an Authorization header on a WebSocket. */
    accessToken: text("Access token").optional(),
  }),
  castVoteSchema.extend({ type: z.literal("vote_update") }),
  z.object({
    type: z.literal("story_status_change"),
    storyId: z.uuid("Invalid story"),
    status: z.enum(STORY_STATUSES),
    finalPoints: z.number().int().min(0).max(999).nullish(),
  }),
  z.object({ type: z.literal("leave_session") }),
  z.object({ type: z.literal("ping") }),
]);

/** Each socket is pinged once per interval; one that missed its last pong is dropped. */
const PING_INTERVAL_MS = 30_000;
/** Pings are spread over the interval in slices, so 10,000 sockets never block one tick. */
const PING_SLICES = 30;

/**
 * WebSocket `/ws` (DESIGN.md "Contracts", spec part 2 section 4): join checks membership
 * with the sign-in cookie or participant token; ids a client sends must be its own; the
 * joining client gets `session_snapshot`, then every push of its session's room.
 */
export const realtimeRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const alive = new WeakMap<WebSocket, boolean>();
  const sockets = new Set<WebSocket>();
  let tick = 0;
  const pinger = setInterval(() => {
    const slice = tick++ % PING_SLICES;
    let i = 0;
    for (const socket of sockets) {
      if (i++ % PING_SLICES !== slice) continue;
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, PING_INTERVAL_MS / PING_SLICES);
  pinger.unref();
  app.addHook("onClose", async () => {
    clearInterval(pinger);
    for (const socket of sockets) socket.close(1001, "Server shutting down");
  });

  ctx.hub.onPresence((sessionId, voterKey, online) => {
    publishParticipantsUpdate(ctx, sessionId, online ? { online: [voterKey] } : { offline: [voterKey] }).catch(
      (err: unknown) => app.log.warn({ err }, "presence update failed"),
    );
  });

  app.get("/ws", { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
    // Keep only what identifies the caller: holding the upgrade request for the life of the
    // socket would keep its reply, session, logger and headers alive (bench/capacity).
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
    sockets.add(socket);
    alive.set(socket, true);
    socket.on("pong", () => alive.set(socket, true));
    let access: SessionAccess | null = null;
    let conn: HubConnection | null = null;
    let queue: Promise<void> = Promise.resolve();

    const send = (message: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const sendError = (err: unknown) => {
      if (isDatabaseUnavailable(err)) err = serviceUnavailable();
      if (err instanceof AppError) return send({ type: "error", code: err.code, message: err.message });
      log.error({ err }, "websocket handler failed");
      send({
        type: "error",
        code: "INTERNAL_ERROR",
        message: "Something went wrong on our end. Please try again later.",
      });
    };
    const leave = async () => {
      if (conn) await ctx.hub.leave(conn);
      conn = null;
      access = null;
    };

    const handle = async (raw: string) => {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new AppError(400, "VALIDATION_ERROR", "Frames must be JSON");
      }
      const parsed = clientMessage.safeParse(json);
      if (!parsed.success) {
        throw new AppError(
          400,
          "VALIDATION_ERROR",
          parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join(". "),
        );
      }
      const msg = parsed.data;
      if (msg.type === "ping") return send({ type: "pong" });
      if (msg.type === "join_session") {
        await leave();
        if (msg.accessToken) request.userMemo = await app.teamsUserFromToken(msg.accessToken);
        const query = request.query as { participantToken?: string } | undefined;
        let joined = await loadSessionAccess(
          ctx.db,
          request,
          msg.sessionId,
          msg.participantToken ?? query?.participantToken,
        );
        sessionPolicy.view(joined);
        if (msg.userId && msg.userId !== joined.user?.id)
          throw new AppError(403, "PERMISSION_DENIED", "userId is not yours");
        if (msg.participantId && msg.participantId !== joined.participant?.id) {
          throw new AppError(403, "PERMISSION_DENIED", "participantId is not yours");
        }
        if (
          joined.user &&
          joined.voterKey === `u:${joined.user.id}` &&
          !joined.participant &&
          !joined.session.archivedAt
        ) {
          await addUserParticipant(ctx, joined.session.id, joined.user).catch(() => undefined);
          joined = await loadSessionAccess(ctx.db, identity, msg.sessionId, msg.participantToken ?? queryToken);
        }
        if (!joined.voterKey)
          throw new AppError(403, "PERMISSION_DENIED", "You do not have permission to perform this action.");
        const pending: string[] = [];
        let ready = false;
        const connection: HubConnection = {
          sessionId: joined.session.id,
          voterKey: joined.voterKey,
          send: (frame) => {
            if (!ready) pending.push(frame);
            else if (socket.readyState === socket.OPEN) socket.send(frame);
          },
        };
        access = joined;
        conn = connection;
        await ctx.hub.join(connection);
        send(await sessionSnapshot(ctx, joined));
        ready = true;
        for (const frame of pending) if (socket.readyState === socket.OPEN) socket.send(frame);
        return;
      }
      if (msg.type === "leave_session") return leave();
      if (!access) throw new AppError(401, "UNAUTHORIZED", "Send join_session first");
      if (msg.type === "vote_update") {
        // castVote re-reads the session's deck and locks with the story row in one query.
        sessionPolicy.participate(access);
        const result = await castVote(ctx, access, msg);
        return send({ type: "ack", for: "vote_update", vote: result.vote });
      }
      const [fresh] = await ctx.db.select().from(pointingSessions).where(eq(pointingSessions.id, access.session.id));
      if (!fresh) throw new AppError(404, "NOT_FOUND", "Session not found");
      access.session = fresh;
      sessionPolicy.lead(access);
      await updateStory(ctx, access, msg.storyId, { status: msg.status, finalPoints: msg.finalPoints ?? undefined });
      send({ type: "ack", for: "story_status_change" });
    };

    socket.on("message", (data) => {
      const raw = data.toString();
      queue = queue.then(() => handle(raw)).catch(sendError);
    });
    socket.on("close", () => {
      sockets.delete(socket);
      queue = queue.then(leave).catch(() => undefined);
    });
  });
};
