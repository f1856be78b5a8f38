/**
 * The QR code as a PNG file, for the "Download PNG" button. A plain code is
 * two colours, so the image is 1-bit grayscale: a few hundred bytes, and a
 * tiny encoder here instead of a PNG library in the extension. A designed
 * code (colours, logo) is 8-bit RGBA from its verified pixels (rgbaPng).
 */
import type { RgbaImage } from './rgba-image';
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

function header(width: number, height: number, rgba = false): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data[8] = rgba ? 8 : 1; // bit depth
  data[9] = rgba ? 6 : 0; // colour type: RGBA or grayscale
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

function file(ihdr: Uint8Array, idat: Uint8Array): Uint8Array {
  const parts = [Uint8Array.from(SIGNATURE), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export async function qrPng(matrix: QrMatrix, { scale }: QrPngOptions): Promise<Uint8Array> {
  if (!Number.isInteger(scale) || scale < 1 || scale > 32) throw new RangeError(`QR scale must be 1 to 32: ${scale}`);
  return file(header(matrix.size * scale, matrix.size * scale), await zlib(scanlines(matrix, scale)));
}

/** An RGBA image (a designed code, a logo) as a PNG: each row a filter byte (0, none) then its pixels. */
export async function rgbaPng(image: RgbaImage): Promise<Uint8Array> {
  if (image.width < 1 || image.height < 1 || image.data.length !== image.width * image.height * 4) {
    throw new RangeError(`PNG image must be RGBA pixels: ${image.width}x${image.height}`);
  }
  const rowBytes = image.width * 4;
  const raw = new Uint8Array((rowBytes + 1) * image.height);
  for (let y = 0; y < image.height; y++) raw.set(image.data.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  return file(header(image.width, image.height, true), await zlib(raw));
}
