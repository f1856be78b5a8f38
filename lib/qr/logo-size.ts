/**
 * The logo sizes the designer offers, and the error-correction level each
 * needs. A centred logo hides the modules under it; the code only reads if
 * the level's recovery covers them with room to spare (smudges, glare), so
 * the level is raised to fit the logo, never lowered below the user's choice.
 */
import { QR_LEVELS, type QrLevel } from './levels';

export const LOGO_SIZES = ['none', 'small', 'medium', 'large'] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];

/**
 * The logo's side as a share of the code's side (quiet zone excluded). The
 * area it clears is the square of it plus a one-module margin: about 3, 5
 * and 8% of the modules, under half of what Q and H recover.
 */
export const LOGO_SIDE: Record<LogoSize, number> = { none: 0, small: 0.16, medium: 0.22, large: 0.28 };

/** The lowest level each logo size reads at: recovery at least twice the area the logo clears. */
const MIN_LEVEL: Record<LogoSize, QrLevel> = { none: 'L', small: 'Q', medium: 'H', large: 'H' };

/** The chosen level, raised to what the logo needs. */
export function levelForLogo(chosen: QrLevel, logo: LogoSize): QrLevel {
  const need = MIN_LEVEL[logo];
  return QR_LEVELS.indexOf(chosen) >= QR_LEVELS.indexOf(need) ? chosen : need;
}
