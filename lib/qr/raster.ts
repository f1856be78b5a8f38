/**
 * A designed code as RGBA pixels: the exact image that is verified
 * (lib/qr/verify.ts) and then encoded as the PNG file, so what is checked is
 * what is downloaded.
 */
import type { Rgb } from './colour';
import type { QrLayout } from './logo-layout';
import type { RgbaImage } from './rgba-image';

/** The PNG sizes offered, in pixels a side. */
export const QR_PIXEL_SIZES = [512, 1024, 2048] as const;
export type QrPixelSize = (typeof QR_PIXEL_SIZES)[number];

export interface RasterOptions {
  side: number;
  dark: Rgb;
  light: Rgb;
  /** The logo's pixels, drawn in the layout's logo box (kept in proportion); ignored without a box. */
  logo?: RgbaImage | null;
}

function drawLogo(out: Uint8ClampedArray, side: number, n: number, layout: QrLayout, logo: RgbaImage, light: Rgb): void {
  const box = layout.logo;
  if (!box) return;
  const unit = side / n;
  const boxSide = box.side * unit;
  // Fit the logo inside the box, in proportion, centred.
  const scale = Math.min(boxSide / logo.width, boxSide / logo.height);
  const w = Math.max(1, Math.round(logo.width * scale));
  const h = Math.max(1, Math.round(logo.height * scale));
  const left = Math.round(box.x * unit + (boxSide - w) / 2);
  const top = Math.round(box.y * unit + (boxSide - h) / 2);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(logo.height - 1, Math.floor(((y + 0.5) * logo.height) / h));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(logo.width - 1, Math.floor(((x + 0.5) * logo.width) / w));
      const s = (sy * logo.width + sx) * 4;
      const d = ((top + y) * side + left + x) * 4;
      const a = logo.data[s + 3]! / 255;
      // Over the plate, which is the light colour: transparent logo pixels show the background.
      out[d] = logo.data[s]! * a + light.r * (1 - a);
      out[d + 1] = logo.data[s + 1]! * a + light.g * (1 - a);
      out[d + 2] = logo.data[s + 2]! * a + light.b * (1 - a);
      out[d + 3] = 255;
    }
  }
}

export function rasterise(layout: QrLayout, { side, dark, light, logo }: RasterOptions): RgbaImage {
  if (!Number.isInteger(side) || side < 1 || side > 4096) throw new RangeError(`QR side must be 1 to 4096 px: ${side}`);
  const n = layout.matrix.size;
  const out = new Uint8ClampedArray(side * side * 4);
  // Pixel p belongs to module floor(p * n / side): modules differ by at most a pixel, no blur.
  const moduleOf = Array.from({ length: side }, (_, p) => Math.floor((p * n) / side));
  for (let y = 0; y < side; y++) {
    const row = layout.matrix.modules[moduleOf[y]!]!;
    for (let x = 0; x < side; x++) {
      const c = row[moduleOf[x]!] ? dark : light;
      const d = (y * side + x) * 4;
      out[d] = c.r;
      out[d + 1] = c.g;
      out[d + 2] = c.b;
      out[d + 3] = 255;
    }
  }
  if (logo) drawLogo(out, side, n, layout, logo, light);
  return { width: side, height: side, data: out };
}
