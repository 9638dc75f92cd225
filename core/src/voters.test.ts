import { PARTICIPANT_ROLES, type ParticipantRole } from "./enumerations";
import { expectedVoters, parseVoterKey, VOTING_ROLES, voterKeyOf } from "./voters";

describe("voterKeyOf", () => {
  it("keys a user by u: and an anonymous participant by p:", () => {
    expect(voterKeyOf({ userId: "42" })).toBe("u:42");
    expect(voterKeyOf({ userId: null, participantId: "7" })).toBe("p:7");
  });

  it("prefers the user id when both are set", () => {
    expect(voterKeyOf({ userId: "42", participantId: "7" })).toBe("u:42");
  });

  it("refuses a voter without any id", () => {
    expect(() => voterKeyOf({ userId: null, participantId: null })).toThrow(/userId or a participantId/);
  });
});

describe("parseVoterKey", () => {
  it("reads back what voterKeyOf wrote", () => {
    expect(parseVoterKey(voterKeyOf({ userId: "42" }))).toEqual({ userId: "42", participantId: null });
    expect(parseVoterKey(voterKeyOf({ participantId: "7" }))).toEqual({ userId: null, participantId: "7" });
  });

  it("is null for other prefixes and empty ids", () => {
    expect(parseVoterKey("x:1")).toBeNull();
    expect(parseVoterKey("u:")).toBeNull();
    expect(parseVoterKey("")).toBeNull();
  });
});

describe("expectedVoters (spec part 2 section 4)", () => {
  it("keeps every role but observer, in order", () => {
    const people = PARTICIPANT_ROLES.map((role: ParticipantRole, i) => ({ id: String(i), role }));
    expect(expectedVoters(people).map((p) => p.role)).toEqual(["creator", "moderator", "participant"]);
    expect(VOTING_ROLES).not.toContain("observer");
  });

  it("is empty when only observers are present", () => {
    expect(expectedVoters([{ role: "observer" as const }])).toEqual([]);
  });
});
