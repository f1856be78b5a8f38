import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createLinkCache, type CachedLink, type LinkScope } from '../../../lib/storage/links';
import { linkCacheKey, localName } from '../../../lib/storage/keys';

const scope: LinkScope = { baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' };

function cached(n: number): CachedLink {
  return {
    shortUrl: `http://127.0.0.1:8787/k${n}`,
    linkId: `lnk_${n}`,
    createdDate: new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString(),
    workspaceId: 'demo',
    longUrl: `https://example.com/page/${n}`,
  };
}

beforeEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('createLinkCache({ memo: true })', () => {
  it('reads storage once, then answers lookups from memory', async () => {
    await createLinkCache().remember(scope, cached(1));
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const cache = createLinkCache({ memo: true });
    expect(await cache.lookup(scope, 'https://example.com/page/1')).toEqual(cached(1));
    expect(await cache.lookup(scope, 'https://example.com/page/2')).toBeNull();
    expect(await cache.lookup(scope, 'https://example.com/page/1')).toEqual(cached(1));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('sees its own writes at once, with no read back', async () => {
    const cache = createLinkCache({ memo: true });
    expect(await cache.lookup(scope, 'https://example.com/page/1')).toBeNull();
    await cache.remember(scope, cached(1));
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await cache.lookup(scope, 'https://example.com/page/1')).toEqual(cached(1));
    expect(get).not.toHaveBeenCalled();
  });

  it('drops its copy when another writer changes storage', async () => {
    const cache = createLinkCache({ memo: true });
    expect(await cache.lookup(scope, 'https://example.com/page/7')).toBeNull();
    await createLinkCache().remember(scope, cached(7));
    await vi.waitFor(async () => expect(await cache.lookup(scope, 'https://example.com/page/7')).toEqual(cached(7)));
  });

  it('sees the store cleared by another writer', async () => {
    const cache = createLinkCache({ memo: true });
    await cache.remember(scope, cached(3));
    await fakeBrowser.storage.local.remove(localName(linkCacheKey(scope)));
    await vi.waitFor(async () => expect(await cache.lookup(scope, 'https://example.com/page/3')).toBeNull());
  });

  it('a failed write leaves the memo at what storage holds', async () => {
    const cache = createLinkCache({ memo: true });
    await cache.remember(scope, cached(1));
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    await expect(cache.remember(scope, cached(2))).rejects.toThrow('quota');
    expect(await cache.lookup(scope, 'https://example.com/page/2')).toBeNull();
    expect(await cache.lookup(scope, 'https://example.com/page/1')).toEqual(cached(1));
  });
});

describe('reads see writes already asked for', () => {
  it.each([false, true])('memo %s: lookup and recent wait for a remember still in flight', async (memo) => {
    const cache = createLinkCache({ memo });
    const writing = cache.remember(scope, cached(4));
    // Not awaited: the shortener answers the popup before its cache write lands.
    expect(await cache.lookup(scope, 'https://example.com/page/4')).toEqual(cached(4));
    expect((await cache.recent(scope)).map((l) => l.linkId)).toEqual(['lnk_4']);
    await writing;
  });
});
