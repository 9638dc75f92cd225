import fs from "node:fs";
import path from "node:path";
import { storyAnalysisSchema } from "@pointwise/core/pointbotSchemas";
import { parse } from "csv-parse/sync";
import { analyzeLocally, LocalPointBotEngine, suggestCriteriaLocally } from "./localEngine";

/** A story of the shared backlogs (../shared/data/storypoints), by issue key. */
function backlogStory(file: string, key: string): { title: string; description: string } {
  const data = path.resolve(__dirname, "../../../../shared/data/storypoints");
  const rows = parse(fs.readFileSync(path.join(data, `${file}.csv`), "utf8"), {
    columns: true,
  }) as Record<string, string>[];
  const row = rows.find((r) => r.issuekey === key);
  if (!row) throw new Error(`${key} not in ${file}.csv`);
  return { title: row.title ?? "", description: row.description ?? "" };
}

const criteriaText = (story: { title: string; description?: string }) =>
  analyzeLocally(story).description.acceptanceCriteria.join("\n");

describe("local PointBot engine on real backlog stories", () => {
  it("USERGRID-16 (REST ownership bug): names the endpoint and the status codes of access, 200/401/403/404", () => {
    const story = backlogStory("usergrid", "USERGRID-16");
    const analysis = analyzeLocally(story);
    expect(storyAnalysisSchema.parse(analysis)).toEqual(analysis);
    const criteria = criteriaText(story);
    expect(criteria).toContain("/assets/UUID/data answers 404 Not Found");
    for (const code of ["200 OK", "401 Unauthorized", "403 Forbidden", "404 Not Found"])
      expect(criteria).toContain(code);
    // An ownership bug is about who gets through; "400 Bad Request with field-level errors" was template noise (issue #22 section 4).
    expect(criteria).not.toContain("400 Bad Request");
    // The bug's outcome leads, and the report's own expectations follow.
    expect(analysis.description.acceptanceCriteria[0]).toBe(
      "Asset data correctly obeys contextual ownership like the entity in the case the report describes",
    );
    expect(criteria).toContain('User "fred" should get a 404 on both /users/bob/assets/myasset');
    expect(analysis.description.technicalContext.apis).toEqual(expect.arrayContaining(["/assets/UUID/data"]));
    expect(analysis.description.estimationFactors.skills).toEqual(
      expect.arrayContaining(["HTTP API design", "Application security"]),
    );
    expect(analysis.metadata.priority).toBe("high");
    expect(analysis.description.requirements.businessRules.join(" ")).toContain("only be able to perform");
  });

  it("USERGRID-17 (refresh token at the REST tier): API and security criteria, OAuth service, vague words lower clarity", () => {
    const story = backlogStory("usergrid", "USERGRID-17");
    const analysis = analyzeLocally(story);
    // Was "the API behind “Expose refresh token at the REST tier” answers ...": lower case, the title as a name.
    expect(criteriaText(story)).toMatch(/^The API answers 401 Unauthorized/m);
    expect(analysis.description.technicalContext.services).toContain("OAuth");
    expect(analysis.description.estimationFactors.uncertainty).not.toBe("low");
    expect(analysis.metadata.clarityScore).toBeLessThan(100);
    expect(analysis.description.implementationHints.considerations.join(" ")).toMatch(/Clarify the vague parts/);
  });

  it("TISTUD-13 (property page): UI criteria about the property page, keyboard and states", () => {
    const story = backlogStory("appceleratorstudio", "TISTUD-13");
    const analysis = analyzeLocally(story);
    expect(analysis.description.technicalContext.components).toContain("property page");
    const criteria = criteriaText(story);
    expect(criteria).toContain("The property page can be used with the keyboard only");
    expect(criteria).toContain("User can add or remove references from the filesystem or URL");
    expect(analysis.description.estimationFactors.skills).toContain("Front-end (UI, accessibility)");
  });

  it("USERGRID-382 (data migrations): migration criteria with rollback and row counts", () => {
    const story = backlogStory("usergrid", "USERGRID-382");
    const criteria = criteriaText(story);
    expect(criteria).toMatch(/rollback script/i);
    expect(criteria).toMatch(/Row counts and checksums/);
    expect(analyzeLocally(story).description.implementationHints.patterns).toContain("Expand-migrate-contract");
  });

  it("TISTUD-1073 (Snippets view performance): a benchmark criterion and the Snippets view", () => {
    const story = backlogStory("appceleratorstudio", "TISTUD-1073");
    const analysis = analyzeLocally(story);
    expect(analysis.description.acceptanceCriteria[0]).toMatch(/repeatable benchmark/);
    expect(analysis.description.technicalContext.components).toContain("Snippets view");
  });

  it("TISTUD-1616 (Jira log out): integration criteria naming Jira", () => {
    const story = backlogStory("appceleratorstudio", "TISTUD-1616");
    const analysis = analyzeLocally(story);
    expect(analysis.description.technicalContext.services).toContain("Jira");
    // Was "Jira timeouts and 5xx answers ...": the story names no HTTP API, so no status codes.
    expect(criteriaText(story)).toMatch(/^Jira timeouts and errors are retried once/m);
    expect(criteriaText(story)).not.toMatch(/\b5xx\b/);
    expect(criteriaText(story)).toContain("Previous users Jira account should be cleared");
  });

  it("DURACLOUD-204 (persisting passwords): security criteria about secrets", () => {
    const story = backlogStory("duracloud", "DURACLOUD-204");
    expect(criteriaText(story)).toContain("Secrets, tokens and passwords never appear in logs");
  });
});

