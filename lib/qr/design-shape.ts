/**
 * What a QR design holds (colours as typed, logo size, quiet zone, level)
 * and its default, apart from the encoder: saved styles, the settings file
 * and the background's import check designs without bundling it.
 */
import { parseColour } from './colour';
import { QR_LEVELS, QUIET_ZONES, type QrLevel, type QuietZone } from './levels';
import { LOGO_SIZES, type LogoSize } from './logo-size';

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
  quietZone: QUIET_ZONES[0], // the standard's 4
  level: 'M',
};

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

