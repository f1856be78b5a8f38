/**
 * Reads a designed code back before it leaves: the exact pixels that will be
 * downloaded or copied are decoded with jsQR (a maintained decoder, not ours)
 * and must give the short link. When they do not, the advice says what to
 * change, from what the design holds (a logo, a weak contrast).
 */
import jsQR from 'jsqr';
import type { RgbaImage } from './rgba-image';

export type QrAdvice = 'smaller-logo' | 'more-contrast' | 'unreadable';

export type QrCheck = { ok: true } | { ok: false; advice: readonly QrAdvice[] };

export interface VerifyHints {
  /** Whether a logo covers part of the code. */
  hasLogo: boolean;
  /** The colours' contrast ratio (lib/qr/contrast.ts). */
  contrast: number;
}

/** Below this (black on white is 21) a stronger contrast is worth suggesting when a code fails. */
const COMFORTABLE_CONTRAST = 7;

export function decodeImage(image: RgbaImage): string | null {
  // dontInvert: we only make dark-on-light codes, and some phone scanners read no other kind,
  // so a code that only reads inverted must fail here too.
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

export function verifyImage(image: RgbaImage, expected: string, hints: VerifyHints): QrCheck {
  if (decodeImage(image) === expected) return { ok: true };
  const advice: QrAdvice[] = [];
  if (hints.hasLogo) advice.push('smaller-logo');
  if (hints.contrast < COMFORTABLE_CONTRAST) advice.push('more-contrast');
  return { ok: false, advice: advice.length > 0 ? advice : ['unreadable'] };
}
