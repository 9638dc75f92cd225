/**
 * Draws the two Teams app icons and writes them as PNG files:
 *
 * - `manifest/color.png`: 192x192, full colour: two estimation cards on the brand colour.
 * - `manifest/outline.png`: 32x32, the same cards as white strokes on a transparent background
 *   (Teams requires white or transparent pixels only).
 *
 * Shapes are signed-distance functions sampled 4x4 per pixel, so the edges are anti-aliased
 * without any drawing library. Run: `npx tsx scripts/manifest/makeIcons.ts [outDir]`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";

/** RGB colour with channels 0-255. */
export type Rgb = readonly [number, number, number];

/** Brand colour of the colour icon's background (also the manifest's accentColor). */
export const BRAND: Rgb = [0x4f, 0x46, 0xe5];
const WHITE: Rgb = [255, 255, 255];

/** A shape: signed distance from a point to its edge (negative inside), in pixels. */
type Sdf = (x: number, y: number) => number;

/** A rounded rectangle centred at (cx, cy), rotated by `deg` degrees. */
function roundedRect(cx: number, cy: number, w: number, h: number, r: number, deg: number): Sdf {
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return (x, y) => {
    const dx = x - cx;
    const dy = y - cy;
    const lx = Math.abs(dx * cos + dy * sin) - (w / 2 - r);
    const ly = Math.abs(-dx * sin + dy * cos) - (h / 2 - r);
    const outside = Math.hypot(Math.max(lx, 0), Math.max(ly, 0));
    return outside + Math.min(Math.max(lx, ly), 0) - r;
  };
}

function circle(cx: number, cy: number, r: number): Sdf {
  return (x, y) => Math.hypot(x - cx, y - cy) - r;
}

/** The band of width `width` along a shape's edge (inside the shape). */
function stroke(shape: Sdf, width: number): Sdf {
  return (x, y) => {
    const d = shape(x, y);
    return Math.max(d, -d - width);
  };
}

function minus(a: Sdf, b: Sdf): Sdf {
  return (x, y) => Math.max(a(x, y), -b(x, y));
}

/** A paint layer: a shape filled with a colour at an opacity. */
interface Layer {
  shape: Sdf;
  color: Rgb;
  opacity: number;
}

const SAMPLES = 4;

/** Fraction of pixel (px, py) covered by a shape, from SAMPLES x SAMPLES sub-samples. */
function coverage(shape: Sdf, px: number, py: number): number {
  let inside = 0;
  for (let sy = 0; sy < SAMPLES; sy++) {
    for (let sx = 0; sx < SAMPLES; sx++) {
      if (shape(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES) <= 0) inside++;
    }
  }
  return inside / (SAMPLES * SAMPLES);
}

/**
 * Renders layers (painted in order, "over" compositing) onto a size x size image that starts
 * fully transparent. Returns the PNG file's bytes.
 */
export function render(size: number, layers: readonly Layer[]): Buffer {
  const png = new PNG({ width: size, height: size, colorType: 6 });
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (const layer of layers) {
        const alpha = coverage(layer.shape, px, py) * layer.opacity;
        if (alpha === 0) continue;
        const outA = alpha + a * (1 - alpha);
        r = (layer.color[0] * alpha + r * a * (1 - alpha)) / outA;
        g = (layer.color[1] * alpha + g * a * (1 - alpha)) / outA;
        b = (layer.color[2] * alpha + b * a * (1 - alpha)) / outA;
        a = outA;
      }
      const i = (py * size + px) * 4;
      png.data[i] = Math.round(r);
      png.data[i + 1] = Math.round(g);
      png.data[i + 2] = Math.round(b);
      png.data[i + 3] = Math.round(a * 255);
    }
  }
  return PNG.sync.write(png, { colorType: 6 });
}

/** 192x192 colour icon: brand square, a faded card behind, a white card with a brand dot. */
export function colorIcon(): Buffer {
  const size = 192;
  const back = roundedRect(78, 98, 64, 92, 10, -14);
  const front = roundedRect(112, 94, 64, 92, 10, 10);
  return render(size, [
    { shape: roundedRect(96, 96, 192, 192, 0, 0), color: BRAND, opacity: 1 },
    { shape: back, color: WHITE, opacity: 0.55 },
    { shape: front, color: WHITE, opacity: 1 },
    { shape: circle(112, 94, 12), color: BRAND, opacity: 1 },
  ]);
}

/** 32x32 outline icon: the two cards as white strokes, the front one with a dot; transparent elsewhere. */
export function outlineIcon(): Buffer {
  const size = 32;
  const front = roundedRect(19.5, 16, 12, 18, 2.5, 10);
  const back = roundedRect(12, 16.5, 12, 18, 2.5, -14);
  return render(size, [
    // The back card's outline is hidden where the front card lies over it.
    { shape: minus(stroke(back, 1.6), roundedRect(19.5, 16, 13.6, 19.6, 3.3, 10)), color: WHITE, opacity: 1 },
    { shape: stroke(front, 1.6), color: WHITE, opacity: 1 },
    { shape: circle(19.5, 16, 2.4), color: WHITE, opacity: 1 },
  ]);
}

/** Writes color.png and outline.png into `outDir`. */
export function writeIcons(outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, "color.png"), colorIcon());
  writeFileSync(path.join(outDir, "outline.png"), outlineIcon());
}

if (require.main === module) {
  const outDir = path.resolve(process.argv[2] ?? path.join(__dirname, "../../manifest"));
  writeIcons(outDir);
  console.log(`wrote ${path.join(outDir, "color.png")} and ${path.join(outDir, "outline.png")}`);
}
