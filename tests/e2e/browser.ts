import fs from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium with the flags this sandbox needs (no network, no GPU, root). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/** Where screenshots are kept as test artifacts (ignored by git). */
export const ARTIFACTS = path.resolve(__dirname, "../../test-results/e2e");

/** Saves a full-page screenshot under test-results/e2e/<name>.png. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * Waits until the page has run no finite animation for 500 ms (at most 12 s), so an axe scan
 * judges the settled page: a toast fading in or out is measured at its momentary opacity (axe
 * color-contrast; seen on "Joined session successfully!", "Back online" and Jira's toasts). A
 * spinner turns forever and is not waited for; a toast's timer is an animation whose end starts
 * the exit one a render later.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Runs in the page (this file is also compiled for the benches, without the DOM's types).
    const { document } = globalThis as unknown as {
      document: {
        getAnimations(): { playState: string; effect: { getComputedTiming(): { endTime?: number | string } } | null }[];
      };
    };
    const end = Date.now() + 12_000;
    let quietSince = Date.now();
    while (Date.now() < end && Date.now() - quietSince < 500) {
      const running = document
        .getAnimations()
        .some((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      if (running) quietSince = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}
