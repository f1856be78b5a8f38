/** Saved QR styles: the rules of a save, what a damaged store gives back, the logo shrunk to fit, and the trip through the settings file. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createProfileHandlers } from '../../../lib/background/settings/profiles';
import { parseSettingsText } from '../../../lib/options/settings-file';
import { DEFAULT_QR_DESIGN } from '../../../lib/qr/design-shape';
import { dataUrlBytes } from '../../../lib/qr/logo-data-url';
import { boundedStyles, defaultStyle, NO_QR_STYLES, QR_STYLE_LOGO_MAX, QR_STYLES_MAX, removeStyle, saveStyle, type QrStyle } from '../../../lib/qr/qr-style';
import { getQrStyles, setQrStyles } from '../../../lib/qr/qr-style-store';
import { shrink, styleLogo } from '../../../lib/qr/style-logo';
import { getProfileSet, storeProfile } from '../../../lib/storage/settings';
import { PNG } from 'pngjs';

const acme: QrStyle = { name: 'Acme print', design: { ...DEFAULT_QR_DESIGN, dark: '#1d3557', light: '#f1faee', logoSize: 'large', level: 'H' }, logo: null };

function noise(side: number) {
  const data = new Uint8ClampedArray(side * side * 4);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = i % 4 === 3 ? 255 : (seed >>> 16) & 0xff; // high bits: an LCG's low bits repeat
  }
  return { width: side, height: side, data };
}

function flat(side: number) {
  const data = new Uint8ClampedArray(side * side * 4);
  for (let i = 0; i < data.length; i += 4) data.set([200, 20, 40, 255], i);
  return { width: side, height: side, data };
}

describe('saveStyle', () => {
  it('saves, replaces by name (any case), and makes a style the default', () => {
    const first = saveStyle(NO_QR_STYLES, acme, true);
    if (!first.ok) throw new Error(first.problem);
    expect(defaultStyle(first.styles)).toEqual(acme);
    const again = saveStyle(first.styles, { ...acme, name: ' acme PRINT ', design: { ...acme.design, quietZone: 8 } }, false);
    if (!again.ok) throw new Error(again.problem);
    expect(again.styles.styles).toHaveLength(1);
    expect(again.styles.defaultName).toBe('acme PRINT');
    expect(defaultStyle(again.styles)?.design.quietZone).toBe(8);
  });

  it.each([
    ['a blank name', { name: '  ' }, 'name-empty'],
    ['a 61-character name', { name: 'x'.repeat(61) }, 'name-too-long'],
    ['a logo by address', { logo: 'https://x.example/logo.png' }, 'logo-too-big'],
    ['a logo over the cap', { logo: `data:image/png;base64,${'A'.repeat(QR_STYLE_LOGO_MAX)}` }, 'logo-too-big'],
  ])('refuses %s: %s', (_name, change, problem) => {
    expect(saveStyle(NO_QR_STYLES, { ...acme, ...change }, false)).toEqual({ ok: false, problem });
  });

  it(`keeps at most ${QR_STYLES_MAX} styles`, () => {
    let styles = NO_QR_STYLES;
    for (let i = 0; i < QR_STYLES_MAX; i++) {
      const r = saveStyle(styles, { ...acme, name: `S${i}` }, false);
      if (!r.ok) throw new Error(r.problem);
      styles = r.styles;
    }
    expect(saveStyle(styles, { ...acme, name: 'One more' }, false)).toEqual({ ok: false, problem: 'too-many' });
    expect(saveStyle(styles, { ...acme, name: 's0' }, false).ok).toBe(true);
  });

  it('forgets the default with the style deleted', () => {
    const r = saveStyle(NO_QR_STYLES, acme, true);
    if (!r.ok) throw new Error(r.problem);
    expect(removeStyle(r.styles, 'ACME print')).toEqual({ styles: [], defaultName: null });
  });
});

describe('boundedStyles', () => {
  it('drops what a damaged store or file holds wrong and keeps the rest', () => {
    const out = boundedStyles({
      styles: [
        { name: 'Good', design: { dark: '#000', light: '#fff', logoSize: 'small', quietZone: 6, level: 'Q' }, logo: null },
        { name: 'Bad colour', design: { dark: 'javascript:alert(1)', light: '#fff', logoSize: 'giant', quietZone: 1, level: 'Z' }, logo: 'https://evil.example/x.png' },
        { name: 42, design: {} },
        'nonsense',
      ],
      defaultName: 'nowhere',
    });
    expect(out.styles.map((s) => s.name)).toEqual(['Good', 'Bad colour']);
    expect(out.styles[1]).toEqual({ name: 'Bad colour', design: { ...DEFAULT_QR_DESIGN, light: '#fff' }, logo: null });
    expect(out.defaultName).toBeNull();
    expect(boundedStyles('junk')).toEqual(NO_QR_STYLES);
  });
});

describe('styleLogo', () => {
  it('keeps a flat logo at 128 px and shrinks a photo-like one until it fits', async () => {
    const small = await styleLogo(flat(256));
    const png = PNG.sync.read(Buffer.from(dataUrlBytes(small!)!));
    expect(png.width).toBe(128);
    const busy = await styleLogo(noise(256));
    expect(busy!.length).toBeLessThanOrEqual(QR_STYLE_LOGO_MAX);
    expect(PNG.sync.read(Buffer.from(dataUrlBytes(busy!)!)).width).toBeLessThan(128);
  });

  it('shrinks by averaging, in proportion, and never enlarges', () => {
    const half = shrink({ width: 4, height: 2, data: Uint8ClampedArray.from([0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255]) }, 2);
    expect([half.width, half.height]).toEqual([2, 1]);
    expect([...half.data.subarray(0, 4)]).toEqual([128, 128, 128, 255]);
    const same = flat(10);
    expect(shrink(same, 128)).toBe(same);
  });
});

describe('styles in the settings file', () => {
  const A = { id: 'a', name: 'Work', baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_a', workspaceId: 'alpha' };
  const handlers = () => createProfileHandlers({ queue: { list: vi.fn(async () => []), remove: vi.fn(async () => undefined) }, onChanged: vi.fn() });

  beforeEach(() => fakeBrowser.reset());

  it('are exported with their profile, logo included, and imported back as its default', async () => {
    await storeProfile(A, true);
    const logo = await styleLogo(flat(64));
    const saved = saveStyle(NO_QR_STYLES, { ...acme, logo }, true);
    if (!saved.ok) throw new Error(saved.problem);
    await setQrStyles('a', saved.styles);
    const exported = await handlers().exportSettings();
    expect(exported.profiles[0]?.qrStyles).toEqual({ styles: [{ ...acme, logo }], defaultName: 'Acme print' });

    fakeBrowser.reset();
    await storeProfile(A, true);
    const verdict = parseSettingsText(JSON.stringify(exported));
    if (!verdict.ok) throw new Error(verdict.problem);
    expect(await handlers().importSettings(verdict.file)).toMatchObject({ ok: true });
    const id = (await getProfileSet()).profiles[0]!.id;
    expect(defaultStyle(await getQrStyles(id))).toEqual({ ...acme, logo });
  });

  it('refuses a file whose logo is over the cap', () => {
    const file = {
      format: 'shortlink-settings',
      version: 1,
      profiles: [{ name: 'Work', baseUrl: A.baseUrl, workspaceId: 'alpha', qrStyles: { styles: [{ ...acme, logo: `data:image/png;base64,${'A'.repeat(QR_STYLE_LOGO_MAX + 1)}` }] } }],
      preferences: {},
    };
    expect(parseSettingsText(JSON.stringify(file))).toMatchObject({ ok: false, problem: 'bad-format' });
  });
});
