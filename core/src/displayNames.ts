/**
 * How a person is named (menus, avatars, participant lists, votes, cards). The spec names no
 * fallback; "Participant" is the field's word for anyone in a session (spec part 2 section 1)
 * and was already what the server sent, so REST, WebSocket, cards and the tab all agree.
 */
export const DISPLAY_NAME_FALLBACK = "Participant";

/** The name a Teams meeting guest joins under when Teams gives no name (issue #3 section 1). */
export const MEETING_GUEST_NAME = "Guest";

/**
 * The name parts a person may carry: a participant's own `displayName` (guests; set at
 * join-anonymous), and a user's first name, last name and e-mail. All optional.
 */
export interface NamedPerson {
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/**
 * A person's display name: the participant's own display name, else "First Last", else the
 * e-mail, else DISPLAY_NAME_FALLBACK. Blank parts count as absent.
 * @param person a user, a participant row, or a participant merged with its user
 */
export function displayNameOf(person: NamedPerson): string {
  const own = person.displayName?.trim();
  if (own) return own;
  const full = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return full || person.email?.trim() || DISPLAY_NAME_FALLBACK;
}

/**
 * The name other people see in a session (participant lists, votes, cards): displayNameOf
 * without the e-mail fallback, so a user without a name is "Participant" rather than their
 * address (issue #7: e-mail is for the session leader and the person themself only).
 */
export function sessionNameOf(person: NamedPerson): string {
  return displayNameOf({ displayName: person.displayName, firstName: person.firstName, lastName: person.lastName });
}

/** The name a meeting guest joins with: Teams' display name trimmed, else MEETING_GUEST_NAME. */
export function meetingGuestName(teamsName: string | null | undefined): string {
  return teamsName?.trim() || MEETING_GUEST_NAME;
}
