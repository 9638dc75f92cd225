/**
 * React-query keys. A key's parts joined by "/" are the GET path that fills it (spec part 1
 * section 7, "Reads"); `live` keys hold WebSocket-only state and are never fetched.
 */
export const queryKeys = {
  currentUser: ["/api/auth/user"] as const,
  /** The enabled sign-in providers (issue #13). */
  authProviders: ["/api/auth/providers"] as const,
  sessions: ["/api/sessions"] as const,
  archivedSessions: ["/api/sessions", "archived"] as const,
  session: (id: string) => ["/api/sessions", id] as const,
  stories: (sessionId: string) => ["/api/sessions", sessionId, "stories"] as const,
  votes: (sessionId: string) => ["/api/sessions", sessionId, "votes"] as const,
  participants: (sessionId: string) => ["/api/sessions", sessionId, "participants"] as const,
  /** Pending invitations by e-mail: the leader's only. */
  invitations: (sessionId: string) => ["/api/sessions", sessionId, "invitations"] as const,
  live: (sessionId: string) => ["live", sessionId] as const,
  /** Which story sits at each index of the queue (or of its search `q`): storyQueueCache, never fetched. */
  queueIndex: (sessionId: string, q: string) => ["live", sessionId, "queue", q] as const,
  /** Story ids whose votes the `votes` cache holds in full (storyQueueCache). */
  votesLoaded: (sessionId: string) => ["live", sessionId, "votes-loaded"] as const,
  /** Every story and vote of a session, for the results view of a big backlog (never pushed into). */
  sessionResultsData: (sessionId: string) => ["live", sessionId, "results-data"] as const,
  meetingSession: (conversationId: string) => ["/api/meetings", conversationId, "session"] as const,
  /** The last part (story id and round) only separates cache entries; it is not in the path. */
  votingCard: (sessionId: string, storyKey: string) => ["/api/sessions", sessionId, "card", storyKey] as const,
  /** A story's finished rounds; the last part (the story's current round) only separates cache entries. */
  storyRounds: (storyId: string, round: number) => ["/api/stories", storyId, "rounds", round] as const,
  teams: ["/api/teams"] as const,
  team: (teamId: string) => ["/api/teams", teamId] as const,
  teamMembers: (teamId: string) => ["/api/teams", teamId, "members"] as const,
  /** Pending team invitations: the owner's and admins' only. */
  teamInvitations: (teamId: string) => ["/api/teams", teamId, "invitations"] as const,
  teamSessions: (teamId: string) => ["/api/teams", teamId, "sessions"] as const,
  /** The team's audit log (issue #22): the owner's and admins' only; the server's default page (100). */
  teamAudit: (teamId: string) => ["/api/teams", teamId, "audit"] as const,
  subscription: ["/api/subscription/status"] as const,
  /** The caller's saved integrations (Jira, API token masked; pro only). */
  integrations: ["/api/integrations"] as const,
  /** The projects of the caller's Jira site. */
  jiraProjects: ["/api/integrations", "jira", "projects"] as const,
  /** The developer demo's call (spec part 2 section 7). */
  hotReloadTest: ["/api/hot-reload-test"] as const,
};
