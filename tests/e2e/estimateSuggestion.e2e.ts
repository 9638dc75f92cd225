import type { Page } from "playwright-core";
import { snap } from "./browser";
import { useBrowserAndServer } from "./browserAndServer";
import { pageApi, registerThroughForm, waitUntil } from "./pageApi";

/**
 * Issue #9 section 3 in the browser: the leader peeks privately at PointBot's history suggestion;
 * the guest's page never asks for it before the reveal, then shows it beside the results with the
 * 3 similar stories; the Session Summary counts whether the final points matched it.
 */
const e2e = useBrowserAndServer();

const BACKLOG = [
  "issuekey,title,description,storypoint",
  "H-1,Export the sales report as CSV,The finance user downloads the monthly sales report as a CSV file,3",
  "H-2,Export the stock report as CSV,The warehouse user downloads the stock report as a CSV file,3",
  "H-3,Export the audit log as CSV,The admin downloads the audit log as a CSV file,3",
  "H-4,Single sign-on with Azure AD,Users log in through Azure Active Directory with OAuth and MFA,13",
  "H-5,Fix typo on the login page,The button label says Lgoin,1",
  "N-1,Export the invoice report as CSV,The accountant downloads the invoice report as a CSV file,",
].join("\n");

/** Imports a CSV from the page (its cookies and CSRF token). */
async function importCsv(page: Page, sessionId: string, csv: string): Promise<number> {
  return page.evaluate(
    async ({ sessionId, csv }) => {
      const token = ((await (await fetch("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
      const res = await fetch(`/api/sessions/${sessionId}/stories/import`, {
        method: "POST",
        headers: { "content-type": "text/csv", "x-csrf-token": token },
        body: csv,
      });
      return res.status;
    },
    { sessionId, csv },
  );
}

it("lets the leader peek privately and shows the suggestion to everyone after the reveal", async () => {
  const leader = await e2e.newPage();
  const guest = await e2e.newPage({ width: 390, height: 844, colorScheme: "dark" });
  const guestAsked: string[] = [];
  guest.on("request", (r) => {
    if (r.url().includes("/estimate-suggestion")) guestAsked.push(r.url());
  });

  await registerThroughForm(leader, e2e.server.url, "Lena", "lena.history@example.com");
  const created = await pageApi<{ id: string }>(leader, "POST", "/api/sessions", { title: "History sprint" });
  const sessionId = created.body.id;
  expect(await importCsv(leader, sessionId, BACKLOG)).toBe(201);
  const stories = (
    await pageApi<{ id: string; ticketNumber: string }[]>(leader, "GET", `/api/sessions/${sessionId}/stories`)
  ).body;
  const n1 = stories.find((s) => s.ticketNumber === "N-1")?.id ?? "";
  expect((await pageApi(leader, "POST", `/api/sessions/${sessionId}/active-story`, { storyId: n1 })).status).toBe(200);

  await guest.goto(`${e2e.server.url}/join/${sessionId}`);
  await guest.getByTestId("join-name-input").fill("Gus");
  await guest.getByTestId("join-submit").click();
  await guest.waitForURL(`${e2e.server.url}/session/${sessionId}`);
  await leader.goto(`${e2e.server.url}/session/${sessionId}`);

  // The leader's private peek.
  await leader.getByTestId("peek-suggestion").click();
  const panel = leader.getByTestId("peek-suggestion-panel");
  await panel.getByText("Only you see this: voters see it after the reveal.").waitFor();
  await waitUntil("peeked points", async () => (await panel.getByTestId("suggestion-points").count()) === 1);
  expect(await panel.getByTestId("suggestion-points").textContent()).toBe("3");
  expect(await panel.getByTestId("suggestion-similar").locator("li").count()).toBe(3);
  await snap(leader, "estimate-suggestion-peek");
  expect(await guest.getByTestId("peek-suggestion").count()).toBe(0);
  expect(await guest.getByTestId("history-suggestion").count()).toBe(0);

  // Vote, reveal: the guest now sees the suggestion beside the results.
  expect((await pageApi(leader, "POST", "/api/votes", { storyId: n1, points: 5 })).status).toBe(200);
  expect((await pageApi(guest, "POST", "/api/votes", { storyId: n1, points: 3 })).status).toBe(200);
  expect(guestAsked).toEqual([]);
  expect((await pageApi(leader, "POST", `/api/stories/${n1}/reveal-votes`)).status).toBe(200);
  const shown = guest.getByTestId("history-suggestion");
  await shown.getByTestId("suggestion-points").waitFor();
  expect(await shown.getByTestId("suggestion-points").textContent()).toBe("3");
  await shown.getByText("H-1").waitFor();
  expect(await shown.getByTestId("suggestion-similar").locator("li").count()).toBe(3);
  expect(guestAsked.length).toBeGreaterThan(0);
  await shown.scrollIntoViewIfNeeded();
  await snap(guest, "estimate-suggestion-revealed-390-dark");
  await leader.getByTestId("history-suggestion").getByTestId("suggestion-points").waitFor();
  await snap(leader, "estimate-suggestion-revealed");

  // The team settles on PointBot's 3: the summary counts the match.
  expect((await pageApi(leader, "PATCH", `/api/stories/${n1}`, { status: "completed", finalPoints: 3 })).status).toBe(
    200,
  );
  await leader.getByTestId("summary-button").click();
  const dialog = leader.getByTestId("summary-dialog");
  await dialog.getByTestId("summary-suggestion-accuracy").waitFor();
  expect(await dialog.getByTestId("summary-suggestion-accuracy").textContent()).toBe("1/1");
  expect(await dialog.getByTestId("summary-history-accuracy").textContent()).toBe("1/1");
  await dialog.getByText("PointBot matched, this session (1/1 in range)").waitFor();
  await snap(leader, "estimate-suggestion-summary");
});
