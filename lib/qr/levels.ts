/**
 * The QR code's error-correction levels and the quiet zones the designer
 * offers: plain constants, apart from the encoder, so what stores and checks
 * a design (settings file, background import) does not bundle it.
 */

/** Error-correction levels, lowest first: L, M, Q, H recover about 7, 15, 25 and 30% of the code. */
export const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrLevel = (typeof QR_LEVELS)[number];

/** Quiet zones offered, in modules: the standard's 4 (ISO/IEC 18004) or wider, never narrower. */
export const QUIET_ZONES = [4, 6, 8] as const;
export type QuietZone = (typeof QUIET_ZONES)[number];
