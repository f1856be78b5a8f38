/**
 * A logo made small enough to keep in a style (and in the settings file):
 * shrunk by averaging (no aliasing) to the largest of a few sizes whose PNG
 * data URL fits QR_STYLE_LOGO_MAX. A logo is flat colours and fits at 128 px;
 * a photo shrinks further.
 */
import { logoDataUrl } from './logo-data-url';
import { QR_STYLE_LOGO_MAX } from './qr-style';
import type { RgbaImage } from './rgba-image';

const SIDES = [128, 96, 64, 48, 32, 16];

/** Box-filter downscale so the longer side is at most `max` (never enlarged). */
export function shrink(image: RgbaImage, max: number): RgbaImage {
  const scale = Math.min(1, max / Math.max(image.width, image.height));
  if (scale === 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * image.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const s = (sy * image.width + sx) * 4;
          // Colours weighted by alpha: a transparent pixel's colour must not darken the edge.
          const a = image.data[s + 3]!;
          sum[0]! += image.data[s]! * a;
          sum[1]! += image.data[s + 1]! * a;
          sum[2]! += image.data[s + 2]! * a;
          sum[3]! += a;
        }
      }
      const count = (x1 - x0) * (y1 - y0);
      const d = (y * width + x) * 4;
      const alpha = sum[3]!;
      data[d] = alpha ? sum[0]! / alpha : 0;
      data[d + 1] = alpha ? sum[1]! / alpha : 0;
      data[d + 2] = alpha ? sum[2]! / alpha : 0;
      data[d + 3] = alpha / count;
    }
  }
  return { width, height, data };
}

/** The logo as a data URL that fits a style, or null when not even 16 px fits (a noise image). */
export async function styleLogo(image: RgbaImage): Promise<string | null> {
  for (const side of SIDES) {
    const url = await logoDataUrl(shrink(image, side));
    if (url.length <= QR_STYLE_LOGO_MAX) return url;
  }
  return null;
}
