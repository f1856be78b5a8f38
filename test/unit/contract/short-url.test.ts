import { describe, expect, it } from 'vitest';
import { isUsableShortUrl } from '../../../lib/contract/short-url';

describe('isUsableShortUrl: a short link from the service is used only when it is a plain http(s) address', () => {
  it.each([
    'https://s.rt/abc',
    'http://127.0.0.1:8787/Ab3dE7x',
    'HTTPS://Links.Example/promo-1',
    'https://xn--bcher-kva.example/a?b=c#d',
    'https://s.rt/%22x',
  ])('%j is used', (url) => {
    expect(isUsableShortUrl(url)).toBe(true);
  });

  it.each([
    '',
    '/abc',
    's.rt/abc',
    'https:s.rt/abc',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://s.rt/abc',
    'https://',
    'https://s.rt/a b',
    'https://s.rt/a\tb',
    'https://s.rt/a\nb',
    ' https://s.rt/a',
    'https://s.rt/a"><script>alert(1)</script>',
    "https://s.rt/a'onmouseover='x",
    'https://s.rt/<b>',
    'https://s.rt/a)](javascript:x)',
    'https://s.rt/`x`',
    'https://s.rt/a\u0000',
    'https://s.rt/a\u007f',
    'https://s.rt/a\u0085',
    'https://s.rt/a\u202egnp.exe',
    'https://s.rt/a\u00a0b',
    'https://user:pass@s.rt/a',
    'https://s.rt\\a',
  ])('%j is refused', (url) => {
    expect(isUsableShortUrl(url)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isUsableShortUrl(undefined)).toBe(false);
    expect(isUsableShortUrl(42)).toBe(false);
  });
});
