import { deleteAccountSchema } from "@pointwise/core/authSchemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/currentUser";
import { PgSessionStore, SESSION_COOKIE } from "../../auth/sessionStore";
import { deleteAccount } from "../../commands/accountDeleter";
import type { AppContext } from "../../context";
import { exportAccount } from "../../queries/accountExport";

/**
 * Your data (issue #13 sections 2 and 3; spec part 2 section 2, privacy retention statements).
 *
 * `GET /api/account/export` downloads the signed-in user's data as JSON (queries/accountExport.ts:
 * profile, teams, sessionsLed, sessionsJoined, votes, suggestions; no secrets) with
 * `Content-Disposition: attachment; filename="pointwise-data-YYYY-MM-DD.json"`. 401 signed out.
 *
 * `DELETE /api/account {confirmEmail}` deletes the account (commands/accountDeleter.ts: teams and
 * sessions pass to another member or are deleted), signs out all its sessions, clears the
 * caller's cookie and answers 200 `{message, teamsTransferred, teamsDeleted, sessionsTransferred,
 * sessionsDeleted}`. 401 signed out, 403 CSRF, 400 VALIDATION_ERROR when `confirmEmail` is
 * missing or not the account's e-mail.
 */
export const accountRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get("/api/account/export", async (request, reply) => {
    const user = await requireUser(ctx.db, request);
    const data = await exportAccount(ctx.db, user);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-disposition", `attachment; filename="pointwise-data-${day}.json"`)
      .header("cache-control", "no-store")
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(data, null, 2));
  });

  app.delete("/api/account", { schema: { body: deleteAccountSchema } }, async (request, reply) => {
    const user = await requireUser(ctx.db, request);
    const result = await deleteAccount(ctx, user, request.body.confirmEmail);
    const store = request.sessionStore;
    if (store instanceof PgSessionStore) await store.destroyAllOf(user.id);
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { message: "Your account and personal data have been deleted.", ...result };
  });
};
