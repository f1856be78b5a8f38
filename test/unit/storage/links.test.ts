import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CACHE_MAX, RECENT_MAX, createLinkCache, type CachedLink, type LinkScope } from '../../../lib/storage/links';
import { linkRecord } from '../fixtures/wire';

const scope: LinkScope = { baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' };

function cached(n: number, over: Partial<CachedLink> = {}): CachedLink {
  return {
    shortUrl: `http://127.0.0.1:8787/k${n}`,
    linkId: `lnk_${n}`,
    createdDate: new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString(),
    workspaceId: 'demo',
    longUrl: `https://example.com/page/${n}`,
    ...over,
  };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('lookup', () => {
  it('misses on an empty cache and hits after remember', async () => {
    const cache = createLinkCache();
    expect(await cache.lookup(scope, 'https://example.com/page/1')).toBeNull();
    await cache.remember(scope, cached(1));
    expect(await cache.lookup(scope, 'https://example.com/page/1')).toEqual(cached(1));
  });

  it.each([
    'HTTPS://EXAMPLE.com/page/1',
    'https://example.com:443/page/1',
    '  https://example.com/page/1\n',
    'https://exa\tmple.com/page/1',
  ])('normalises %j to the same key', async (variant) => {
    const cache = createLinkCache();
    await cache.remember(scope, cached(1));
    expect((await cache.lookup(scope, variant))?.linkId).toBe('lnk_1');
  });

  it('does not confuse URLs that differ in path case or query', async () => {
    const cache = createLinkCache();
    await cache.remember(scope, cached(1));
    expect(await cache.lookup(scope, 'https://example.com/Page/1')).toBeNull();
    expect(await cache.lookup(scope, 'https://example.com/page/1?a=1')).toBeNull();
  });

  it('is a single storage read', async () => {
    const cache = createLinkCache();
    await cache.remember(scope, cached(1));
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    await cache.lookup(scope, 'https://example.com/page/1');
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('keeps services and workspaces apart', async () => {
    const cache = createLinkCache();
    await cache.remember(scope, cached(1));
    expect(await cache.lookup({ ...scope, workspaceId: 'other' }, 'https://example.com/page/1')).toBeNull();
    expect(await cache.lookup({ ...scope, baseUrl: 'https://short.example.net/api' }, 'https://example.com/page/1')).toBeNull();
    // A trailing slash is the same service.
    expect(await cache.lookup({ ...scope, baseUrl: `${scope.baseUrl}/` }, 'https://example.com/page/1')).not.toBeNull();
  });
});

describe('recent links', () => {
  it('are newest first, without duplicates, capped', async () => {
    const cache = createLinkCache();
    for (let n = 1; n <= RECENT_MAX + 5; n++) await cache.remember(scope, cached(n));
    await cache.remember(scope, { ...cached(RECENT_MAX + 5), tags: ['x'] });
    const recent = await cache.recent(scope);
    expect(recent).toHaveLength(RECENT_MAX);
    expect(recent[0]).toMatchObject({ linkId: `lnk_${RECENT_MAX + 5}`, tags: ['x'] });
    expect(recent.at(-1)?.linkId).toBe('lnk_6');
    expect(new Set(recent.map((l) => l.linkId)).size).toBe(RECENT_MAX);
  });

  it('two writes at once both land', async () => {
    const cache = createLinkCache();
    await Promise.all([cache.remember(scope, cached(1)), cache.remember(scope, cached(2)), cache.remember(scope, cached(3))]);
    expect((await cache.recent(scope)).map((l) => l.linkId)).toEqual(['lnk_3', 'lnk_2', 'lnk_1']);
  });

  it('many at once (a queue drain) are written together, not the whole record once each', async () => {
    const cache = createLinkCache({ memo: true });
    const other: LinkScope = { ...scope, workspaceId: 'other' };
    await cache.remember(scope, cached(0));
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => cache.remember(scope, cached(i + 1))),
      cache.remember(Promise.resolve(other), cached(99)),
      cache.forget(scope, 'lnk_0'),
    ]);
    // The first waits for nothing; the rest wait for it together: two writes of the scope, one of the other.
    expect(set.mock.calls.length).toBeLessThanOrEqual(3);
    expect((await cache.known(scope)).map((l) => l.linkId).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `lnk_${i + 1}`).sort());
    expect((await cache.recent(other)).map((l) => l.linkId)).toEqual(['lnk_99']);
    expect(await cache.lookup(scope, 'https://example.com/page/40')).toMatchObject({ linkId: 'lnk_40' });
  });

  it('watchRecent reports changes', async () => {
    const cache = createLinkCache();
    const seen: string[][] = [];
    const unwatch = cache.watchRecent(scope, (recent) => seen.push(recent.map((l) => l.linkId)));
    await cache.remember(scope, cached(1));
    await vi.waitFor(() => expect(seen).toEqual([['lnk_1']]));
    await cache.remember(scope, cached(2));
    await vi.waitFor(() => expect(seen).toEqual([['lnk_1'], ['lnk_2', 'lnk_1']]));
    unwatch();
    await cache.remember(scope, cached(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toHaveLength(2);
  });

  it('forget drops a deleted link from both lists', async () => {
    const cache = createLinkCache();
    await cache.remember(scope, cached(1));
    await cache.remember(scope, cached(2));
    await cache.forget(scope, 'lnk_1');
    expect((await cache.recent(scope)).map((l) => l.linkId)).toEqual(['lnk_2']);
    expect(await cache.lookup(scope, cached(1).longUrl)).toBeNull();
  });

  it('clear empties a scope only', async () => {
    const cache = createLinkCache();
    const other = { ...scope, workspaceId: 'other' };
    await cache.remember(scope, cached(1));
    await cache.remember(other, cached(2));
    await cache.clear(scope);
    expect(await cache.recent(scope)).toEqual([]);
    expect(await cache.recent(other)).toHaveLength(1);
  });
});

describe('rememberLinks', () => {
  it('fills the cache and the recent list from a listLinks page', async () => {
    const cache = createLinkCache();
    const list = [
      linkRecord({ _id: 'b', longUrl: 'https://b.example/', shortUrl: 'http://s/b', createdDate: '2026-11-02T00:00:00.000Z', tags: ['t'] }),
      linkRecord({ _id: 'a', longUrl: 'https://a.example/', shortUrl: 'http://s/a', createdDate: '2026-11-01T00:00:00.000Z' }),
    ];
    await cache.rememberLinks(scope, list);
    expect((await cache.recent(scope)).map((l) => l.linkId)).toEqual(['b', 'a']);
    expect(await cache.lookup(scope, 'https://b.example')).toEqual({
      shortUrl: 'http://s/b', linkId: 'b', createdDate: '2026-11-02T00:00:00.000Z', workspaceId: 'demo', longUrl: 'https://b.example/', tags: ['t'],
      title: 'An article', clicks: 0,
    });
  });

  it('keeps the newest link when one URL has several', async () => {
    const cache = createLinkCache();
    await cache.rememberLinks(scope, [
      linkRecord({ _id: 'new', longUrl: 'https://a.example/', createdDate: '2026-11-03T00:00:00.000Z' }),
      linkRecord({ _id: 'old', longUrl: 'https://a.example/', createdDate: '2026-11-01T00:00:00.000Z' }),
    ]);
    expect((await cache.lookup(scope, 'https://a.example/'))?.linkId).toBe('new');
  });

  it('never serves an inactive link', async () => {
    const cache = createLinkCache();
    await cache.remember(scope, cached(1));
    await cache.rememberLinks(scope, [linkRecord({ _id: 'lnk_1', longUrl: cached(1).longUrl, linkActive: false })]);
    expect(await cache.lookup(scope, cached(1).longUrl)).toBeNull();
    expect(await cache.recent(scope)).toEqual([]);
  });

  it('with newestPage, drops links deleted elsewhere within the page span and keeps older ones', async () => {
    const cache = createLinkCache();
    for (const n of [1, 2, 3, 4]) await cache.remember(scope, cached(n));
    // Page holds 4 and 2: 3 is gone (within the span), 1 is older than the page.
    const page = [4, 2].map((n) => linkRecord({ _id: `lnk_${n}`, longUrl: cached(n).longUrl, createdDate: cached(n).createdDate }));
    await cache.rememberLinks(scope, page, { newestPage: true });
    expect((await cache.recent(scope)).map((l) => l.linkId)).toEqual(['lnk_4', 'lnk_2', 'lnk_1']);
    expect(await cache.lookup(scope, cached(3).longUrl)).toBeNull();
  });

  it('an empty newest page empties the scope', async () => {
    const cache = createLinkCache();
    await cache.remember(scope, cached(1));
    await cache.rememberLinks(scope, [], { newestPage: true });
    expect(await cache.recent(scope)).toEqual([]);
    expect(await cache.lookup(scope, cached(1).longUrl)).toBeNull();
  });

  it(`keeps at most ${CACHE_MAX} URLs, the newest`, async () => {
    const cache = createLinkCache();
    const list = Array.from({ length: CACHE_MAX + 10 }, (_, i) =>
      linkRecord({ _id: `l${i}`, longUrl: `https://e.com/${i}`, createdDate: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() }),
    );
    await cache.rememberLinks(scope, list);
    expect(await cache.lookup(scope, 'https://e.com/0')).toBeNull();
    expect((await cache.lookup(scope, `https://e.com/${CACHE_MAX + 9}`))?.linkId).toBe(`l${CACHE_MAX + 9}`);
    const stored = (await fakeBrowser.storage.local.get(null)) as Record<string, { byUrl: object }>;
    expect(Object.keys(Object.values(stored)[0]!.byUrl)).toHaveLength(CACHE_MAX);
  });
});

describe('known', () => {
  it('lists every link the record holds once, beyond the recent list, and none of another scope', async () => {
    const cache = createLinkCache();
    for (let n = 1; n <= RECENT_MAX + 2; n += 1) await cache.remember(scope, cached(n));
    const known = await cache.known(scope);
    expect(known.map((l) => l.linkId).sort()).toEqual(Array.from({ length: RECENT_MAX + 2 }, (_, i) => `lnk_${i + 1}`).sort());
    expect(await cache.known({ ...scope, workspaceId: 'other' })).toEqual([]);
  });
});
