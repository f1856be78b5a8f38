/**
 * A designed code's file, made only once its exact pixels read back as the
 * short link (./verify.ts): the PNG at the size chosen, or the SVG, whose
 * logo is checked on pixels of SVG_CHECK_SIDE laid out as the SVG holds them.
 */
import type { QrPlan } from './design';
import type { QrFileKind } from './file-name';
import { logoDataUrl } from './logo-data-url';
import { rgbaPng } from './png';
import { rasterise, type QrPixelSize } from './raster';
import type { RgbaImage } from './rgba-image';
import { qrSvg } from './svg';
import { verifyImage, type QrAdvice, type QrCheck } from './verify';

export const SVG_CHECK_SIDE = 1024;

/** The plan drawn `side` pixels wide, the logo's pixels in its box. */
export function planPixels(plan: QrPlan, side: number, logo: RgbaImage | null): RgbaImage {
  return rasterise(plan.layout, { side, dark: plan.dark, light: plan.light, logo });
}

/** Whether `pixels`, drawn from `plan`, read back as its text; the advice when not. */
export function checkPlan(plan: QrPlan, pixels: RgbaImage): QrCheck {
  return verifyImage(pixels, plan.text, { hasLogo: plan.layout.logo !== null, contrast: plan.contrast });
}

export type VerifiedFile = { ok: true; blob: Blob } | { ok: false; advice: readonly QrAdvice[] };

export async function verifiedFile(plan: QrPlan, kind: QrFileKind, size: QrPixelSize, logo: RgbaImage | null): Promise<VerifiedFile> {
  const pixels = planPixels(plan, kind === 'png' ? size : SVG_CHECK_SIDE, logo);
  const verdict = checkPlan(plan, pixels);
  if (!verdict.ok) return verdict;
  if (kind === 'png') return { ok: true, blob: new Blob([(await rgbaPng(pixels)) as Uint8Array<ArrayBuffer>], { type: 'image/png' }) };
  const box = plan.layout.logo;
  const svgLogo = logo && box ? { href: await logoDataUrl(logo), box } : null;
  return { ok: true, blob: new Blob([qrSvg(plan.layout.matrix, { dark: plan.darkHex, light: plan.lightHex }, svgLogo)], { type: 'image/svg+xml' }) };
}
