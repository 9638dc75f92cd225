import { deckFor } from "@pointwise/core/decks";
import type { SessionView, StoryView, UserView, VoteView } from "@pointwise/core/presented";
import { apiRequest } from "../api/apiRequest";

/** The password every scenario user gets (meets the spec's strict rule). */
const PASSWORD = "Estimate8Points";

/** A signed-in user's session with one story to vote on, made through the real API. */
export interface VotingScenario {
  user: UserView;
  voterKey: string;
  session: SessionView;
  story: StoryView;
}

/**
 * Registers a user (the installed fetch keeps their cookie), who creates a session on the
 * Fibonacci scale with one story, the current one. Through the tab's own apiRequest.
 */
export async function buildVotingScenario(): Promise<VotingScenario> {
  const email = `tab-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const { user } = await apiRequest<{ user: UserView }>("POST", "/api/register", {
    body: { email, firstName: "Tess", lastName: "Tab", password: PASSWORD, confirmPassword: PASSWORD },
  });
  const session = await apiRequest<SessionView>("POST", "/api/sessions", {
    body: { title: "Sprint planning", estimationScale: "fibonacci" },
  });
  const story = await apiRequest<StoryView>("POST", `/api/sessions/${session.id}/stories`, {
    body: { title: "Checkout" },
  });
  return { user, voterKey: `u:${user.id}`, session, story };
}

/** The session's votes as the server has them for this caller (GET /api/sessions/{id}/votes). */
export function serverVotes(sessionId: string): Promise<VoteView[]> {
  return apiRequest<VoteView[]>("GET", `/api/sessions/${sessionId}/votes`);
}

/** The Fibonacci deck the scenario's session uses. */
export const FIBONACCI = deckFor("fibonacci");
