/**
 * What a join link says about its session before anyone joins (issue #8 section 6,
 * "Invitations survive sign-in"): `GET /api/sessions/{id}/join-info`, public.
 */

/** `open`: anyone may join; `archived`: the link no longer works; `full`: maxParticipants reached. */
export const JOIN_INFO_STATUSES = ["open", "archived", "full"] as const;

/** One of JOIN_INFO_STATUSES. */
export type JoinInfoStatus = (typeof JOIN_INFO_STATUSES)[number];

/** The answer of `GET /api/sessions/{id}/join-info` (404 NOT_FOUND "Invalid session" for unknown or deleted ids). */
export interface JoinInfo {
  id: string;
  title: string;
  status: JoinInfoStatus;
  /**
   * False when the session's team does not allow anonymous participants (issue #22): the page
   * says so at once instead of asking a guest for a name; signing in (any account) still joins.
   */
  anonymousAllowed: boolean;
}

/** What the join page and `POST .../join-anonymous` (403 PERMISSION_DENIED) say when a team refuses guests (issue #22). */
export const ANONYMOUS_NOT_ALLOWED_MESSAGE = "This team does not allow anonymous participants.";
