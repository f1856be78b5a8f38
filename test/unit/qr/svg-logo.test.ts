import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { planCode } from '../../../lib/qr/design';
import { DEFAULT_QR_DESIGN } from '../../../lib/qr/design-shape';
import { logoDataUrl } from '../../../lib/qr/logo-data-url';
import { qrSvg } from '../../../lib/qr/svg';

const red = { width: 3, height: 2, data: new Uint8ClampedArray(Array.from({ length: 6 }, () => [200, 0, 0, 255]).flat()) };

describe('the SVG file with a logo', () => {
  it('embeds the logo as a PNG data URL holding its pixels', async () => {
    const href = await logoDataUrl(red);
    expect(href).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(href.split(',')[1]!, 'base64'));
    expect([png.width, png.height]).toEqual([3, 2]);
    expect([...png.data.subarray(0, 4)]).toEqual([200, 0, 0, 255]);
  });

  it('places it in the layout box, after the modules', async () => {
    const verdict = planCode('https://s.example/abc', { ...DEFAULT_QR_DESIGN, logoSize: 'small' }, true);
    if (!verdict.ok) throw new Error('refused');
    const { layout, darkHex, lightHex } = verdict.plan;
    const svg = qrSvg(layout.matrix, { dark: darkHex, light: lightHex }, { href: await logoDataUrl(red), box: layout.logo! });
    const image = /<image x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]* href="data:image\/png;base64,[^"]+"\/><\/svg>/.exec(svg);
    expect(image).not.toBeNull();
    expect(Number(image![1])).toBeCloseTo(layout.logo!.x, 2);
    expect(Number(image![3])).toBeCloseTo(layout.logo!.side, 2);
  });

  it.each(['https://x.example/logo.png', 'data:image/svg+xml;base64,PHN2Zz4=', 'data:image/png;base64,AA"onload="x'])(
    'refuses a logo that is not our PNG data URL: %s',
    (href) => {
      const verdict = planCode('https://s.example/abc', DEFAULT_QR_DESIGN, false);
      if (!verdict.ok) throw new Error('refused');
      expect(() => qrSvg(verdict.plan.layout.matrix, { dark: '#000', light: '#fff' }, { href, box: { x: 1, y: 1, side: 2 } })).toThrow(RangeError);
    },
  );
});
