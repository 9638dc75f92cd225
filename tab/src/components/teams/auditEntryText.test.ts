import type { TeamAuditEntryView } from "@pointwise/core/presented";
import { auditEntryText, pointsText } from "./auditEntryText";

/** The audit log's words (issue #22): plurals through Intl, one decimal at most. */
const entry = (overrides: Partial<TeamAuditEntryView>): TeamAuditEntryView => ({
  id: "e1",
  action: "completed",
  sessionId: "s1",
  sessionTitle: "Sprint 7",
  storyId: "st1",
  storyTitle: "Login",
  previousPoints: null,
  finalPoints: 8,
  user: { id: "u1", name: "Olga Owner" },
  createdAt: "2026-01-01T10:00:00.000Z",
  ...overrides,
});

describe("auditEntryText", () => {
  it("says who completed, changed or cleared a story's points", () => {
    expect(auditEntryText(entry({}))).toBe("Olga Owner completed “Login” with 8 points");
    expect(auditEntryText(entry({ action: "corrected", previousPoints: 5, finalPoints: 0.5 }))).toBe(
      "Olga Owner changed “Login” from 5 to 0.5 points",
    );
    expect(auditEntryText(entry({ action: "cleared", previousPoints: 1, finalPoints: null }))).toBe(
      "Olga Owner cleared the points of “Login” (was 1 point)",
    );
  });

  it("pluralises points with Intl", () => {
    expect(pointsText(1)).toBe("1 point");
    expect(pointsText(0)).toBe("0 points");
    expect(pointsText(13)).toBe("13 points");
  });
});
