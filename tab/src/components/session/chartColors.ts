import type { Theme } from "@fluentui/react-components";

/**
 * The Fluent tokens of the results chart (issue #8 section 6: "the results chart readable in
 * dark and high-contrast themes, contrast >= 3:1 for bars", WCAG 1.4.11 non-text contrast).
 * Bars are solid (no opacity): the most common value in the brand colour, the others in the
 * neutral accessible stroke; both reach 3:1 against the results panel's background in the web
 * light and dark themes and the Teams light, dark and high-contrast themes
 * (chartColors.test.ts computes the ratios).
 */
export const CHART_TOKENS = {
  /** The results panel behind the chart (VoteResults). */
  background: "colorNeutralBackground2",
  /** The single most common value. */
  mode: "colorCompoundBrandBackground",
  /** Every other bar. */
  other: "colorNeutralStrokeAccessible",
} as const satisfies Record<string, keyof Theme>;
