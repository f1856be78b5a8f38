/** Which shorten item was clicked, which address it means, and what is refused before anything is sent. */
import { describe, expect, it } from 'vitest';
import { selectedUrl } from '../../../lib/menus/selected-url';
import { menuTarget, SHORTEN_LINK_MENU, SHORTEN_PAGE_MENU, SHORTEN_SELECTION_MENU, tabTarget } from '../../../lib/menus/quick-target';

describe('selectedUrl', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['  http://example.com/  ', 'http://example.com/'],
    ['HTTPS://Example.com/Path', 'HTTPS://Example.com/Path'],
    ['<https://example.com/a>', 'https://example.com/a'],
    ['"https://example.com/a"', 'https://example.com/a'],
    ['“https://example.com/a”', 'https://example.com/a'],
    ['(https://example.com/a)', 'https://example.com/a'],
    // Selected from a sentence: the full stop and an unopened bracket are not part of the address.
    ['https://example.com/a.', 'https://example.com/a'],
    ['https://example.com/a),', 'https://example.com/a'],
    // Brackets the address opens itself stay.
    ['https://en.wikipedia.org/wiki/Fish_(food)', 'https://en.wikipedia.org/wiki/Fish_(food)'],
  ])('reads %j as %s', (text, url) => {
    expect(selectedUrl(text)).toBe(url);
  });

  it.each([
    [undefined],
    [''],
    ['   '],
    ['hello world'],
    ['example.com'],
    ['www.example.com/a'],
    ['see https://example.com/a for more'],
    ['https://example.com/a https://example.com/b'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['ftp://example.com/file'],
    ['https://'],
  ])('finds no address in %j', (text) => {
    expect(selectedUrl(text)).toBeNull();
  });
});

describe('menuTarget', () => {
  const page = 'https://news.example/story';

  it('"Shorten link address" means the link, not the page', () => {
    expect(menuTarget({ menuItemId: SHORTEN_LINK_MENU, linkUrl: 'https://example.com/linked', pageUrl: page })).toEqual({
      ok: true,
      url: 'https://example.com/linked',
    });
  });

  it('"Shorten this page" means the page', () => {
    expect(menuTarget({ menuItemId: SHORTEN_PAGE_MENU, pageUrl: page, linkUrl: undefined })).toEqual({ ok: true, url: page });
  });

  it('"Shorten selected URL" means the selected address, normalised as the service will get it', () => {
    expect(menuTarget({ menuItemId: SHORTEN_SELECTION_MENU, selectionText: ' <HTTPS://Example.COM> ', pageUrl: page })).toEqual({
      ok: true,
      url: 'https://example.com/',
    });
  });

  it('a selection that is not an address is refused with its own code', () => {
    expect(menuTarget({ menuItemId: SHORTEN_SELECTION_MENU, selectionText: 'call me maybe', pageUrl: page })).toEqual({
      ok: false,
      problem: 'selection-not-url',
    });
  });

  it.each([
    [SHORTEN_LINK_MENU, { linkUrl: 'javascript:alert(1)' }, 'scheme'],
    [SHORTEN_LINK_MENU, { linkUrl: 'data:text/html,<b>x</b>' }, 'scheme'],
    [SHORTEN_LINK_MENU, { linkUrl: 'chrome://settings' }, 'scheme'],
    [SHORTEN_LINK_MENU, { linkUrl: 'https://user:pw@example.com/' }, 'credentials'],
    [SHORTEN_LINK_MENU, {}, 'no-address'],
    [SHORTEN_PAGE_MENU, { pageUrl: 'chrome://newtab/' }, 'scheme'],
    [SHORTEN_PAGE_MENU, { pageUrl: 'chrome-extension://abc/options.html' }, 'scheme'],
    [SHORTEN_PAGE_MENU, { pageUrl: 'data:text/html,hi' }, 'scheme'],
    [SHORTEN_PAGE_MENU, { pageUrl: 'file:///home/me/a.html' }, 'scheme'],
  ])('%s on %j is refused: %s', (menuItemId, urls, problem) => {
    expect(menuTarget({ menuItemId, ...urls })).toEqual({ ok: false, problem });
  });

  it('other items (Show stats) are not ours', () => {
    expect(menuTarget({ menuItemId: 'shortlink-show-stats', linkUrl: 'https://sho.rt/x' })).toBeNull();
  });
});

describe('tabTarget', () => {
  it.each([
    ['https://example.com/a#b', { ok: true, url: 'https://example.com/a#b' }],
    ['chrome://extensions/', { ok: false, problem: 'scheme' }],
    ['about:blank', { ok: false, problem: 'scheme' }],
    [undefined, { ok: false, problem: 'no-address' }],
  ])('%j -> %j', (url, target) => {
    expect(tabTarget(url)).toEqual(target);
  });
});
