/**
 * @jest-environment jsdom
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import type { IntegrationsView } from "@pointwise/core/jiraSchemas";
import type { StoryView, UserView } from "@pointwise/core/presented";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { queryKeys } from "../../api/queryKeys";
import { buildSession, buildStory } from "../../testing/viewFactories";
import { JiraIntegrationCard } from "./JiraIntegrationCard";
import { StoryJiraLine } from "./StoryJiraLine";

const user = (plan: string): UserView => ({
  id: "leader",
  email: "lead@example.com",
  firstName: "Lee",
  lastName: null,
  profileImageUrl: null,
  subscriptionPlan: plan,
  hasPassword: true,
});

const connected: IntegrationsView = {
  jira: {
    serverUrl: "https://acme.atlassian.net",
    email: "pm@acme.test",
    apiToken: "****9f3c",
    storyPointsField: null,
    lastTestAt: null,
    lastTestResult: null,
    lastTestError: null,
  },
};

/** Server-renders with a query cache holding the signed-in user and their integrations. */
function render(element: ReactElement, plan = "pro", integrations: IntegrationsView | null = connected): HTMLElement {
  // Reads never reach a server here: what a test does not seed stays loading.
  const client = new QueryClient({
    defaultOptions: {
      queries: { queryFn: () => new Promise<never>(() => undefined), staleTime: Number.POSITIVE_INFINITY },
    },
  });
  client.setQueryData(queryKeys.currentUser, user(plan));
  if (integrations) client.setQueryData(queryKeys.integrations, integrations);
  client.setQueryData(queryKeys.jiraProjects, [{ id: "10000", key: "PW", name: "Pointwise" }]);
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FluentProvider theme={webLightTheme}>{element}</FluentProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return root;
}

const testId = (root: HTMLElement, id: string) => root.querySelector(`[data-testid="${id}"]`);

describe("a story's Jira line (issue #12 sections 2-4)", () => {
  it("shows nothing without a ticket or a write-back", () => {
    expect(render(<StoryJiraLine sessionId="session-1" story={buildStory()} canManage />).textContent).toBe("");
  });

  it("links the ticket to the viewer's Jira site and offers Remove ticket to managers", () => {
    const story = buildStory({ ticketNumber: "PW-7" });
    const root = render(<StoryJiraLine sessionId="session-1" story={story} canManage />);
    expect(testId(root, "story-ticket-link")?.getAttribute("href")).toBe("https://acme.atlassian.net/browse/PW-7");
    expect(testId(root, "story-ticket-remove")).not.toBeNull();
    const viewer = render(<StoryJiraLine sessionId="session-1" story={story} canManage={false} />, "free", null);
    expect(testId(viewer, "story-ticket-link")).toBeNull();
    expect(testId(viewer, "story-ticket-key")?.textContent).toBe("PW-7");
    expect(testId(viewer, "story-ticket-remove")).toBeNull();
  });

  it("shows a failed write-back with its error and Retry; pending is quiet", () => {
    const failed: StoryView = buildStory({
      ticketNumber: "PW-7",
      status: "completed",
      finalPoints: 5,
      jiraSync: { status: "failed", error: "Jira answered 403", at: "2026-01-01T00:00:00.000Z" },
    });
    const root = render(<StoryJiraLine sessionId="session-1" story={failed} canManage />);
    expect(testId(root, "jira-sync")?.textContent).toContain("Points not sent to Jira: Jira answered 403");
    expect(testId(root, "jira-sync-retry")?.textContent).toBe("Retry");
    const pending = { ...failed, jiraSync: { status: "pending" as const, at: failed.jiraSync?.at ?? "" } };
    const quiet = render(<StoryJiraLine sessionId="session-1" story={pending} canManage />);
    expect(testId(quiet, "jira-sync")?.getAttribute("data-status")).toBe("pending");
    expect(testId(quiet, "jira-sync-retry")).toBeNull();
  });
});

describe("the Jira Integration card (spec part 2 sections 2, 5 and 6)", () => {
  /** A session of two stories, one with a ticket (the server's counts; issue #22 section 3). */
  const counted = (overrides: Parameters<typeof buildSession>[0] = {}, storiesWithTicket = 1) => {
    const session = buildSession(overrides);
    return { ...session, stats: { ...session.stats, totalStories: 2, storiesWithTicket } };
  };

  it("lets a connected manager pick the project and create tickets once a project is set", () => {
    const none = render(<JiraIntegrationCard session={counted()} canManage />);
    expect(testId(none, "jira-project-select")).not.toBeNull();
    expect(testId(none, "jira-ticket-count")?.textContent).toBe("1 of 2 stories have a Jira ticket");
    expect(testId(none, "jira-create-tickets")?.hasAttribute("disabled")).toBe(true);
    const withProject = render(<JiraIntegrationCard session={counted({ jiraProjectKey: "PW" })} canManage />);
    expect(testId(withProject, "jira-create-tickets")?.hasAttribute("disabled")).toBe(false);
    expect(testId(withProject, "jira-import-open")).not.toBeNull();
  });

  it("disables Create Tickets when every titled story has a ticket", () => {
    const root = render(<JiraIntegrationCard session={counted({ jiraProjectKey: "PW" }, 2)} canManage />);
    expect(testId(root, "jira-create-tickets")?.hasAttribute("disabled")).toBe(true);
  });

  it("shows others the project only, and leads an unconnected manager to Automations", () => {
    const viewer = render(<JiraIntegrationCard session={counted({ jiraProjectKey: "PW" })} canManage={false} />);
    expect(testId(viewer, "jira-project-key")?.textContent).toBe("Project: PW");
    expect(testId(viewer, "jira-create-tickets")).toBeNull();
    const unconnected = render(<JiraIntegrationCard session={counted()} canManage />, "pro", {
      jira: null,
    });
    expect(testId(unconnected, "jira-connect")?.textContent).toBe("Connect Jira");
    const basic = render(<JiraIntegrationCard session={counted()} canManage />, "basic", null);
    expect(basic.textContent).toContain("Jira tickets are a Pro feature.");
  });

  it("calls imported keys ticket keys, not Jira tickets, where no Jira project or connection exists (issue #22)", () => {
    const keysOnly = render(<JiraIntegrationCard session={counted()} canManage={false} />, "free", null);
    expect(testId(keysOnly, "jira-ticket-count")?.textContent).toBe("1 of 2 stories have a ticket key");
    const noKeys = render(<JiraIntegrationCard session={counted({}, 0)} canManage={false} />, "free", null);
    expect(testId(noKeys, "jira-ticket-count")).toBeNull();
    const project = render(<JiraIntegrationCard session={counted({ jiraProjectKey: "PW" })} canManage={false} />);
    expect(testId(project, "jira-ticket-count")?.textContent).toBe("1 of 2 stories have a Jira ticket");
  });
});
