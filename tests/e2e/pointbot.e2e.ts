import type { Page } from "playwright-core";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { createSessionWithStories, registerThroughForm, waitUntil } from "./pageApi";

/**
 * Issue #9 section 2 (first bullet), local engine: in Add Story, "Generate with PointBot" with a
 * blank title toasts "Please enter a story title first."; with a REST story it fills the
 * description and the criteria (status codes), toasts "Technical Analysis Generated" and
 * "Acceptance Criteria Applied" (N criteria have been added to the form), shows the label
 * "PointBot (local)", and the story is added with those criteria.
 */
const e2e = useBrowserAndServer();

async function openAddStory(page: Page, sessionId: string): Promise<void> {
  await page.goto(`${e2e.server.url}/session/${sessionId}`);
  await page.getByTestId("add-story-button").click();
  await page.getByTestId("pointbot-generate").waitFor();
}

it("generates a technical analysis in Add Story, and in Edit Story, with the local engine", async () => {
  const page = await e2e.newPage();
  await registerThroughForm(page, e2e.server.url, "Pia", "pia@example.com");
  const { sessionId } = await createSessionWithStories(page, "PointBot sprint", ["Existing story"]);
  await openAddStory(page, sessionId);
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("pointbot-engine").filter({ hasText: "PointBot (local)" }).waitFor();

  await dialog.getByTestId("pointbot-generate").click();
  await page.getByText("Please enter a story title first.", { exact: true }).waitFor();

  await dialog.getByTestId("story-title-input").fill("Add GET /api/teams/{id}/members endpoint");
  await dialog.getByLabel("Description").fill("Return the team's members as JSON. Unknown teams answer 404.");
  await dialog.getByTestId("pointbot-generate").click();
  await page.getByText("Technical Analysis Generated", { exact: true }).waitFor();
  await page.getByText("Acceptance Criteria Applied", { exact: true }).waitFor();
  const applied = await page
    .getByText(/\d+ criteria have been added to the form/)
    .first()
    .textContent();
  const added = Number(/(\d+) criteria/.exec(applied ?? "")?.[1]);
  expect(added).toBeGreaterThanOrEqual(4);
  const description = await dialog.getByLabel("Description").inputValue();
  expect(description).toContain("GET /api/teams/{id}/members");
  const criteriaInputs = dialog.locator('input[value*="answers"]');
  await waitUntil("criteria in the form", async () => (await criteriaInputs.count()) >= 4);
  const criteria = await criteriaInputs.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(criteria.join("\n")).toContain("404 Not Found");
  expect(criteria.join("\n")).toContain("401 Unauthorized");
  await snap(page, "pointbot-01-add-story-generated");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await snap(page, "pointbot-02-add-story-390-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByTestId("story-submit").click();
  await page.getByText("Story added successfully!", { exact: true }).waitFor();
  const stories = await page.evaluate(async (id) => (await fetch(`/api/sessions/${id}/stories`)).json(), sessionId);
  const story = (stories as { title: string; acceptanceCriteria: string[] }[]).find((s) =>
    s.title.startsWith("Add GET"),
  );
  expect(story?.acceptanceCriteria.length).toBe(added);

  // The same button in Edit Story, on the current story (which has no description yet).
  await page.getByTestId("edit-story-button").click();
  const edit = page.getByRole("dialog");
  await edit.getByTestId("pointbot-generate").click();
  await waitUntil("a generated description in Edit Story", async () => {
    return (await edit.getByLabel("Description").inputValue()).length > 0;
  });
});
