import { displayNameOf } from "@pointwise/core/displayNames";
import type { ParticipantView } from "@pointwise/core/presented";
import { voterKeyOf } from "@pointwise/core/voters";
import type { UserRow } from "../auth/currentUser";
import type { ParticipantRow } from "../policies/sessionPolicy";

/** A participant with its user (spec part 2 section 3, "Participant"). */
export function presentParticipant(row: ParticipantRow, user: UserRow | null): ParticipantView {
  return {
    id: row.id,
    voterKey: voterKeyOf({ userId: row.userId, participantId: row.id }),
    userId: row.userId,
    displayName: displayNameOf({ ...user, displayName: row.displayName }),
    isAnonymous: row.isAnonymous,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    user: user
      ? { id: user.id, firstName: user.firstName, email: user.email, profileImageUrl: user.profileImageUrl }
      : null,
  };
}
