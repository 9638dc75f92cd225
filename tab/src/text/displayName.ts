import type { UserView } from "@pointwise/core/presented";

/** "First Last", else the e-mail, else "User": how a person is named in menus and avatars. */
export function displayName(user: Pick<UserView, "firstName" | "lastName" | "email">): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return full || user.email || "User";
}
