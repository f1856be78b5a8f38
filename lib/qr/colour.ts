/**
 * A colour typed by the user for a QR code: #rgb, #rrggbb or rgb(r, g, b).
 * Parsed here, not by the browser's CSS parser, so the same rule holds in
 * tests, in the SVG file and in the pixels; anything else is refused with a code.
 */

export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

export type ColourProblem = 'empty' | 'not-a-colour';

export type ColourVerdict = { ok: true; rgb: Rgb; hex: string } | { ok: false; problem: ColourProblem };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** rgb(1, 2, 3) or the modern rgb(1 2 3); channels 0-255, integers. */
const RGB = /^rgb\(\s*(\d{1,3})\s*(?:,\s*|\s+)(\d{1,3})\s*(?:,\s*|\s+)(\d{1,3})\s*\)$/i;

function hexOf({ r, g, b }: Rgb): string {
  return '#' + [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('');
}

export function parseColour(text: string): ColourVerdict {
  const value = text.trim();
  if (value === '') return { ok: false, problem: 'empty' };
  const hex = HEX.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const rgb = {
      r: parseInt(digits.slice(0, 2), 16),
      g: parseInt(digits.slice(2, 4), 16),
      b: parseInt(digits.slice(4, 6), 16),
    };
    return { ok: true, rgb, hex: hexOf(rgb) };
  }
  const rgbMatch = RGB.exec(value);
  if (rgbMatch) {
    const [r, g, b] = rgbMatch.slice(1, 4).map(Number) as [number, number, number];
    if (r > 255 || g > 255 || b > 255) return { ok: false, problem: 'not-a-colour' };
    const rgb = { r, g, b };
    return { ok: true, rgb, hex: hexOf(rgb) };
  }
  return { ok: false, problem: 'not-a-colour' };
}
