import { DISPLAY_NAME_FALLBACK, displayNameOf, meetingGuestName, sessionNameOf } from "./displayNames";

describe("displayNameOf", () => {
  it("uses a participant's own display name first", () => {
    expect(displayNameOf({ displayName: "Gus", firstName: "Ann", lastName: "Lee" })).toBe("Gus");
  });

  it("joins first and last name, skipping blanks", () => {
    expect(displayNameOf({ firstName: "Ann", lastName: "Lee", email: "a@example.com" })).toBe("Ann Lee");
    expect(displayNameOf({ firstName: "Ann", lastName: null })).toBe("Ann");
    expect(displayNameOf({ firstName: " ", lastName: "Lee" })).toBe("Lee");
    expect(displayNameOf({ displayName: "  ", firstName: "Ann" })).toBe("Ann");
  });

  it("falls back to the e-mail, then to the one fallback text", () => {
    expect(displayNameOf({ firstName: null, lastName: null, email: "a@example.com" })).toBe("a@example.com");
    expect(displayNameOf({ firstName: null, lastName: null, email: null })).toBe("Participant");
    expect(displayNameOf({})).toBe(DISPLAY_NAME_FALLBACK);
  });
});

describe("sessionNameOf", () => {
  it("names people as displayNameOf does but never by their e-mail (issue #7)", () => {
    expect(sessionNameOf({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" })).toBe("Ada Lovelace");
    expect(sessionNameOf({ firstName: null, lastName: " ", email: "ada@example.com" })).toBe(DISPLAY_NAME_FALLBACK);
  });
});

describe("meetingGuestName", () => {
  it("trims the Teams name and uses Guest when there is none", () => {
    expect(meetingGuestName("  Gus Guest ")).toBe("Gus Guest");
    expect(meetingGuestName("   ")).toBe("Guest");
    expect(meetingGuestName(undefined)).toBe("Guest");
  });
});
