import type { JiraConfigView } from "@pointwise/core/jiraSchemas";
import { planAllows } from "@pointwise/core/plans";
import { useCurrentUser } from "./authQueries";
import { useIntegrations } from "./jiraQueries";

/** The signed-in person's Jira connection as the session screens need it. */
export interface JiraConnection {
  /** The person's plan includes Jira (pro; spec part 2 section 6). */
  allowed: boolean;
  /** The saved connection, null when none (or not allowed); undefined while loading. */
  config: JiraConfigView | null | undefined;
}

/**
 * The caller's Jira connection: read only on a plan with Jira (GET /api/integrations is pro-only),
 * so other plans never ask for it.
 */
export function useJiraConnection(): JiraConnection {
  const { data: user } = useCurrentUser();
  const allowed = !!user && planAllows(user.subscriptionPlan, "jira");
  const integrations = useIntegrations(allowed);
  if (!allowed) return { allowed, config: null };
  if (integrations.isError) return { allowed, config: null };
  return { allowed, config: integrations.data ? (integrations.data.jira ?? null) : undefined };
}

/** The web address of a Jira issue on a site (`https://site/browse/KEY-1`), null without a site. */
export function jiraIssueUrl(serverUrl: string | null | undefined, key: string): string | null {
  if (!serverUrl) return null;
  try {
    const url = new URL(serverUrl);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}/browse/${encodeURIComponent(key)}`;
  } catch {
    return null;
  }
}
