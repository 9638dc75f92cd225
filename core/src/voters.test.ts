import { PARTICIPANT_ROLES, type ParticipantRole } from "./enumerations";
import {
  expectedVoters,
  graceEnd,
  isPresent,
  PRESENCE_GRACE_SECONDS,
  parseVoterKey,
  roundCounts,
  roundCountsOfGroups,
  VOTING_ROLES,
  voterKeyOf,
  waitingFor,
} from "./voters";

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

describe("expectedVoters (issue #8 section 1)", () => {
  it("keeps every present role but observer, in order", () => {
    const people = PARTICIPANT_ROLES.map((role: ParticipantRole, i) => ({ id: String(i), role, present: true }));
    expect(expectedVoters(people).map((p) => p.role)).toEqual(["creator", "moderator", "participant"]);
    expect(VOTING_ROLES).not.toContain("observer");
  });

  it("is empty when only observers are present", () => {
    expect(expectedVoters([{ role: "observer" as const, present: true }])).toEqual([]);
  });

  it("leaves out absent participants", () => {
    const people = [
      { id: "a", role: "participant" as const, present: true },
      { id: "b", role: "participant" as const, present: false },
      { id: "c", role: "creator" as const, present: false },
    ];
    expect(expectedVoters(people).map((p) => p.id)).toEqual(["a"]);
    expect(waitingFor(people)).toEqual(expectedVoters(people));
  });
});

describe("isPresent (issue #8 section 1: connected, or gone for less than the grace)", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  it("is true while connected, whatever the grace", () => {
    expect(isPresent({ online: true, presentUntil: null }, now)).toBe(true);
    expect(isPresent({ online: true, presentUntil: now - 3_600_000 }, now)).toBe(true);
  });

  it("keeps a disconnected participant for the 30 s grace, not a moment longer", () => {
    expect(PRESENCE_GRACE_SECONDS).toBe(30);
    const left = now - 29_999;
    expect(isPresent({ online: false, presentUntil: new Date(graceEnd(left)) }, now)).toBe(true);
    expect(isPresent({ online: false, presentUntil: new Date(graceEnd(now - 30_000)).toISOString() }, now)).toBe(false);
    expect(isPresent({ online: false, presentUntil: null }, now)).toBe(false);
  });

  it("takes a shorter grace", () => {
    expect(isPresent({ online: false, presentUntil: graceEnd(now - 1500, 2) }, now)).toBe(true);
    expect(isPresent({ online: false, presentUntil: graceEnd(now - 2500, 2) }, now)).toBe(false);
  });
});

describe("roundCounts (n of m)", () => {
  const p = (voterKey: string, role: ParticipantRole, present: boolean) => ({ voterKey, role, present });
  it("counts only the votes of expected voters", () => {
    const people = [
      p("u:lead", "creator", true),
      p("p:ann", "participant", true),
      p("p:gone", "participant", false),
      p("u:obs", "observer", true),
    ];
    // The absent guest's and the observer's votes do not count: n stays <= m.
    expect(roundCounts(people, ["u:lead", "p:gone", "u:obs"])).toEqual({ votedCount: 1, expectedVoters: 2 });
    expect(roundCounts(people, ["u:lead", "p:ann"])).toEqual({ votedCount: 2, expectedVoters: 2 });
    expect(roundCounts([], [])).toEqual({ votedCount: 0, expectedVoters: 0 });
  });
});

describe("roundCountsOfGroups (n of m from grouped rows)", () => {
  it("gives the counts roundCounts gives for the same room", () => {
    const people = [
      { voterKey: "u:lead", role: "creator" as const, present: true, voted: true },
      { voterKey: "p:ann", role: "participant" as const, present: true, voted: false },
      { voterKey: "p:bob", role: "participant" as const, present: true, voted: true },
      { voterKey: "p:gone", role: "participant" as const, present: false, voted: true },
      { voterKey: "u:obs", role: "observer" as const, present: true, voted: true },
      { voterKey: "u:mod", role: "moderator" as const, present: true, voted: true },
    ];
    const groups = [
      { role: "creator" as const, present: true, voted: true, count: 1 },
      { role: "participant" as const, present: true, voted: false, count: 1 },
      { role: "participant" as const, present: true, voted: true, count: 1 },
      { role: "participant" as const, present: false, voted: true, count: 1 },
      { role: "observer" as const, present: true, voted: true, count: 1 },
      { role: "moderator" as const, present: true, voted: true, count: 1 },
    ];
    const expected = roundCounts(
      people,
      people.filter((p) => p.voted).map((p) => p.voterKey),
    );
    expect(roundCountsOfGroups(groups)).toEqual(expected);
    expect(expected).toEqual({ votedCount: 3, expectedVoters: 4 });
    // Groups of many: the counts are sums.
    expect(
      roundCountsOfGroups([
        { role: "participant", present: true, voted: true, count: 240 },
        { role: "participant", present: true, voted: false, count: 259 },
        { role: "participant", present: false, voted: true, count: 7 },
        { role: "creator", present: true, voted: false, count: 1 },
      ]),
    ).toEqual({ votedCount: 240, expectedVoters: 500 });
    expect(roundCountsOfGroups([])).toEqual({ votedCount: 0, expectedVoters: 0 });
  });
});
