import {
  createTicketSchema,
  type IntegrationsView,
  type IntegrationTestResult,
  integrationTestSchema,
  type JiraSaveResult,
  jiraConfigSchema,
  jiraImportSchema,
  jiraSearchSchema,
} from "@pointwise/core/jiraSchemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/currentUser";
import type { AppContext } from "../../context";
import { validationError } from "../../errors";
import { jira } from "../../integrations/jira/jiraClient";
import {
  formCredentials,
  jiraFailed,
  loadJiraRow,
  presentJiraConfig,
  saveJiraConnection,
  targetOf,
  testConnection,
} from "../../integrations/jira/jiraConnections";
import { JiraError } from "../../integrations/jira/jiraHttp";
import {
  createTicket,
  createTickets,
  importIssues,
  requireJiraConnection,
  searchIssues,
  writeBackPoints,
} from "../../integrations/jira/jiraTickets";
import { requirePlanFeature } from "../../policies/planPolicy";
import { loadSessionAccess, type SessionAccess, sessionPolicy } from "../../policies/sessionPolicy";
import { loadStoryAccess } from "../../policies/storyAccess";
import { sessionParams } from "../sessions/schema";
import { storyParams } from "../stories/schema";

/**
 * The Jira integration (issue #12; spec part 2 sections 2-8 and its calls list): the connection
 * of the signed-in user (pro plan), projects, tickets, import and the points write-back retry.
 * Every route needs a signed-in user on a plan with Jira (403 PLAN_UPGRADE_REQUIRED
 * {requiredPlan, currentPlan}); session and story routes also need the right to manage the
 * session (its creator or leader). Jira's failures answer 502 JIRA_ERROR with Jira's reason,
 * except the connection test and save, which report them in the body.
 */
export const integrationRoutes = (ctx: AppContext) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** The signed-in user on a plan with Jira. */
  const proUser = async (request: Parameters<typeof requireUser>[1]) => {
    const user = await requireUser(ctx.db, request);
    requirePlanFeature(user, "jira");
    return user;
  };

  /** The session's manager on a plan with Jira (the manager check first: an outsider learns nothing of plans). */
  const managerOf = async (access: SessionAccess) => {
    sessionPolicy.lead(access);
    const user = access.user;
    if (!user) throw validationError({ user: ["Sign in first"] });
    requirePlanFeature(user, "jira");
    return user;
  };

  app.post(
    "/api/teams/integration/test",
    { schema: { body: integrationTestSchema } },
    async (request): Promise<IntegrationTestResult> => {
      const user = await proUser(request);
      const creds = await formCredentials(ctx, user.id, request.body.config);
      const test = await testConnection(targetOf(ctx, creds));
      return {
        success: test.result === "success",
        error: test.error,
        ...(test.detail ? { detail: test.detail } : {}),
      };
    },
  );

  app.post(
    "/api/integrations/jira",
    { schema: { body: jiraConfigSchema } },
    async (request): Promise<JiraSaveResult> => {
      const user = await proUser(request);
      const creds = await formCredentials(ctx, user.id, request.body);
      const target = targetOf(ctx, creds);
      const test = await testConnection(target);
      await saveJiraConnection(ctx, user.id, creds, request.body.storyPointsField, test);
      if (test.error !== null) {
        return {
          message: "Jira configuration saved, but the connection test failed",
          testError: test.error,
          ...(test.detail ? { testErrorDetail: test.detail } : {}),
        };
      }
      const projects = await jira.projects(target).catch(() => null);
      if (projects !== null && projects.length === 0) {
        return { message: "Jira configuration saved", needsProjectKey: true };
      }
      return { message: "Jira configuration saved" };
    },
  );

  app.get("/api/integrations", async (request): Promise<IntegrationsView> => {
    const user = await requireUser(ctx.db, request);
    requirePlanFeature(user, "automations");
    const row = await loadJiraRow(ctx, user.id);
    return { jira: row ? presentJiraConfig(row) : null };
  });

  app.get("/api/integrations/jira/projects", async (request) => {
    const user = await proUser(request);
    const connection = await requireJiraConnection(ctx, user.id);
    try {
      return await jira.projects(connection.target);
    } catch (error) {
      if (error instanceof JiraError) throw jiraFailed(error);
      throw error;
    }
  });

  app.post("/api/integrations/jira/create-ticket", { schema: { body: createTicketSchema } }, async (request, reply) => {
    const { access } = await loadStoryAccess(ctx, request, request.body.storyId);
    const user = await managerOf(access);
    const connection = await requireJiraConnection(ctx, user.id);
    return reply.status(201).send(await createTicket(ctx, access, connection, request.body));
  });

  app.post("/api/sessions/:id/jira/create-tickets", { schema: { params: sessionParams } }, async (request) => {
    const access = await loadSessionAccess(ctx.db, request, request.params.id);
    const user = await managerOf(access);
    return createTickets(ctx, access, await requireJiraConnection(ctx, user.id));
  });

  app.post(
    "/api/sessions/:id/jira/search",
    { schema: { params: sessionParams, body: jiraSearchSchema } },
    async (request) => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      const user = await managerOf(access);
      return searchIssues(ctx, access, await requireJiraConnection(ctx, user.id), request.body.jql);
    },
  );

  app.post(
    "/api/sessions/:id/jira/import",
    { schema: { params: sessionParams, body: jiraImportSchema } },
    async (request, reply) => {
      const access = await loadSessionAccess(ctx.db, request, request.params.id);
      const user = await managerOf(access);
      const result = await importIssues(ctx, access, await requireJiraConnection(ctx, user.id), request.body.keys);
      return reply.status(201).send(result);
    },
  );

  app.post("/api/stories/:id/jira/sync", { schema: { params: storyParams } }, async (request) => {
    const { access, story } = await loadStoryAccess(ctx, request, request.params.id);
    const user = await managerOf(access);
    if (!story.ticketNumber) throw validationError({ ticketNumber: ["The story has no Jira ticket"] });
    if (story.status !== "completed" || story.finalPoints === null) {
      throw validationError({ finalPoints: ["Complete the story with points before sending them to Jira"] });
    }
    const connection = await requireJiraConnection(ctx, user.id);
    const view = await writeBackPoints(ctx, story.id, connection, story.finalPoints);
    return {
      message: view?.jiraSync?.status === "ok" ? "Points sent to Jira" : "Points not sent to Jira",
      story: view,
    };
  });
};
