import type { Locator, Page } from "playwright-core";

/**
 * Helpers of the browser tests of issue #8 (accessibility scan, story editing): calls to the API
 * from inside a page (its cookies, the double-submit CSRF token like the tab sends), sign-up
 * through the registration form, and polling waits.
 */

/** The password every test user registers with. */
export const E2E_PASSWORD = "Estimate8Points";

/** Registers through the form at /register and waits for the dashboard's greeting. */
export async function registerThroughForm(page: Page, baseUrl: string, first: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await page.getByTestId("register-submit").click();
  await page.getByText(new RegExp(`Welcome( back)?, ${first}!`)).waitFor();
}

/**
 * One API call from the page (same origin, its cookies; X-CSRF-Token on unsafe methods).
 * @returns status and parsed JSON body (null when empty)
 * @param headers extra headers, e.g. the guest's X-Participant-Token
 */
export async function pageApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const h: Record<string, string> = { ...headers };
      if (method !== "GET") {
        const token = ((await (await fetch("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken;
        h["x-csrf-token"] = token;
      }
      if (body !== undefined) h["content-type"] = "application/json";
      const res = await fetch(path, {
        method,
        headers: h,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body, headers },
  );
}

/** Creates a session with stories through the API; returns its id and the stories' ids in order. */
export async function createSessionWithStories(
  page: Page,
  title: string,
  storyTitles: readonly string[],
): Promise<{ sessionId: string; storyIds: string[] }> {
  const created = await pageApi<{ id: string }>(page, "POST", "/api/sessions", { title });
  if (created.status !== 201 && created.status !== 200) throw new Error(`create session -> ${created.status}`);
  const storyIds: string[] = [];
  for (const story of storyTitles) {
    const res = await pageApi<{ id: string }>(page, "POST", `/api/sessions/${created.body.id}/stories`, {
      title: story,
    });
    if (res.status !== 201) throw new Error(`create story -> ${res.status}`);
    storyIds.push(res.body.id);
  }
  return { sessionId: created.body.id, storyIds };
}

/** Polls `check` every 100 ms for up to `ms`; fails with `what` when it never holds. */
export async function waitUntil(what: string, check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until the locator matches exactly `n` elements. */
export async function waitForCount(locator: Locator, n: number, ms = 10_000): Promise<void> {
  await waitUntil(`${n} elements`, async () => (await locator.count()) === n, ms);
}

/**
 * Drags `handle` onto `target` with the mouse in small steps, as a person would: dnd-kit (the
 * Story Queue) starts a drag after the pointer moved a few pixels and finds the drop target from
 * the moves in between, which a single jump does not give it.
 */
export async function dragRow(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("drag: the handle or the target is not on screen");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}
