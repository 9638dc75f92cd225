import { ApiError } from "../api/ApiError";

/** What the app tells a person about a failed call: toast title, text, and where to go. */
export interface ErrorDescription {
  title: "Server Error" | "Error";
  message: string;
  redirectTo?: string;
}

const CODE_MESSAGES: Record<string, string> = {
  UNAUTHORIZED: "Please log in to continue.",
  USER_NOT_FOUND: "User account not found. Please contact support.",
  TEAM_ACCESS_DENIED: "You don't have permission to access this team.",
  PERMISSION_DENIED: "You do not have permission to perform this action.",
  SUBSCRIPTION_INACTIVE: "Your subscription is not active. Please update your payment method.",
  DUPLICATE_SESSION: "A similar session already exists.",
  INTERNAL_ERROR: "Something went wrong on our end. Please try again later.",
  SERVICE_UNAVAILABLE: "The service is briefly unavailable. Please try again in a few seconds.",
  NETWORK_ERROR: "Network connection error. Please check your internet connection.",
};

/** Field errors as "field: messages" entries joined by periods (spec part 1 section 5). */
export function formatFieldErrors(errors: unknown): string | null {
  if (!errors || typeof errors !== "object" || Array.isArray(errors)) return null;
  const entries = Object.entries(errors as Record<string, unknown>).map(([field, messages]) => {
    const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    return `${field}: ${list.join(", ")}`;
  });
  return entries.length > 0 ? entries.join(". ") : null;
}

function subscriptionUrl(error: ApiError): string {
  const params = new URLSearchParams({
    error: "limit_reached",
    currentPlan: String(error.body.currentPlan ?? "free"),
    limit: String(error.body.limit ?? 3),
    currentSessions: String(error.body.currentSessions ?? 0),
  });
  return `/error/subscription?${params.toString()}`;
}

/**
 * Maps any thrown value to the spec's error catalogue (spec part 1 section 8): code-to-message,
 * 'Server Error' title for status >= 500, redirects for UNAUTHORIZED (/login),
 * SUBSCRIPTION_LIMIT_REACHED (/error/subscription?...) and SUBSCRIPTION_INACTIVE (/settings/billing).
 */
export function describeApiError(error: unknown): ErrorDescription {
  if (!(error instanceof ApiError)) {
    return { title: "Error", message: "An unexpected error occurred. Please try again." };
  }
  const title = error.status >= 500 ? "Server Error" : "Error";
  const server = error.serverMessage;
  switch (error.code) {
    case "UNAUTHORIZED":
      return { title, message: CODE_MESSAGES.UNAUTHORIZED ?? server, redirectTo: "/login" };
    case "SUBSCRIPTION_LIMIT_REACHED":
      return {
        title,
        message: server || "You have reached your subscription limit. Please upgrade to continue.",
        redirectTo: subscriptionUrl(error),
      };
    case "SUBSCRIPTION_INACTIVE":
      return { title, message: CODE_MESSAGES.SUBSCRIPTION_INACTIVE ?? server, redirectTo: "/settings/billing" };
    case "VALIDATION_ERROR":
      return {
        title,
        message: formatFieldErrors(error.body.errors) ?? (server || "Invalid input. Please check and try again."),
      };
    case "UNKNOWN_ERROR":
      return { title, message: server || "An unexpected error occurred" };
    default:
      return {
        title,
        message: CODE_MESSAGES[error.code] ?? (server || "An unexpected error occurred. Please try again."),
      };
  }
}
