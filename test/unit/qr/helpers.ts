/** Test helpers for the QR suites: URLs of a given length, and what a phone camera would read from pixels (jsQR). */
import jsQR from 'jsqr';
import { qrMatrix, type QrMatrix } from '../../../lib/qr/matrix';

/** An https URL whose href is exactly `length` characters. */
export function urlOfLength(length: number): string {
  const head = 'https://s.example/';
  return head + 'a'.repeat(length - head.length);
}

/** The matrix of a URL the test knows is accepted. */
export function matrixOf(url: string): QrMatrix {
  const verdict = qrMatrix(url);
  if (!verdict.ok) throw new Error(verdict.problem);
  return verdict.matrix;
}

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Uint8Array | Uint8ClampedArray;
}

export function decodePixels({ width, height, data }: Pixels): string | null {
  const clamped = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  return jsQR(clamped, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}
