import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CachedLink, LinkScope } from '../../../lib/storage/links';
import { createTabLinks } from '../../../lib/sidepanel/tabs';

const SCOPE: LinkScope = { baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' };
const made: CachedLink = {
  shortUrl: 'http://127.0.0.1:8787/abc1234',
  linkId: 'lnk_made',
  createdDate: '2026-01-01T00:00:00Z',
  workspaceId: 'demo',
  longUrl: 'https://news.example/story',
};

function tabLinks(scope: LinkScope | null = SCOPE) {
  return createTabLinks({
    cache: {
      lookup: async (_s, url) => (url === made.longUrl ? made : null),
      recent: async () => [made],
    },
    scope: async () => scope,
  });
}

/** The fake browser ignores `active` on tabs.create: answer the panel's query directly. */
async function activeTab(url: string) {
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ url, active: true, index: 0, highlighted: true, pinned: false, incognito: false }]);
}

describe('the active tab\'s own link', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    fakeBrowser.reset();
  });

  it('a page shortened from this profile: its link', async () => {
    await activeTab('https://news.example/story');
    await expect(tabLinks().current()).resolves.toBe('lnk_made');
    expect(fakeBrowser.tabs.query).toHaveBeenCalledWith({ active: true, lastFocusedWindow: true });
  });

  it('one of our short links, with or without a trailing slash: that link', async () => {
    await activeTab('http://127.0.0.1:8787/abc1234/');
    await expect(tabLinks().current()).resolves.toBe('lnk_made');
  });

  it('any other page, or no connection: none', async () => {
    await activeTab('https://elsewhere.example/');
    await expect(tabLinks().current()).resolves.toBeNull();
    await activeTab('https://news.example/story');
    await expect(tabLinks(null).current()).resolves.toBeNull();
  });

  it('a browser page: none, without reading the link cache', async () => {
    const lookup = vi.fn(async () => made);
    const recent = vi.fn(async () => [made]);
    const links = createTabLinks({ cache: { lookup, recent }, scope: async () => SCOPE });
    for (const url of ['chrome://newtab/', 'about:blank', 'file:///home/me/notes.txt']) {
      await activeTab(url);
      await expect(links.current()).resolves.toBeNull();
    }
    expect(lookup).not.toHaveBeenCalled();
    expect(recent).not.toHaveBeenCalled();
  });

  it('asks for the optional tabs permission only, and reports it', async () => {
    const contains = vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false);
    const request = vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(true);
    await expect(tabLinks().access()).resolves.toBe('not-granted');
    await expect(tabLinks().request()).resolves.toBe(true);
    expect(contains).toHaveBeenCalledWith({ permissions: ['tabs'] });
    expect(request).toHaveBeenCalledWith({ permissions: ['tabs'] });
  });
});
