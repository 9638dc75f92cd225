import type { UserView } from "@pointwise/core/presented";
import type { UserRow } from "../auth/currentUser";

/** The user object the client sees: no hashes, no payment references (spec part 1 section 3). */
export function presentUser(user: UserRow): UserView {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    subscriptionPlan: user.subscriptionPlan,
    hasPassword: user.passwordHash !== null,
  };
}
