/**
 * Draws the extension icon at 16, 32, 48 and 128 px and writes
 * `public/icon/<size>.png`. Run with `npx tsx scripts/make-icons.ts`; the PNGs
 * are committed, so builds need neither this script nor an image library.
 *
 * The drawing is defined as signed distance functions in a 0..1 square (a
 * rounded tile with two chain links), sampled 4x4 per pixel for
 * anti-aliasing, and encoded as an RGBA PNG with pngjs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { PNG } from 'pngjs';

type Rgba = readonly [number, number, number, number];

const TILE: Rgba = [37, 99, 235, 255]; // blue-600, readable on light and dark toolbars
const LINK: Rgba = [255, 255, 255, 255];

/** Distance from (x, y) to a rounded rectangle centred at (cx, cy); negative inside. */
function roundedRect(x: number, y: number, cx: number, cy: number, hw: number, hh: number, r: number): number {
  const qx = Math.abs(x - cx) - (hw - r);
  const qy = Math.abs(y - cy) - (hh - r);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - r;
}

/** A chain link: the outline (ring) of a rounded rectangle, rotated by `angle` around its centre. */
function chainLink(x: number, y: number, cx: number, cy: number, angle: number, thickness: number): number {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const dx = x - cx;
  const dy = y - cy;
  const rx = dx * cos + dy * sin;
  const ry = -dx * sin + dy * cos;
  return Math.abs(roundedRect(rx, ry, 0, 0, 0.2, 0.1, 0.1)) - thickness / 2;
}

/** Colour of the point (x, y) in the unit square, before anti-aliasing. */
function sample(x: number, y: number, size: number): Rgba | null {
  if (roundedRect(x, y, 0.5, 0.5, 0.5, 0.5, 0.18) > 0) return null;
  // Thin strokes vanish at 16 px: thicken them as the icon shrinks.
  const thickness = size <= 16 ? 0.12 : size <= 32 ? 0.095 : 0.075;
  const angle = -Math.PI / 4;
  const a = chainLink(x, y, 0.38, 0.62, angle, thickness);
  const b = chainLink(x, y, 0.62, 0.38, angle, thickness);
  return Math.min(a, b) <= 0 ? LINK : TILE;
}

function draw(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy += 1) {
        for (let sx = 0; sx < n; sx += 1) {
          const c = sample((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, size);
          if (c === null) continue;
          // Premultiplied accumulation, so edges blend toward transparency, not black.
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      const o = (py * size + px) * 4;
      pixels[o] = a > 0 ? Math.round(r / a) : 0;
      pixels[o + 1] = a > 0 ? Math.round(g / a) : 0;
      pixels[o + 2] = a > 0 ? Math.round(b / a) : 0;
      pixels[o + 3] = Math.round(a / (n * n));
    }
  }
  return pixels;
}

function encodePng(size: number, rgba: Uint8Array): Buffer {
  const png = new PNG({ width: size, height: size });
  png.data = Buffer.from(rgba);
  // Filter 0 and zlib's default strategy: pngjs's defaults (adaptive filters, run-length
  // deflate) make these flat-coloured icons twice the size.
  return PNG.sync.write(png, { colorType: 6, filterType: 0, deflateLevel: 9, deflateStrategy: constants.Z_DEFAULT_STRATEGY });
}

const outDir = fileURLToPath(new URL('../public/icon/', import.meta.url));
mkdirSync(outDir, { recursive: true });
for (const size of [16, 32, 48, 128]) {
  writeFileSync(`${outDir}${size}.png`, encodePng(size, draw(size)));
  process.stdout.write(`public/icon/${size}.png\n`);
}
