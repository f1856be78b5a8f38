/**
 * A QR design (colours, logo size, quiet zone, correction level) turned into
 * a plan: the colours parsed, their pair checked for scanners, the level
 * raised to fit the logo, the logo laid out. Every refusal is a code, worded
 * by lib/qr/design-text.ts beside the field it concerns.
 */
import { parseColour, type ColourProblem, type Rgb } from './colour';
import { checkContrast, type ContrastProblem } from './contrast';
import { layOut, type QrLayout } from './logo-layout';
import { LOGO_SIZES, levelForLogo, type LogoSize } from './logo-size';
import { QR_LEVELS, qrMatrix, QUIET_ZONE, type QrLevel, type QrProblem } from './matrix';

/** Quiet zones offered, in modules: the standard's 4 or wider, never narrower. */
export const QUIET_ZONES = [QUIET_ZONE, 6, 8] as const;
export type QuietZone = (typeof QUIET_ZONES)[number];

export interface QrDesign {
  /** Dark modules, as the user typed it (#rgb, #rrggbb, rgb()). */
  dark: string;
  /** Background and quiet zone. */
  light: string;
  logoSize: LogoSize;
  quietZone: QuietZone;
  /** The level chosen; the plan may raise it for the logo. */
  level: QrLevel;
}

export const DEFAULT_QR_DESIGN: QrDesign = {
  dark: '#000000',
  light: '#ffffff',
  logoSize: 'none',
  quietZone: QUIET_ZONE,
  level: 'M',
};

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

/** A design read from storage or a settings file: anything unknown falls back to the default. */
export function normaliseDesign(value: Partial<Record<keyof QrDesign, unknown>>): QrDesign {
  const pick = <T>(list: readonly T[], v: unknown, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);
  return {
    dark: typeof value.dark === 'string' && parseColour(value.dark).ok ? value.dark : DEFAULT_QR_DESIGN.dark,
    light: typeof value.light === 'string' && parseColour(value.light).ok ? value.light : DEFAULT_QR_DESIGN.light,
    logoSize: pick(LOGO_SIZES, value.logoSize, DEFAULT_QR_DESIGN.logoSize),
    quietZone: pick(QUIET_ZONES, value.quietZone, DEFAULT_QR_DESIGN.quietZone),
    level: pick(QR_LEVELS, value.level, DEFAULT_QR_DESIGN.level),
  };
}

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
