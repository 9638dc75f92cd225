/**
 * Credentials of the tab inside Microsoft Teams, kept in memory only (third-party cookies and
 * storage may be blocked in the Teams iframe): the Teams SSO token source, and a guest's
 * participant token. apiRequest and useLiveSession read them; outside Teams both stay empty.
 */
let tokenSource: (() => Promise<string>) | null = null;
let cachedToken: string | null = null;
let pending: Promise<string | null> | null = null;
let participantToken: string | null = null;

/**
 * Installs the SSO token source (`authentication.getAuthToken`) and the token it already gave.
 * From then on every API call carries `Authorization: Bearer <token>`.
 */
export function setTeamsTokenSource(source: () => Promise<string>, firstToken: string): void {
  tokenSource = source;
  cachedToken = firstToken;
}

/** The SSO token to send, or null when the tab is not signed in through Teams. */
export async function teamsBearerToken(): Promise<string | null> {
  if (cachedToken !== null || tokenSource === null) return cachedToken;
  return refreshTeamsBearerToken();
}

/**
 * Asks Teams for a fresh SSO token (after a 401); concurrent callers share one request.
 * Resolves to null when Teams refuses (the caller then reports the 401).
 */
export function refreshTeamsBearerToken(): Promise<string | null> {
  const source = tokenSource;
  if (source === null) return Promise.resolve(null);
  pending ??= source()
    .then((token) => {
      cachedToken = token;
      return token as string | null;
    })
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** True when API calls are authenticated by a Teams SSO token. */
export function hasTeamsTokenSource(): boolean {
  return tokenSource !== null;
}

/** Remembers a meeting guest's participant token (from join-anonymous), sent as `X-Participant-Token`. */
export function setTeamsParticipantToken(token: string | null): void {
  participantToken = token;
}

/** The guest's participant token, or null. */
export function teamsParticipantToken(): string | null {
  return participantToken;
}
