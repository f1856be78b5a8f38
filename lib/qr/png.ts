/**
 * The QR code as a PNG file, for the "Download PNG" button. A code is two
 * colours, so the image is 1-bit grayscale: a few hundred bytes, and a tiny
 * encoder here instead of a PNG library in the extension.
 */
import { crc32 } from './crc32';
import type { QrMatrix } from './matrix';

export interface QrPngOptions {
  /** Pixels per module, 1 to 32 (8 gives a 264 px code for a typical short link). */
  scale: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** One chunk: length, type, data, CRC of type and data (PNG spec, 5.3). */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function header(side: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, side);
  view.setUint32(4, side);
  data[8] = 1; // bit depth
  data[9] = 0; // colour type: grayscale
  // data[10..12]: deflate, adaptive filtering, no interlace: all 0.
  return data;
}

/** Scanlines, each a filter byte (0, none) then bits MSB first: 1 = white. */
function scanlines(matrix: QrMatrix, scale: number): Uint8Array {
  const side = matrix.size * scale;
  const rowBytes = Math.ceil(side / 8);
  const out = new Uint8Array((rowBytes + 1) * side);
  for (let py = 0; py < side; py++) {
    const row = matrix.modules[Math.floor(py / scale)] ?? [];
    const base = py * (rowBytes + 1) + 1;
    for (let px = 0; px < side; px++) {
      if (row[Math.floor(px / scale)] === true) continue;
      out[base + (px >> 3)]! |= 0x80 >> (px & 7);
    }
    // Padding bits past the edge stay 0; decoders ignore them.
  }
  return out;
}

/** zlib stream (RFC 1950), the format IDAT holds: CompressionStream's 'deflate'. */
async function zlib(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function qrPng(matrix: QrMatrix, { scale }: QrPngOptions): Promise<Uint8Array> {
  if (!Number.isInteger(scale) || scale < 1 || scale > 32) throw new RangeError(`QR scale must be 1 to 32: ${scale}`);
  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk('IHDR', header(matrix.size * scale)),
    chunk('IDAT', await zlib(scanlines(matrix, scale))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
