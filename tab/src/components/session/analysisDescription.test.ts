import type { StoryAnalysis } from "@pointwise/core/pointbotSchemas";
import { analysisDescription } from "./analysisDescription";

/** An analysis with the given detailed description and user story; the rest is beside the point here. */
function buildAnalysis(
  detailedDescription: string,
  userStory: StoryAnalysis["description"]["userStory"],
): StoryAnalysis {
  return {
    description: {
      detailedDescription,
      executiveSummary: "UI work. Low uncertainty; 3 acceptance criteria proposed.",
      userStory,
      acceptanceCriteria: [],
      requirements: { functional: [], nonFunctional: [], businessRules: [] },
      technicalContext: { components: [], apis: [], databases: [], services: [] },
      implementationHints: { approach: "", patterns: [], considerations: [], risks: [] },
      estimationFactors: { complexity: "Low", uncertainty: "low", effort: "About a day", skills: [] },
    },
    metadata: { priority: "medium", completenessScore: 50, clarityScore: 80 },
  };
}

describe("analysisDescription (Generate with PointBot, issue #22 section 4)", () => {
  it("adds the user story after the description when the description does not state it", () => {
    const analysis = buildAnalysis("Return the team's members as JSON.", {
      as: "an API client developer",
      want: "to add the GET /api/teams/{id}/members endpoint",
      soThat: "",
    });
    expect(analysisDescription(analysis)).toBe(
      "Return the team's members as JSON.\n\nAs an API client developer, I want to add the GET /api/teams/{id}/members endpoint.",
    );
  });

  it("does not repeat a user story the description already states, in other case or punctuation", () => {
    const detailed = "as a session leader i want to export the results as CSV so that I can share them.";
    const analysis = buildAnalysis(detailed, {
      as: "a session leader",
      want: "to export the results as CSV",
      soThat: "I can share them",
    });
    expect(analysisDescription(analysis)).toBe(detailed);
  });

  it("leaves the description alone without a user story, and starts with the story when the description is empty", () => {
    expect(analysisDescription(buildAnalysis("Steps:\n1. Open", { as: "", want: "", soThat: "" }))).toBe(
      "Steps:\n1. Open",
    );
    expect(
      analysisDescription(buildAnalysis("", { as: "a developer", want: "to add unit tests for X", soThat: "" })),
    ).toBe("As a developer, I want to add unit tests for X.");
  });

  it("keeps to the form's 5,000 characters", () => {
    const analysis = buildAnalysis("x".repeat(4990), { as: "a user", want: "to see more", soThat: "" });
    expect(analysisDescription(analysis)).toHaveLength(5000);
  });
});
