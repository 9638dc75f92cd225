import type {
  CreateTicketsResult,
  IntegrationsView,
  IntegrationTestResult,
  JiraSaveResult,
  JiraSearchResult,
  jiraConfigSchema,
} from "@pointwise/core/jiraSchemas";
import type { SessionView, StoryView } from "@pointwise/core/presented";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "./apiRequest";
import { upsertStories } from "./liveSessionCache";
import { queryKeys } from "./queryKeys";

/*
 * The Jira calls of the tab (spec part 2 section 7 "Jira"; issue #12 sections 1-4). Bodies and
 * answers are core/jiraSchemas' contract.
 */

/** What the automations form sends: an empty apiToken keeps the saved one (core jiraConfigSchema). */
export type JiraConfigInput = z.input<typeof jiraConfigSchema>;

/** A Jira project of GET /api/integrations/jira/projects. */
export interface JiraProject {
  id: string;
  key: string;
  name: string;
}

/** GET /api/integrations (pro only: `enabled` false on other plans, where it is refused). */
export function useIntegrations(enabled = true) {
  return useQuery<IntegrationsView>({ queryKey: queryKeys.integrations, enabled });
}

/** GET /api/integrations/jira/projects; no retry (spec part 2 section 7). */
export function useJiraProjects(enabled = true) {
  return useQuery<JiraProject[]>({ queryKey: queryKeys.jiraProjects, enabled, retry: false });
}

/** POST /api/teams/integration/test {type: "jira", config}. */
export function useTestJiraConnection() {
  return useMutation({
    mutationFn: (config: JiraConfigInput) =>
      apiRequest<IntegrationTestResult>("POST", "/api/teams/integration/test", { body: { type: "jira", config } }),
  });
}

/** POST /api/integrations/jira: saves the connection and rereads it and the project list. */
export function useSaveJiraConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: JiraConfigInput) =>
      apiRequest<JiraSaveResult>("POST", "/api/integrations/jira", { body: config }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.integrations, exact: true });
      await queryClient.invalidateQueries({ queryKey: queryKeys.jiraProjects });
    },
  });
}

/** PATCH /api/sessions/{id} {jiraProjectKey} (the Jira Integration card; null clears it). */
export function useSetJiraProject(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jiraProjectKey: string | null) =>
      apiRequest<SessionView>("PATCH", `/api/sessions/${sessionId}`, { body: { jiraProjectKey } }),
    onSuccess: (session) => queryClient.setQueryData(queryKeys.session(sessionId), session),
  });
}

/** POST /api/sessions/{id}/jira/create-tickets: a ticket for every story without one; stories reread. */
export function useCreateJiraTickets(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CreateTicketsResult>("POST", `/api/sessions/${sessionId}/jira/create-tickets`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.stories(sessionId) }),
  });
}

/** DELETE /api/stories/{id}/ticket (leader): the story keeps no ticket number. */
export function useRemoveTicket(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) =>
      apiRequest<{ message: string; story?: StoryView }>("DELETE", `/api/stories/${storyId}/ticket`),
    onSuccess: async (result) => {
      if (result.story) upsertStories(queryClient, sessionId, [result.story]);
      else await queryClient.invalidateQueries({ queryKey: queryKeys.stories(sessionId) });
    },
  });
}

/** POST /api/stories/{id}/jira/sync: writes the story's final points to its Jira issue again. */
export function useRetryJiraSync(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) => apiRequest<unknown>("POST", `/api/stories/${storyId}/jira/sync`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.stories(sessionId) }),
  });
}

/** POST /api/sessions/{id}/jira/search {jql}: a preview of the issues a JQL query matches. */
export function useJiraSearch(sessionId: string) {
  return useMutation({
    mutationFn: (jql: string) =>
      apiRequest<JiraSearchResult>("POST", `/api/sessions/${sessionId}/jira/search`, { body: { jql } }),
  });
}

/** POST /api/sessions/{id}/jira/import {keys}: the chosen issues become stories. */
export function useJiraImport(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keys: string[]) =>
      apiRequest<{ imported: number }>("POST", `/api/sessions/${sessionId}/jira/import`, { body: { keys } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.stories(sessionId) }),
  });
}
