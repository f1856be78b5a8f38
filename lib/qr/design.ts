/**
 * A QR design (colours, logo size, quiet zone, correction level) turned into
 * a plan: the colours parsed, their pair checked for scanners, the level
 * raised to fit the logo, the logo laid out. Every refusal is a code, worded
 * by lib/qr/design-text.ts beside the field it concerns.
 */
import { parseColour, type ColourProblem, type Rgb } from './colour';
import { checkContrast, type ContrastProblem } from './contrast';
import { layOut, type QrLayout } from './logo-layout';
import type { QrDesign } from './design-shape';
import type { QrLevel } from './levels';
import { levelForLogo } from './logo-size';
import { qrMatrix, type QrProblem } from './matrix';

export interface QrPlan {
  /** What the code holds, exactly what a scanner must read back. */
  text: string;
  layout: QrLayout;
  dark: Rgb;
  light: Rgb;
  darkHex: string;
  lightHex: string;
  contrast: number;
  /** The level used: the chosen one, raised when the logo needs more. */
  level: QrLevel;
}

export type DesignRefusal =
  | { field: 'dark' | 'light'; problem: ColourProblem }
  | { field: 'pair'; problem: ContrastProblem; ratio: number }
  | { field: 'link'; problem: QrProblem };

export type PlanVerdict = { ok: true; plan: QrPlan } | { ok: false; refusals: DesignRefusal[] };

/**
 * @param hasLogo whether a logo image is at hand: a logo size without one
 *   draws no logo and needs no higher level.
 */
export function planCode(text: string, design: QrDesign, hasLogo: boolean): PlanVerdict {
  const refusals: DesignRefusal[] = [];
  const dark = parseColour(design.dark);
  const light = parseColour(design.light);
  if (!dark.ok) refusals.push({ field: 'dark', problem: dark.problem });
  if (!light.ok) refusals.push({ field: 'light', problem: light.problem });
  if (!dark.ok || !light.ok) return { ok: false, refusals };
  const pair = checkContrast(dark.rgb, light.rgb);
  if (!pair.ok) return { ok: false, refusals: [{ field: 'pair', problem: pair.problem, ratio: pair.ratio }] };
  const logoSize = hasLogo ? design.logoSize : 'none';
  const level = levelForLogo(design.level, logoSize);
  const verdict = qrMatrix(text, { level, quietZone: design.quietZone });
  if (!verdict.ok) return { ok: false, refusals: [{ field: 'link', problem: verdict.problem }] };
  return {
    ok: true,
    plan: {
      text: verdict.matrix.text,
      layout: layOut(verdict.matrix, design.quietZone, logoSize),
      dark: dark.rgb,
      light: light.rgb,
      darkHex: dark.hex,
      lightHex: light.hex,
      contrast: pair.ratio,
      level,
    },
  };
}
