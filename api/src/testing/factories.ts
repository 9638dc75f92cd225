import { randomBytes } from "node:crypto";
import type { JoinAnonymousResult, SessionView, StoryView, UserView } from "@pointwise/core/presented";
import { ApiClient } from "./apiClient";

/** A signed-in test user with its own cookie jar. */
export interface TestUser {
  client: ApiClient;
  user: UserView;
  email: string;
  password: string;
}

/** The password every factory user gets (meets the spec's strict rule). */
export const TEST_PASSWORD = "Estimate8Points";

/** Registers (and so signs in) a new user through the API. */
export async function buildUser(
  baseUrl: string,
  overrides: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<TestUser> {
  const client = new ApiClient(baseUrl);
  const email = overrides.email ?? `user-${randomBytes(5).toString("hex")}@example.com`;
  const res = await client.post<{ user: UserView }>("/api/register", {
    email,
    firstName: overrides.firstName ?? "Test",
    lastName: overrides.lastName ?? "User",
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.body.user, email, password: TEST_PASSWORD };
}

/** A session with its leader; the leader is created when not given. */
export async function buildSession(
  baseUrl: string,
  overrides: {
    leader?: TestUser;
    title?: string;
    estimationScale?: string;
    customDeck?: number[];
    teamId?: string;
  } = {},
): Promise<{ leader: TestUser; session: SessionView }> {
  const leader = overrides.leader ?? (await buildUser(baseUrl, { firstName: "Lena", lastName: "Leader" }));
  const res = await leader.client.post<SessionView>("/api/sessions", {
    title: overrides.title ?? "Sprint planning",
    estimationScale: overrides.estimationScale,
    customDeck: overrides.customDeck,
    teamId: overrides.teamId,
  });
  if (res.status !== 201) throw new Error(`create session failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { leader, session: res.body };
}

/** Adds a story to a session as its leader. */
export async function buildStory(
  leader: TestUser,
  sessionId: string,
  overrides: { title?: string; ticketNumber?: string; description?: string } = {},
): Promise<StoryView> {
  const res = await leader.client.post<StoryView>(`/api/sessions/${sessionId}/stories`, {
    title: overrides.title ?? `Story ${randomBytes(3).toString("hex")}`,
    ticketNumber: overrides.ticketNumber,
    description: overrides.description,
  });
  if (res.status !== 201) throw new Error(`create story failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A guest who joined a session by name, with the participant cookie in its jar. */
export async function joinGuest(
  baseUrl: string,
  sessionId: string,
  displayName = "Guest Gus",
): Promise<{ client: ApiClient; join: JoinAnonymousResult }> {
  const client = new ApiClient(baseUrl);
  const res = await client.post<JoinAnonymousResult>(`/api/sessions/${sessionId}/join-anonymous`, { displayName });
  if (res.status !== 201) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, join: res.body };
}

/** Signs a registered user into a session (POST /api/sessions/:id/join). */
export async function joinMember(member: TestUser, sessionId: string): Promise<void> {
  const res = await member.client.post(`/api/sessions/${sessionId}/join`);
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
}
