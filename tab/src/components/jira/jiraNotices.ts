import type { ToastIntent } from "@fluentui/react-components";
import type { CreateTicketsResult, IntegrationTestResult, JiraSaveResult } from "@pointwise/core/jiraSchemas";
import { ApiError } from "../../api/ApiError";

/** A toast to show: title, description and intent (useNotify's arguments). */
export interface Notice {
  title: string;
  description: string;
  intent: ToastIntent;
}

/** Spec part 2 section 8 "Jira": Project Required. */
export const PROJECT_REQUIRED: Notice = {
  title: "Project Required",
  description: "Please select a Jira project first.",
  intent: "warning",
};

/** Spec part 2 section 8 "Jira": No Tickets Needed. */
export const NO_TICKETS_NEEDED: Notice = {
  title: "No Tickets Needed",
  description: "All stories already have Jira tickets.",
  intent: "info",
};

/**
 * The toast after POST /api/sessions/{id}/jira/create-tickets answered (spec part 2 section 8;
 * issue #12 section 2): all created, "Tickets Created"; some failed, "Jira Tickets Created
 * (Successfully created N tickets (M failed).)" (partial success is a success); all failed,
 * "Creation Failed" with the first error and "(and N others)"; nothing to do, No Tickets Needed.
 */
export function createTicketsNotice(result: CreateTicketsResult): Notice {
  const created = result.created.length;
  const failed = result.errors.length;
  if (created === 0 && failed === 0) return NO_TICKETS_NEEDED;
  if (failed === 0) {
    return {
      title: "Tickets Created",
      description: `Successfully created ${created} Jira ${created === 1 ? "ticket" : "tickets"}.`,
      intent: "success",
    };
  }
  if (created > 0) {
    return {
      title: "Jira Tickets Created",
      description: `Successfully created ${created} ${created === 1 ? "ticket" : "tickets"} (${failed} failed).`,
      intent: "warning",
    };
  }
  const first = result.errors[0]?.message || "Failed to create Jira tickets";
  const others = failed - 1;
  return {
    title: "Creation Failed",
    description: others > 0 ? `${first} (and ${others} ${others === 1 ? "other" : "others"})` : first,
    intent: "error",
  };
}

/** Statuses with which the server refuses the caller's Jira use (signed out, not pro, no such session). */
const CONFIGURATION_STATUSES = new Set([401, 403, 404]);

/**
 * The toast when the create-tickets call itself failed (spec part 2 section 8): 400
 * JIRA_PROJECT_REQUIRED is Project Required; 409 JIRA_NOT_CONFIGURED or a refusal (401, 403, 404)
 * is Failed to Create Tickets (check Automations); another 400 or 409 shows the server's message
 * under Creation Failed; anything else (502 JIRA_ERROR, network) is Error / Failed to create Jira tickets.
 */
export function createTicketsFailureNotice(error: unknown): Notice {
  if (error instanceof ApiError) {
    if (error.code === "JIRA_PROJECT_REQUIRED") return PROJECT_REQUIRED;
    if (error.code === "JIRA_NOT_CONFIGURED" || CONFIGURATION_STATUSES.has(error.status)) {
      return {
        title: "Failed to Create Tickets",
        description: "Please check your Jira integration configuration in Automations.",
        intent: "error",
      };
    }
    if (error.status === 400 || error.status === 409) {
      return {
        title: "Creation Failed",
        description: error.serverMessage || "Failed to create Jira tickets",
        intent: "error",
      };
    }
  }
  return {
    title: "Error",
    description: "Failed to create Jira tickets. Please check your integration settings.",
    intent: "error",
  };
}

/** The toast after a connection test (spec part 2 section 8): Connection Successful, or Connection Failed with Jira's reason. */
export function testConnectionNotice(result: IntegrationTestResult): Notice {
  return result.success
    ? { title: "Connection Successful", description: "Jira accepted these credentials.", intent: "success" }
    : { title: "Connection Failed", description: result.error || "Failed to connect to Jira.", intent: "error" };
}

/** The toast when the connection test could not run (a refused body, the network). */
export function testConnectionFailureNotice(error: unknown): Notice {
  const message = error instanceof ApiError && error.status === 400 ? error.serverMessage : "";
  return { title: "Connection Failed", description: message || "Failed to test Jira connection.", intent: "error" };
}

/**
 * The "Configuration Saved" variants (spec part 2 sections 4 and 8): saved and tested; saved but
 * Jira refused the test (testError, a warning); saved with a project still to pick on each
 * session (needsProjectKey); or Save Failed when the answer carries an error.
 */
export function saveConfigNotice(result: JiraSaveResult): Notice {
  if (result.error) return { title: "Save Failed", description: result.error, intent: "error" };
  if (result.testError) {
    return {
      title: "Configuration Saved",
      description: `Saved, but the connection test failed: ${result.testError}`,
      intent: "warning",
    };
  }
  if (result.needsProjectKey) {
    return {
      title: "Configuration Saved",
      description: "Jira is connected. Pick a Jira project on each session to create tickets.",
      intent: "success",
    };
  }
  return { title: "Configuration Saved", description: result.message || "Jira is connected.", intent: "success" };
}

/** Save Failed when the save call itself failed: the server's message for a refused body, else the spec's text. */
export function saveConfigFailureNotice(error: unknown): Notice {
  const message = error instanceof ApiError && error.status === 400 ? error.serverMessage : "";
  return { title: "Save Failed", description: message || "Failed to save Jira configuration.", intent: "error" };
}
