import { describe, expect, it } from 'vitest';
import { shortLinkPatterns } from '../../../lib/background/menus/short-link-patterns';

describe('shortLinkPatterns', () => {
  it('is empty when not connected: the menu is hidden', () => {
    expect(shortLinkPatterns({ baseUrl: '', shortUrls: ['https://sho.rt/kw'], customDomains: ['go.example.com'] })).toEqual([]);
  });

  it('names the API\'s host, the hosts of known short links and the custom domains, once each, without ports', () => {
    expect(
      shortLinkPatterns({
        baseUrl: 'http://127.0.0.1:8787/api',
        shortUrls: ['http://127.0.0.1:8787/a', 'https://SHO.RT./b', 'https://sho.rt/c', 'not a url', 'ftp://files.example/x'],
        customDomains: ['Go.Example.com', 'bücher.example', 'bad/domain', ''],
      }),
    ).toEqual(['*://127.0.0.1/*', '*://go.example.com/*', '*://sho.rt/*', '*://xn--bcher-kva.example/*']);
  });

  it('is the same list for the same hosts in any order, so an unchanged set is seen as unchanged', () => {
    const a = shortLinkPatterns({ baseUrl: 'https://api.sho.rt/api', shortUrls: ['https://sho.rt/1', 'https://go.sho.rt/2'], customDomains: [] });
    const b = shortLinkPatterns({ baseUrl: 'https://api.sho.rt/api', shortUrls: ['https://go.sho.rt/2', 'https://sho.rt/1'], customDomains: [] });
    expect(a).toEqual(b);
  });

  it('keeps IPv6 hosts in brackets', () => {
    expect(shortLinkPatterns({ baseUrl: 'http://[::1]:8787/api', shortUrls: [], customDomains: [] })).toEqual(['*://[::1]/*']);
  });
});
