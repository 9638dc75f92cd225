import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { settleAnimations } from "./browser";

/** What an axe scan found: serious and critical violations (which fail a test), and every one. */
export interface AxeFindings {
  blocking: string[];
  all: string[];
}

/**
 * Scans a settled page with axe (WCAG 2.x A/AA, 2.2 AA and best practices), after parking the
 * pointer in a corner (a tooltip it opens can cover a neighbouring button: axe target-size) and
 * waiting for the network and every finite animation (a toast measured mid-fade fails
 * color-contrast). Each finding is one line: screen, impact, rule, help and up to 3 nodes.
 */
export async function axeScan(page: Page, screen: string): Promise<AxeFindings> {
  await page.mouse.move(0, 0);
  await page.waitForLoadState("networkidle");
  await settleAnimations(page);
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // Tabster's focus sentinels (Fluent UI's arrow-key groups, e.g. the deck): aria-hidden <i
    // tabindex=0> that hand the focus on the moment they get it, never a stop a person lands on.
    .exclude("[data-tabster-dummy]")
    .analyze();
  const line = (v: (typeof result.violations)[number]) =>
    `${screen}: [${v.impact}] ${v.id} - ${v.help} (${v.nodes.length}x: ${v.nodes
      .slice(0, 3)
      .map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`)
      .join(", ")})`;
  return {
    blocking: result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map(line),
    all: result.violations.map(line),
  };
}
