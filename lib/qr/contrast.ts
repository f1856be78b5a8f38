/**
 * Whether a pair of colours is one scanners read: dark modules on a light
 * background (many phone scanners never try an inverted code) with a
 * luminance contrast of at least 4:1 (WCAG's relative luminance; below it,
 * cameras in dim light or on glossy print lose the modules).
 */
import type { Rgb } from './colour';

export const MIN_QR_CONTRAST = 4;

export type ContrastProblem = 'inverted' | 'low-contrast';

export type ContrastVerdict = { ok: true; ratio: number } | { ok: false; problem: ContrastProblem; ratio: number };

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function luminance({ r, g, b }: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** (lighter + 0.05) / (darker + 0.05): 1 for equal colours, 21 for black on white. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export function checkContrast(dark: Rgb, light: Rgb): ContrastVerdict {
  const ratio = contrastRatio(dark, light);
  // Inverted first: a light-on-dark pair fails for some scanners however strong its contrast.
  if (luminance(dark) > luminance(light)) return { ok: false, problem: 'inverted', ratio };
  if (ratio < MIN_QR_CONTRAST) return { ok: false, problem: 'low-contrast', ratio };
  return { ok: true, ratio };
}
