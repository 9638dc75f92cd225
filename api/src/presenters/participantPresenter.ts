import { sessionNameOf } from "@pointwise/core/displayNames";
import type { ParticipantView } from "@pointwise/core/presented";
import { voterKeyOf } from "@pointwise/core/voters";
import type { UserRow } from "../auth/currentUser";
import type { ParticipantRow, SessionAccess } from "../policies/sessionPolicy";

/** The user fields a participant's view needs (the hot reads of the room select only these). */
export type ParticipantUser = Pick<UserRow, "id" | "email" | "firstName" | "lastName" | "profileImageUrl">;

/** Who a participant is presented to: e-mail goes to the session's leader and to the person themself. */
export interface ParticipantViewer {
  isLeader: boolean;
  /** The viewer's user id, null for guests. */
  userId: string | null;
}

/** Everyone in the room at once (pushes): sees no e-mail at all. */
export const ROOM_VIEWER: ParticipantViewer = { isLeader: false, userId: null };

/** The viewer a session access stands for. */
export const viewerOf = (access: SessionAccess): ParticipantViewer => ({
  isLeader: access.isLeader,
  userId: access.user?.id ?? null,
});

/**
 * A participant with its user (spec part 2 section 3, "Participant") as `viewer` may see it:
 * `user.email` only for the session leader and the person themself, and a display name that
 * never falls back to the e-mail (issue #7, "E-mail addresses shown to guests").
 * @param present core `isPresent` as queries/roundProgress computes it; by default whether the
 *   row's grace (`present_until`) is still running on this process's clock (a fresh join).
 */
export function presentParticipant(
  row: Pick<ParticipantRow, "id" | "userId" | "displayName" | "isAnonymous" | "role" | "joinedAt" | "presentUntil">,
  user: ParticipantUser | null,
  viewer: ParticipantViewer,
  present: boolean = row.presentUntil !== null && row.presentUntil.getTime() > Date.now(),
): ParticipantView {
  const seesEmail = viewer.isLeader || (user !== null && viewer.userId === user.id);
  return {
    id: row.id,
    voterKey: voterKeyOf({ userId: row.userId, participantId: row.id }),
    userId: row.userId,
    displayName: sessionNameOf({ ...user, displayName: row.displayName }),
    isAnonymous: row.isAnonymous,
    role: row.role,
    present,
    joinedAt: row.joinedAt.toISOString(),
    user: user
      ? {
          id: user.id,
          firstName: user.firstName,
          ...(seesEmail ? { email: user.email } : {}),
          profileImageUrl: user.profileImageUrl,
        }
      : null,
  };
}
