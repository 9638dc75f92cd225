import type { Page } from "playwright-core";
import { setSubscriptionPlan } from "../../api/src/testing/plans";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { createSessionWithStories, pageApi, registerThroughForm, waitUntil } from "./pageApi";

/**
 * Issue #9 section 4 (browser proof of section 2): a leader on a paid plan regenerates PointBot's
 * insights from a real, voted session (toast, icons by name, priority badges, refresh time as
 * hour:minute), deletes one, opens the Session Summary (real consensus rate and action items)
 * and shares it to Teams (a guest sees the insights arrive live): with no bot in a conversation the server answers a share link, which
 * opens in a new window. On the free plan the card shows the upgrade prompt instead.
 */
// In this process: the plan changes are written to the server's database directly.
const e2e = useBrowserAndServer({ inProcess: true });

/** The in-process server's application context. */
function serverContext() {
  const { ctx } = e2e.server;
  if (!ctx) throw new Error("the test server runs in another process");
  return ctx;
}

/** Votes from a page's identity (its cookies: the user's sign-in or the guest's participant token). */
async function vote(page: Page, storyId: string, points: number): Promise<void> {
  const res = await pageApi(page, "POST", "/api/votes", { storyId, points });
  expect(res.status).toBe(200);
}

/** Reveals and completes a story as the leader. */
async function complete(leader: Page, storyId: string, finalPoints: number): Promise<void> {
  expect((await pageApi(leader, "POST", `/api/stories/${storyId}/reveal-votes`)).status).toBe(200);
  expect((await pageApi(leader, "PATCH", `/api/stories/${storyId}`, { status: "completed", finalPoints })).status).toBe(
    200,
  );
}

it("regenerates insights on a paid plan, deletes one, and shares the summary to Teams", async () => {
  const context = await e2e.newContext();
  const leader = await context.newPage();
  const guest = await e2e.newPage();

  await registerThroughForm(leader, e2e.server.url, "Ines", "ines@example.com");
  const me = await pageApi<{ id: string }>(leader, "GET", "/api/auth/user");
  await setSubscriptionPlan(serverContext(), me.body.id, "basic");
  const { sessionId, storyIds } = await createSessionWithStories(leader, "Insightful sprint", [
    "Import payments",
    "Login page",
    "Search",
  ]);
  const [importer, login] = storyIds as [string, string, string];

  await guest.goto(`${e2e.server.url}/join/${sessionId}`);
  await guest.getByTestId("join-name-input").fill("Gus");
  await guest.getByTestId("join-submit").click();
  await guest.waitForURL(`${e2e.server.url}/session/${sessionId}`);

  // Import payments: 13 and 3 (a wide spread, no consensus), final 13; Login page: 3 and 3.
  await vote(leader, importer, 13);
  await vote(guest, importer, 3);
  await complete(leader, importer, 13);
  await vote(leader, login, 3);
  await vote(guest, login, 3);
  await complete(leader, login, 3);

  await leader.goto(`${e2e.server.url}/session/${sessionId}`);
  const card = leader.getByTestId("ai-insights-card");
  await card.getByText("No insights yet. Generate them once stories are estimated.").waitFor();
  await card.getByTestId("insights-regenerate").click();
  await leader.locator(".fui-ToastTitle", { hasText: "Insights regenerated" }).waitFor();
  await waitUntil("insights listed", async () => (await card.getByTestId("insight").count()) >= 4);
  expect(await card.locator('[data-rule="split_large"] [data-icon="bolt"]').count()).toBe(1);
  expect(await card.locator('[data-rule="wide_spread"] [data-icon="exclamation-triangle"]').count()).toBe(1);
  await card.locator('[data-rule="split_large"]').getByText('Split "Import payments" (13 points)').waitFor();
  expect(await card.getByTestId("insight-priority").first().textContent()).toBe("high");
  expect(await card.getByTestId("insights-refreshed").textContent()).toMatch(
    /PointBot \(local\) · refreshed at \d\d:\d\d$/,
  );

  // The guest sees the same insights live (insights_updated), without the leader's buttons.
  const guestCard = guest.getByTestId("ai-insights-card");
  await waitUntil("guest insights", async () => (await guestCard.getByTestId("insight").count()) >= 4);
  expect(await guestCard.getByTestId("insights-regenerate").count()).toBe(0);
  expect(await guestCard.getByTestId("insight-delete").count()).toBe(0);

  const before = await card.getByTestId("insight").count();
  await card.locator('[data-rule="consensus_rate"]').getByTestId("insight-delete").click();
  await leader.locator(".fui-ToastTitle", { hasText: "Insight deleted" }).waitFor();
  await waitUntil("one insight fewer", async () => (await card.getByTestId("insight").count()) === before - 1);
  await snap(leader, "insights-card");

  // Session Summary: real figures and action items; Share to Teams opens the share link.
  await leader.getByTestId("summary-button").click();
  const dialog = leader.getByTestId("summary-dialog");
  await dialog.getByTestId("summary-action-items").waitFor();
  expect(await dialog.getByTestId("summary-consensus").textContent()).toBe("50%");
  expect(await dialog.getByTestId("summary-completed").textContent()).toBe("2/3");
  expect(await dialog.getByTestId("summary-points").textContent()).toBe("16");
  expect(await dialog.getByTestId("summary-duration").textContent()).toMatch(/^(< 1|\d+) min$/);
  await dialog.getByText('Split "Import payments" (13 points) into smaller stories').waitFor();
  await dialog.getByText('Add acceptance criteria to "Search"').waitFor();
  expect(await dialog.getByTestId("summary-export").getAttribute("href")).toBe(`/api/sessions/${sessionId}/export.md`);
  await snap(leader, "summary-dialog");

  await context.route("https://teams.microsoft.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>Share to Teams</p>" }),
  );
  const popup = context.waitForEvent("page");
  await dialog.getByTestId("summary-share").click();
  const shared = await popup;
  await waitUntil("share link", async () => shared.url().startsWith("https://teams.microsoft.com/share?"));
  const url = new URL(shared.url());
  expect(url.searchParams.get("href")).toContain(`/session/${sessionId}`);
  expect(url.searchParams.get("msgText")).toContain("consensus 50%");

  // Phone width and dark mode.
  await leader.bringToFront();
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "detached" });
  await leader.setViewportSize({ width: 390, height: 844 });
  await leader.emulateMedia({ colorScheme: "dark" });
  await card.scrollIntoViewIfNeeded();
  await snap(leader, "insights-card-390-dark");
  await leader.getByTestId("summary-button").click();
  await dialog.getByTestId("summary-action-items").waitFor();
  await snap(leader, "summary-dialog-390-dark");
  await dialog.getByRole("button", { name: "Close" }).click();

  // Back on the free plan: the upgrade prompt, for the leader and the guest.
  await setSubscriptionPlan(serverContext(), me.body.id, "free");
  await leader.reload();
  await leader.getByTestId("insights-upgrade").getByText("Upgrade plan").waitFor();
  await guest.reload();
  await guest.getByTestId("insights-upgrade").getByText("Ask the session owner to upgrade.").waitFor();
});
