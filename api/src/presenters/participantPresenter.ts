import type { ParticipantView } from "@pointwise/core/presented";
import type { UserRow } from "../auth/currentUser";
import { type ParticipantRow, voterKeyOf } from "../policies/sessionPolicy";

/** The display name of a user: first and last name, else the e-mail, else "Participant". */
export function displayNameOfUser(user: Pick<UserRow, "firstName" | "lastName" | "email">): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email || "Participant";
}

/** A participant with its user (spec part 2 section 3, "Participant"). */
export function presentParticipant(row: ParticipantRow, user: UserRow | null): ParticipantView {
  return {
    id: row.id,
    voterKey: voterKeyOf({ userId: row.userId, id: row.id }),
    userId: row.userId,
    displayName: row.displayName ?? (user ? displayNameOfUser(user) : "Guest"),
    isAnonymous: row.isAnonymous,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    user: user
      ? { id: user.id, firstName: user.firstName, email: user.email, profileImageUrl: user.profileImageUrl }
      : null,
  };
}
