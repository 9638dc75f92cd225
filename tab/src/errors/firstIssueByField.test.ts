import { createStorySchema } from "@pointwise/core/storySchemas";
import { firstIssueByField } from "./firstIssueByField";

describe("firstIssueByField", () => {
  it("keeps the first message of each top-level field", () => {
    const errors = firstIssueByField([
      { path: ["title"], message: "Title is required" },
      { path: ["title"], message: "second message" },
      { path: ["acceptanceCriteria", 2], message: "Must be no more than 1000 characters" },
    ]);
    expect(errors).toEqual({ title: "Title is required", acceptanceCriteria: "Must be no more than 1000 characters" });
  });

  it("maps a real schema failure to the field the form shows it under", () => {
    const parsed = createStorySchema.safeParse({ title: "", teamId: "no-team", ticketNumber: "bad ticket!" });
    expect(parsed.success).toBe(false);
    const errors = firstIssueByField(parsed.error?.issues ?? []);
    expect(Object.keys(errors).sort()).toEqual(["ticketNumber", "title"]);
  });
});
