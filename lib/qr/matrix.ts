/**
 * The QR code of a short link, as a square of modules. Pure: no DOM, so the
 * same matrix feeds the inline SVG, the SVG file and the PNG file.
 */
import { encode } from 'uqr';
import { checkDestinationUrl, MAX_URL_LENGTH, type UrlProblem } from '../contract/url';
import type { QrLevel } from './levels';

/**
 * Why no QR code is made: a code, worded by whoever shows it
 * (lib/qr/qr-problem-text.ts), never a sentence.
 */
export type QrProblem = 'empty' | 'invalid' | 'scheme' | 'too-long';

/**
 * Longest URL we draw: the destination limit of lib/contract/url.ts. A parsed href is
 * ASCII (punycode host, percent-encoded path), so characters are bytes, and
 * 2,048 bytes fit QR version 40 at level M (2,331 bytes in byte mode).
 */
export const MAX_QR_URL_LENGTH = MAX_URL_LENGTH;

/** The URL rules' refusals (lib/contract/url.ts) as the QR code's few: a code needs no finer reason. */
const QR_PROBLEM: Record<UrlProblem, QrProblem> = {
  empty: 'empty',
  'too-long': 'too-long',
  invalid: 'invalid',
  scheme: 'scheme',
  'no-host': 'invalid',
  credentials: 'invalid',
  'own-host': 'invalid',
};

/**
 * The quiet zone the QR standard asks for (ISO/IEC 18004: 4 modules): a
 * narrower margin makes phone cameras miss codes placed on busy backgrounds.
 */
export const QUIET_ZONE = 4;

export interface QrMatrix {
  /** What the code holds: the parsed href, exactly what a scanner will open. */
  readonly text: string;
  /** Modules per side, quiet zone included. */
  readonly size: number;
  /** `modules[y][x]` is true for a dark module. */
  readonly modules: readonly (readonly boolean[])[];
}

export type QrVerdict = { ok: true; matrix: QrMatrix } | { ok: false; problem: QrProblem };

export interface QrMatrixOptions {
  /** Error-correction level; M unless a design asks for more (lib/qr/logo-size.ts). */
  level?: QrLevel;
  /** Quiet zone in modules; the standard's 4 unless a design widens it. */
  quietZone?: number;
}

/**
 * Encodes an http(s) URL. Level M (15% recovery) survives a smudged or
 * partly covered print while keeping a typical short link at version 2-3,
 * large modules that read well from a small popup. A design may ask for
 * another level (raised for a logo, lib/qr/logo-size.ts) and a wider quiet zone.
 */
export function qrMatrix(text: string, { level = 'M', quietZone = QUIET_ZONE }: QrMatrixOptions = {}): QrVerdict {
  // The destination rules of lib/contract/url.ts: http(s) only (a code that opens javascript: or
  // data: on someone else's phone is a trap), judged on the parsed URL, within the limit.
  const verdict = checkDestinationUrl(text);
  if (!verdict.ok) return { ok: false, problem: QR_PROBLEM[verdict.problem] };
  const encoded = encode(verdict.url, { ecc: level, border: quietZone });
  return { ok: true, matrix: { text: verdict.url, size: encoded.size, modules: encoded.data } };
}
