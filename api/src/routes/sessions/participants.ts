import { joinAnonymousSchema } from "@pointwise/core/authSchemas";
import {
  inviteParticipantSchema,
  inviteResultSchema,
  joinSessionSchema,
  participantPageQuerySchema,
  updateParticipantSchema,
} from "@pointwise/core/sessionSchemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ANY_CALLER } from "../../auth/callerGate";
import { requireUser } from "../../auth/currentUser";
import { participantCookieName } from "../../auth/participantTokens";
import { joinAnonymous } from "../../commands/guestJoiner";
import { inviteByEmail } from "../../commands/participantInviter";
import { addUserParticipant } from "../../commands/participantJoiner";
import { removeParticipant, setParticipantRole } from "../../commands/participantManager";
import type { AppContext } from "../../context";
import { validationError } from "../../errors";
import { loadSessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { viewerOf } from "../../presenters/participantPresenter";
import { findTeamInvitee } from "../../queries/invitee";
import { pendingInvitationViews } from "../../queries/sessionInvitations";
import { participantViews } from "../../queries/sessionState";
import { sessionIdParams, sessionParams } from "./schema";

/** Params of a participant route: the session and one of its participants. */
const participantParams = sessionParams.extend({ participantId: z.string().min(1) });

/** Guests keep their seat for 30 days (spec part 2 section 2: anonymous data kept 30 days). */
const PARTICIPANT_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Joining, inviting and listing participants (spec part 2 section 7). */
export const participantRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.nodeEnv === "production" || (ctx.config.publicUrl?.startsWith("https://") ?? false);

  app.post(
    "/api/sessions/:sessionId/join-anonymous",
    { config: ANY_CALLER, schema: { params: sessionIdParams, body: joinAnonymousSchema } },
    async (request, reply) => {
      const result = await joinAnonymous(ctx, request.params.sessionId, request.body.displayName, request.body.role);
      reply.setCookie(participantCookieName(request.params.sessionId), result.participantToken, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: PARTICIPANT_COOKIE_MAX_AGE_S,
      });
      return reply.status(201).send(result);
    },
  );

  app.post("/api/sessions/:id/join", { schema: { params: sessionParams } }, async (request, reply) => {
    const user = await requireUser(ctx.db, request);
    // The body is optional ({role}: "Join as observer", issue #8 section 1); read after the 401 check.
    const parsed = joinSessionSchema.safeParse(request.body ?? undefined);
    if (!parsed.success) throw validationError({ role: parsed.error.issues.map((i) => i.message) });
    const { participant, created } = await addUserParticipant(ctx, request.params.id, user, parsed.data?.role, "held");
    return reply.status(created ? 201 : 200).send(participant);
  });

  /**
   * Voter or observer (issue #8 sections 1 and 7): the participant themself, or the leader for
   * anyone. 400 for another role, 403 otherwise, 404 for an unknown participant.
   */
  app.patch(
    "/api/sessions/:id/participants/:participantId",
    { schema: { params: participantParams, body: updateParticipantSchema } },
    async (request) => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      return setParticipantRole(ctx, access, request.params.participantId, request.body.role);
    },
  );

  /** Removes a participant (the leader; issue #8 sections 1 and 7); 409 CANNOT_REMOVE_LEADER for the leader. */
  app.delete(
    "/api/sessions/:id/participants/:participantId",
    { schema: { params: participantParams } },
    async (request) => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      await removeParticipant(ctx, access, request.params.participantId);
      return { message: "Participant removed", participantId: request.params.participantId };
    },
  );

  /**
   * The session's participants in join order (spec part 2 section 7): all of them, or with
   * `limit` (and `offset`) one page of them, which a big room's screen reads on demand beyond the
   * people its snapshot carries (issue #24 section 3). 400 for a bad page, 401/403/404 as view.
   */
  app.get(
    "/api/sessions/:id/participants",
    { schema: { params: sessionParams, querystring: participantPageQuerySchema } },
    async (request) => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      sessionPolicy.view(access);
      return participantViews(ctx, access.session.id, viewerOf(access), request.query);
    },
  );

  app.get("/api/sessions/:id/invitations", { schema: { params: sessionParams } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    sessionPolicy.seeInvitations(access);
    return pendingInvitationViews(ctx, access.session.id);
  });

  app.post(
    "/api/sessions/:id/participants",
    {
      schema: {
        description:
          "Invite by e-mail: 202 {status: 'invited'} for any address, with or without an account; the " +
          "addressee sees the session and joins it themself. {userId}: a member of the session's team, " +
          "added at once (201, or 200 when already in).",
        params: sessionParams,
        body: inviteParticipantSchema,
        response: {
          200: z.unknown().describe("the team member's participant (already in)"),
          201: z.unknown().describe("the team member's new participant"),
          202: inviteResultSchema,
        },
      },
    },
    async (request, reply) => {
      await requireUser(ctx.db, request); // only signed-in users invite (spec part 2 section 2)
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      sessionPolicy.participate(access);
      if (request.body.email !== undefined) {
        await inviteByEmail(ctx, access, request.body.email);
        return reply.status(202).send({ status: "invited" as const });
      }
      const invitee = await findTeamInvitee(ctx, access.session, request.body.userId ?? "");
      const { participant, created } = await addUserParticipant(ctx, access.session.id, invitee);
      return reply.status(created ? 201 : 200).send(participant);
    },
  );
};
