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
