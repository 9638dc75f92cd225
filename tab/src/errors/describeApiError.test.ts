import { ApiError } from "../api/ApiError";
import { describeApiError, formatFieldErrors } from "./describeApiError";

describe("describeApiError (spec part 1 section 8)", () => {
  it("gives a generic message for anything that is not an ApiError", () => {
    expect(describeApiError(new Error("boom"))).toEqual({
      title: "Error",
      message: "An unexpected error occurred. Please try again.",
    });
  });

  it("titles status 500 and above Server Error", () => {
    expect(describeApiError(new ApiError(503, "SERVICE_UNAVAILABLE", "Database down")).title).toBe("Server Error");
    expect(describeApiError(new ApiError(404, "NOT_FOUND", "Session not found")).title).toBe("Error");
  });

  it("sends UNAUTHORIZED to /login with the catalogue's text", () => {
    expect(describeApiError(new ApiError(401, "UNAUTHORIZED", "no cookie"))).toEqual({
      title: "Error",
      message: "Please log in to continue.",
      redirectTo: "/login",
    });
  });

  it("sends SUBSCRIPTION_LIMIT_REACHED to the subscription page with the plan figures", () => {
    const error = new ApiError(403, "SUBSCRIPTION_LIMIT_REACHED", "Limit reached", {
      currentPlan: "free",
      limit: 3,
      currentSessions: 3,
    });
    const described = describeApiError(error);
    expect(described.message).toBe("Limit reached");
    expect(described.redirectTo).toBe(
      "/error/subscription?error=limit_reached&currentPlan=free&limit=3&currentSessions=3",
    );
  });

  it("sends SUBSCRIPTION_INACTIVE to billing", () => {
    expect(describeApiError(new ApiError(402, "SUBSCRIPTION_INACTIVE", "x")).redirectTo).toBe("/settings/billing");
  });

  it("lists field errors of a VALIDATION_ERROR, else the server's message", () => {
    const withFields = new ApiError(400, "VALIDATION_ERROR", "Invalid", {
      errors: { title: ["Required", "Too short"], points: "Off the deck" },
    });
    expect(describeApiError(withFields).message).toBe("title: Required, Too short. points: Off the deck");
    expect(describeApiError(new ApiError(400, "VALIDATION_ERROR", "Bad body")).message).toBe("Bad body");
    expect(describeApiError(new ApiError(400, "VALIDATION_ERROR", "")).message).toBe(
      "Invalid input. Please check and try again.",
    );
  });

  it("prefers the catalogue's text for known codes and the server's for others", () => {
    expect(describeApiError(new ApiError(403, "PERMISSION_DENIED", "Observers cannot vote")).message).toBe(
      "You do not have permission to perform this action.",
    );
    expect(describeApiError(new ApiError(409, "VOTING_CLOSED", "Votes are already revealed")).message).toBe(
      "Votes are already revealed",
    );
    expect(describeApiError(new ApiError(409, "VOTING_CLOSED", "")).message).toBe(
      "An unexpected error occurred. Please try again.",
    );
  });
});

describe("formatFieldErrors", () => {
  it("is null for anything but a non-empty object", () => {
    expect(formatFieldErrors(undefined)).toBeNull();
    expect(formatFieldErrors(["a"])).toBeNull();
    expect(formatFieldErrors({})).toBeNull();
  });
});
