import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../../lib/qr/crc32';
import { MAX_QR_URL_LENGTH } from '../../../lib/qr/matrix';
import { qrPng } from '../../../lib/qr/png';
import { decodePixels, matrixOf, urlOfLength } from './helpers';

describe('qrPng', () => {
  it.each([
    ['short', 'https://s.example/abc1234'],
    ['http, custom domain, 50-character keyword', `http://go.example.org/${'k'.repeat(50)}`],
    ['query string and fragment', 'https://s.example/abc?utm_source=qr&x=%20y#top'],
    ['IDN host as punycode', 'https://xn--bcher-kva.example/buch'],
    ['port and path', 'https://s.example:8443/a/b_c-d'],
    ['long, up to the limit', urlOfLength(MAX_QR_URL_LENGTH)],
  ])('decodes back to the exact URL: %s', async (_name, url) => {
    const matrix = matrixOf(url);
    const bytes = await qrPng(matrix, { scale: 3 });
    const image = PNG.sync.read(Buffer.from(bytes)); // checks every chunk's CRC
    expect(image.width).toBe(matrix.size * 3);
    expect(decodePixels(image)).toBe(url);
  });

  it('decodes a unicode host to its punycode form, the URL a browser opens', async () => {
    const image = PNG.sync.read(Buffer.from(await qrPng(matrixOf('https://bücher.example/buch'), { scale: 3 })));
    expect(decodePixels(image)).toBe('https://xn--bcher-kva.example/buch');
  });

  it('is a 1-bit grayscale image whose pixels are the modules, scaled', async () => {
    const matrix = matrixOf('https://s.example/abc1234');
    const scale = 3;
    const image = PNG.sync.read(Buffer.from(await qrPng(matrix, { scale })));
    expect(image).toMatchObject({ width: matrix.size * scale, height: matrix.size * scale, depth: 1, color: false });
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const dark = matrix.modules[Math.floor(y / scale)]?.[Math.floor(x / scale)];
        expect(image.data[(y * image.width + x) * 4]).toBe(dark ? 0 : 255);
      }
    }
  });

  it('is small: a typical code is well under 1 KB', async () => {
    const bytes = await qrPng(matrixOf('https://s.example/abc1234'), { scale: 8 });
    expect(bytes.length).toBeLessThan(1024);
  });

  it.each([0, -1, 1.5, 33, Number.NaN])('refuses scale %s', async (scale) => {
    await expect(qrPng(matrixOf('https://s.example/a'), { scale })).rejects.toThrow(RangeError);
  });
});

describe('crc32', () => {
  it.each([
    ['', 0],
    ['123456789', 0xcbf43926],
    ['IEND', 0xae426082],
  ])('of %j is %i', (text, expected) => {
    expect(crc32(new TextEncoder().encode(text))).toBe(expected);
  });
});
