import { createHash, randomBytes } from "node:crypto";
import type { IdentitySource } from "./currentUser";

/** Header a non-browser client may send instead of the cookie (issue #2 section 3). */
export const PARTICIPANT_HEADER = "x-participant-token";

/** Name of the httpOnly cookie holding the participant token for one session. */
export const participantCookieName = (sessionId: string): string => `pt_${sessionId}`;
/** Whether a cookie name is a participant token cookie (`pt_<sessionId>`). */
export const isParticipantCookie = (name: string): boolean => name.startsWith("pt_");

/** A new participant token (32 random bytes, base64url) and the SHA-256 hash that is stored. */
export function newParticipantToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashParticipantToken(token) };
}

/** SHA-256 hex of a participant token: what `session_participants.token_hash` holds. */
export function hashParticipantToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The participant token a request carries for `sessionId`: header first, then cookie. */
export function participantTokenOf(
  request: Pick<IdentitySource, "headers" | "cookies">,
  sessionId: string,
): string | undefined {
  const header = request.headers[PARTICIPANT_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value || request.cookies[participantCookieName(sessionId)] || undefined;
}

/**
 * Every participant token a request carries, for any session: the header's and each
 * `pt_<sessionId>` cookie's. For looking a caller up before the session is known (a story id);
 * `participantTokenOf` then picks the one that counts for the session found.
 */
export function participantTokenCandidates(request: Pick<IdentitySource, "headers" | "cookies">): string[] {
  const header = request.headers[PARTICIPANT_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  const tokens = value ? [value] : [];
  for (const [name, cookie] of Object.entries(request.cookies)) {
    if (isParticipantCookie(name) && cookie) tokens.push(cookie);
  }
  return tokens;
}
