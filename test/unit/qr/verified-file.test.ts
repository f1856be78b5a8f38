/** lib/qr/verified-file.ts: a designed code's file is made only from pixels that read back as the short link. */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { planCode, type QrPlan } from '../../../lib/qr/design';
import { DEFAULT_QR_DESIGN } from '../../../lib/qr/design-shape';
import type { RgbaImage } from '../../../lib/qr/rgba-image';
import { decodeImage } from '../../../lib/qr/verify';
import { verifiedFile } from '../../../lib/qr/verified-file';

const LINK = 'https://s.example/acme-spring';

/** A plain square logo of one colour. */
function square(side = 40): RgbaImage {
  const data = new Uint8ClampedArray(side * side * 4);
  for (let i = 0; i < data.length; i += 4) data.set([200, 30, 60, 255], i);
  return { width: side, height: side, data };
}

function planOf(logoSize: 'none' | 'medium'): QrPlan {
  const verdict = planCode(LINK, { ...DEFAULT_QR_DESIGN, logoSize, dark: '#1d3557', light: '#f1faee' }, logoSize !== 'none');
  if (!verdict.ok) throw new Error(JSON.stringify(verdict.refusals));
  return verdict.plan;
}

describe('verifiedFile', () => {
  it('a PNG at the size chosen, reading back as the short link', async () => {
    const file = await verifiedFile(planOf('medium'), 'png', 1024, square());
    if (!file.ok) throw new Error(JSON.stringify(file.advice));
    expect(file.blob.type).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await file.blob.arrayBuffer()));
    expect(png.width).toBe(1024);
    expect(decodeImage({ width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) })).toBe(LINK);
  });

  it('an SVG with the design\'s colours and the logo embedded as a data URL', async () => {
    const file = await verifiedFile(planOf('medium'), 'svg', 512, square());
    if (!file.ok) throw new Error(JSON.stringify(file.advice));
    expect(file.blob.type).toBe('image/svg+xml');
    const svg = await file.blob.text();
    expect(svg).toContain('#1d3557');
    expect(svg).toMatch(/<image [^>]*href="data:image\/png;base64,/);
  });

  it('refused, with advice, when the pixels do not read back as the plan\'s text', async () => {
    // Pixels of LINK checked against another text: what a code that fails to read looks like to the check.
    const file = await verifiedFile({ ...planOf('none'), text: 'https://s.example/other' }, 'png', 512, null);
    expect(file).toEqual({ ok: false, advice: ['unreadable'] });
  });
});
