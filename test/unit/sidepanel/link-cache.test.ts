import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createLinkCache, type CachedLink, type LinkScope } from '../../../lib/storage/links';
import { lazyLinkCache } from '../../../lib/sidepanel/link-cache';

const SCOPE: LinkScope = { baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' };
const made: CachedLink = {
  shortUrl: 'http://127.0.0.1:8787/abc1234',
  linkId: 'lnk_made',
  createdDate: '2026-01-01T00:00:00Z',
  workspaceId: 'demo',
  longUrl: 'https://news.example/story',
};

beforeEach(() => {
  fakeBrowser.reset();
});

describe("the side panel's link cache, loaded on first use", () => {
  it('answers from the same records as the link cache', async () => {
    await createLinkCache().remember(SCOPE, made);
    const cache = lazyLinkCache();
    expect(await cache.lookup(SCOPE, 'https://news.example/story')).toMatchObject({ linkId: 'lnk_made' });
    expect((await cache.recent(SCOPE)).map((l) => l.linkId)).toEqual(['lnk_made']);
    expect(await cache.lookup(SCOPE, 'https://elsewhere.example/')).toBeNull();
  });
});