describe("local PointBot engine rules", () => {
  it("reads the user-story pattern when the story states it, keeping the article and the 'to' (the tab writes 'As {as}, I want {want}')", () => {
    const analysis = analyzeLocally({
      title: "Export results",
      description: "As a session leader I want to export the results as CSV so that I can share them with my manager.",
    });
    expect(analysis.description.userStory).toEqual({
      as: "a session leader",
      want: "to export the results as CSV",
      soThat: "I can share them with my manager",
    });
  });

  it("rates a bare, vague story as uncertain, incomplete and unclear", () => {
    const bare = analyzeLocally({ title: "Stuff" });
    expect(bare.description.estimationFactors.uncertainty).toBe("high");
    expect(bare.metadata.completenessScore).toBe(20);
    expect(bare.metadata.clarityScore).toBeLessThanOrEqual(75);
    const vague = analyzeLocally({
      title: "Maybe improve the dashboard somehow",
      description: "Perhaps investigate what users want? TBD.",
    });
    expect(vague.description.estimationFactors.uncertainty).toBe("high");
    expect(vague.metadata.clarityScore).toBeLessThan(60);
  });

  it("is deterministic and uses the estimate model's complexity hint when given", () => {
    const story = { title: "Add GET /api/teams/{id}/members", description: "Answer 404 for an unknown team." };
    expect(analyzeLocally(story)).toEqual(analyzeLocally(story));
    const hinted = analyzeLocally({ ...story, complexityHint: "5 points (likely 3-8), like KEY-1, KEY-2" });
    expect(hinted.description.estimationFactors.complexity).toBe("5 points (likely 3-8), like KEY-1, KEY-2");
  });

  it("rates crashes and data loss critical and cosmetic work low", () => {
    expect(analyzeLocally({ title: "Studio crashes on startup with data loss" }).metadata.priority).toBe("critical");
    expect(analyzeLocally({ title: "Fix typo in the about page wording" }).metadata.priority).toBe("low");
  });
});

describe("local criteria suggestions", () => {
  it("suggests status-code criteria for a REST story and never repeats existing criteria", async () => {
    const engine = new LocalPointBotEngine();
    const story = backlogStory("usergrid", "USERGRID-16");
    const first = await engine.suggestCriteria({ ...story, acceptanceCriteria: [] });
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(5);
    expect(first.join("\n")).toContain("401 Unauthorized");
    const existing = first.slice(0, 2).map((c) => c.toUpperCase());
    const second = suggestCriteriaLocally({ ...story, acceptanceCriteria: existing });
    for (const c of existing) expect(second.map((s) => s.toUpperCase())).not.toContain(c);
    expect(second.length).toBeGreaterThan(0);
  });
});
