import {
  type Theme,
  teamsDarkTheme,
  teamsHighContrastTheme,
  teamsLightTheme,
  webDarkTheme,
  webLightTheme,
} from "@fluentui/react-components";
import { CHART_TOKENS } from "./chartColors";

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((h) => {
    const c = Number.parseInt(h, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two #rrggbb colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("results chart colours (issue #8 section 6: bars >= 3:1 in dark and high contrast)", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrast("#123456", "#123456")).toBe(1);
  });

  const themes: [string, Theme][] = [
    ["web light", webLightTheme],
    ["web dark", webDarkTheme],
    ["Teams light", teamsLightTheme],
    ["Teams dark", teamsDarkTheme],
    ["Teams high contrast", teamsHighContrastTheme],
  ];
  it.each(themes)("gives both bar colours at least 3:1 against the panel in the %s theme", (_name, theme) => {
    const background = theme[CHART_TOKENS.background];
    expect(contrast(theme[CHART_TOKENS.mode], background)).toBeGreaterThanOrEqual(3);
    expect(contrast(theme[CHART_TOKENS.other], background)).toBeGreaterThanOrEqual(3);
  });

  it("was not the case with the former faded bars (45 % brand over the dark panel)", () => {
    // The old "other" bar: colorCompoundBrandBackground at fillOpacity 0.45 over the panel.
    const blend = (fg: string, bg: string, alpha: number) =>
      `#${[1, 3, 5]
        .map((i) => {
          const c = Math.round(
            alpha * Number.parseInt(fg.slice(i, i + 2), 16) + (1 - alpha) * Number.parseInt(bg.slice(i, i + 2), 16),
          );
          return c.toString(16).padStart(2, "0");
        })
        .join("")}`;
    const panel = webDarkTheme.colorNeutralBackground2;
    expect(contrast(blend(webDarkTheme.colorCompoundBrandBackground, panel, 0.45), panel)).toBeLessThan(3);
  });
});
