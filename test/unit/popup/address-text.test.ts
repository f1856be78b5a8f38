import { describe, expect, it } from 'vitest';
import { sameAddress, shortLinkParts, siteHost, siteLetter, siteOf, withoutScheme } from '../../../lib/popup/address-text';
import { pageIconUrl } from '../../../lib/popup/page-icon';

describe('addresses as the popup writes them', () => {
  it.each([
    ['https://www.acme.dev/pricing?ref=1', 'www.acme.dev/pricing?ref=1'],
    ['http://127.0.0.1:27793/hj8vCXv', '127.0.0.1:27793/hj8vCXv'],
    ['https://acme.dev/', 'acme.dev'],
    ['https://acme.dev/a/', 'acme.dev/a/'],
    ['https://hi.example/%E0%A4%95%E0%A4%BE', 'hi.example/का'],
    ['https://acme.dev/100%', 'acme.dev/100%'],
  ])('%s -> %s', (url, text) => {
    expect(withoutScheme(url)).toBe(text);
  });

  it.each([
    ['https://go.acme.dev/spring-sale', { host: 'go.acme.dev/', keyword: 'spring-sale' }],
    ['http://127.0.0.1:27793/hj8vCXv', { host: '127.0.0.1:27793/', keyword: 'hj8vCXv' }],
    ['https://go.acme.dev', { host: 'go.acme.dev', keyword: '' }],
  ])('splits %s into host and keyword, so they wrap apart', (url, parts) => {
    expect(shortLinkParts(url)).toEqual(parts);
  });

  it.each([
    ['https://www.wired.com/story', 'wired.com', 'W'],
    ['https://9gag.com/', '9gag.com', '9'],
    // No letter fits: a neutral icon, not a figure or punycode's "X".
    ['https://उदाहरण.भारत/', 'xn--p1b6ci4b4b3a.xn--h2brj9c', ''],
    ['http://127.0.0.1:8787/a', '127.0.0.1', ''],
    ['http://[::1]:8787/a', '[::1]', ''],
    ['https://1password.com/', '1password.com', '1'],
    ['not a url', '', ''],
  ])('%s: site %s, letter %s', (url, site, letter) => {
    expect(siteOf(url)).toBe(site);
    expect(siteLetter(url)).toBe(letter);
  });

  it('writes a host with its port, as links show it', () => {
    expect(siteHost('http://127.0.0.1:8787/api')).toBe('127.0.0.1:8787');
    expect(siteHost('https://go.acme.dev/x')).toBe('go.acme.dev');
    expect(siteHost('nope')).toBeNull();
  });

  it('compares addresses once parsed', () => {
    expect(sameAddress('HTTPS://Acme.dev', 'https://acme.dev/')).toBe(true);
    expect(sameAddress('https://acme.dev/a', 'https://acme.dev/b')).toBe(false);
    expect(sameAddress('nope', 'nope')).toBe(false);
  });
});

describe("a page's icon", () => {
  const base = 'chrome-extension://abc/_favicon/';

  it("is the browser's own, for a web page, where the browser gives icons", () => {
    expect(pageIconUrl('https://acme.dev/a?b=1&c', base)).toBe(`${base}?pageUrl=${encodeURIComponent('https://acme.dev/a?b=1&c')}&size=32`);
  });

  it.each([
    ['a browser without them', 'https://acme.dev/', null],
    ['a page that is not on the web', 'file:///etc/hosts', base],
  ])('is none for %s (a letter is drawn)', (_name, url, faviconBase) => {
    expect(pageIconUrl(url, faviconBase)).toBeNull();
  });
});
