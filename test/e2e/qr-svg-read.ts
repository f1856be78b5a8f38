/**
 * An SVG file's QR code read as a browser draws it, in Chromium (Playwright)
 * and Firefox (Puppeteer) alike: `drawSvg` runs in a blank page of either
 * (`page.evaluate(drawSvg, svg)`), `readDrawn` decodes its pixels with jsQR.
 */
import jsQR from 'jsqr';

/** In the page: the SVG drawn as an <img> of the file, its pixels returned. Self-contained, as it is sent to the page as text. */
export async function drawSvg(text: string): Promise<number[]> {
  const side = 512;
  const img = new Image();
  img.src = `data:image/svg+xml;base64,${btoa(text)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = side;
  const context = canvas.getContext('2d')!;
  context.drawImage(img, 0, 0, side, side);
  return Array.from(context.getImageData(0, 0, side, side).data);
}

/** What the pixels `drawSvg` returned read as, or null. */
export function readDrawn(pixels: number[]): string | null {
  const side = Math.sqrt(pixels.length / 4);
  return jsQR(Uint8ClampedArray.from(pixels), side, side)?.data ?? null;
}
