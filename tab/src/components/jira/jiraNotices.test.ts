import { ApiError } from "../../api/ApiError";
import { jiraIssueUrl } from "../../api/useJiraConnection";
import { canSaveJiraForm } from "../automations/JiraConnectionForm";
import {
  createTicketsFailureNotice,
  createTicketsNotice,
  saveConfigFailureNotice,
  saveConfigNotice,
  testConnectionFailureNotice,
  testConnectionNotice,
} from "./jiraNotices";
import { ticketCounts } from "./ticketCounts";

const ticket = (key: string) => ({ storyId: `story-${key}`, key });

describe("create-tickets toasts (spec part 2 section 8; issue #12 section 2)", () => {
  it("says Tickets Created when every story got one", () => {
    expect(createTicketsNotice({ created: [ticket("A-1"), ticket("A-2")], errors: [] })).toEqual({
      title: "Tickets Created",
      description: "Successfully created 2 Jira tickets.",
      intent: "success",
    });
    expect(createTicketsNotice({ created: [ticket("A-1")], errors: [] }).description).toBe(
      "Successfully created 1 Jira ticket.",
    );
  });

  it("treats partial success as a success: Jira Tickets Created (N tickets (M failed))", () => {
    const n = createTicketsNotice({
      created: [ticket("A-1"), ticket("A-2"), ticket("A-3")],
      errors: [{ storyId: "s4", message: "Summary is required" }],
    });
    expect(n.title).toBe("Jira Tickets Created");
    expect(n.description).toBe("Successfully created 3 tickets (1 failed).");
    expect(n.intent).not.toBe("error");
  });

  it("says Creation Failed with the first error and (and N others) when all failed", () => {
    const errors = ["Field 'summary' is too long", "x", "y"].map((message, i) => ({ storyId: `s${i}`, message }));
    expect(createTicketsNotice({ created: [], errors })).toEqual({
      title: "Creation Failed",
      description: "Field 'summary' is too long (and 2 others)",
      intent: "error",
    });
    expect(createTicketsNotice({ created: [], errors: errors.slice(0, 1) }).description).toBe(
      "Field 'summary' is too long",
    );
    expect(createTicketsNotice({ created: [], errors: errors.slice(0, 2) }).description).toBe(
      "Field 'summary' is too long (and 1 other)",
    );
  });

  it("says No Tickets Needed when there was nothing to create", () => {
    expect(createTicketsNotice({ created: [], errors: [] }).title).toBe("No Tickets Needed");
  });

  it("maps a failed call: project, configuration, refused body, anything else", () => {
    expect(
      createTicketsFailureNotice(new ApiError(400, "JIRA_PROJECT_REQUIRED", "Please select a Jira project first"))
        .title,
    ).toBe("Project Required");
    expect(createTicketsFailureNotice(new ApiError(409, "JIRA_NOT_CONFIGURED", "Connect Jira")).title).toBe(
      "Failed to Create Tickets",
    );
    expect(createTicketsFailureNotice(new ApiError(403, "PLAN_UPGRADE_REQUIRED", "Pro only"))).toMatchObject({
      title: "Failed to Create Tickets",
      description: "Please check your Jira integration configuration in Automations.",
    });
    expect(createTicketsFailureNotice(new ApiError(409, "CONFLICT", "Busy")).description).toBe("Busy");
    expect(createTicketsFailureNotice(new ApiError(502, "JIRA_ERROR", "down"))).toMatchObject({
      title: "Error",
      description: "Failed to create Jira tickets. Please check your integration settings.",
    });
    expect(createTicketsFailureNotice(new Error("boom")).title).toBe("Error");
  });
});

describe("connection toasts (spec part 2 section 8)", () => {
  it("names the test's outcome", () => {
    expect(testConnectionNotice({ success: true, error: null }).title).toBe("Connection Successful");
    expect(testConnectionNotice({ success: false, error: "Jira answered 401" })).toMatchObject({
      title: "Connection Failed",
      description: "Jira answered 401",
    });
    expect(testConnectionNotice({ success: false, error: null }).description).toBe("Failed to connect to Jira.");
    expect(testConnectionFailureNotice(new ApiError(500, "INTERNAL", "x")).description).toBe(
      "Failed to test Jira connection.",
    );
    expect(
      testConnectionFailureNotice(new ApiError(400, "VALIDATION_ERROR", "Server URL must use https")).description,
    ).toBe("Server URL must use https");
  });

  it("shows the Configuration Saved variants and Save Failed", () => {
    expect(saveConfigNotice({ message: "Jira configuration saved" })).toMatchObject({
      title: "Configuration Saved",
      intent: "success",
    });
    expect(saveConfigNotice({ message: "saved", testError: "401 Unauthorized" })).toMatchObject({
      title: "Configuration Saved",
      description: "Saved, but the connection test failed: 401 Unauthorized",
      intent: "warning",
    });
    expect(saveConfigNotice({ message: "saved", needsProjectKey: true }).description).toMatch(/Pick a Jira project/);
    expect(saveConfigNotice({ message: "", error: "Token rejected" }).title).toBe("Save Failed");
    expect(saveConfigFailureNotice(new ApiError(0, "NETWORK_ERROR", "offline"))).toMatchObject({
      title: "Save Failed",
      description: "Failed to save Jira configuration.",
    });
  });
});

describe("Jira form and ticket rules", () => {
  it("disables Save only when all three fields are empty (spec part 2 section 5)", () => {
    expect(canSaveJiraForm({ serverUrl: "", email: " ", apiToken: "" })).toBe(false);
    expect(canSaveJiraForm({ serverUrl: "", email: "", apiToken: "t" })).toBe(true);
    expect(canSaveJiraForm({ serverUrl: "https://x.atlassian.net", email: "", apiToken: "" })).toBe(true);
  });

  it("counts the stories and those needing a ticket from the session's counts (spec part 2 section 5)", () => {
    expect(ticketCounts({ totalStories: 3, storiesWithTicket: 1 })).toEqual({ total: 3, withTicket: 1, needing: 2 });
    expect(ticketCounts({ totalStories: 0, storiesWithTicket: 0 })).toEqual({ total: 0, withTicket: 0, needing: 0 });
  });

  it("links an issue on the viewer's site, never on a non-web address", () => {
    expect(jiraIssueUrl("https://acme.atlassian.net/", "PW-7")).toBe("https://acme.atlassian.net/browse/PW-7");
    expect(jiraIssueUrl("https://jira.acme.test/jira", "PW-7")).toBe("https://jira.acme.test/jira/browse/PW-7");
    expect(jiraIssueUrl("javascript:alert(1)", "PW-7")).toBeNull();
    expect(jiraIssueUrl(null, "PW-7")).toBeNull();
  });
});
