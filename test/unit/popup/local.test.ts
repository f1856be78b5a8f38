import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { cacheKeyOf, linkCacheKey } from '../../../lib/storage/links';
import { linkStorageKey, localPopupState, readLocalCache, urlKey, type KeyHint } from '../../../lib/popup/local';

// The popup reads lib/storage/links.ts' records by hand to stay small; these must agree.
describe('popup fast path keys', () => {
  it.each([
    ['http://127.0.0.1:8787/api', 'demo'],
    ['https://sho.rt/api/', 'ws_1'],
    ['  https://sho.rt/api//  ', 'a.b:c-d'],
  ])('storage key for %s / %s matches linkCacheKey', (baseUrl, workspaceId) => {
    expect(`local:${linkStorageKey(baseUrl, workspaceId)}`).toBe(linkCacheKey({ baseUrl, workspaceId }));
  });

  it.each(['HTTPS://Example.com', 'https://example.com/a?b=1#c', ' http://x.test/ ', 'chrome://version', 'not a url'])(
    'URL key for %s matches cacheKeyOf',
    (url) => {
      expect(urlKey(url)).toBe(cacheKeyOf(url));
    },
  );
});

describe('popup fast path lookup', () => {
  const conn = { baseUrl: 'http://s.test/api', token: 't', workspaceId: 'w' };
  const other = { id: 'p2', name: 'Other', baseUrl: 'http://s.test/api', token: 't2', workspaceId: 'w2' };
  const profiles = (activeId: string) => ({ activeId, profiles: [{ id: 'p1', name: 'Main', ...conn }, other] });
  const link = {
    shortUrl: 'http://s.test/abc1234',
    longUrl: 'https://a.example/',
    linkId: 'l1',
    createdDate: '2026-01-01T00:00:00Z',
    workspaceId: 'w',
    tags: ['x'],
  };
  const store = (preferences?: object) =>
    fakeBrowser.storage.local.set({
      connection: profiles('p1'),
      ...(preferences ? { preferences } : {}),
      [linkStorageKey(conn.baseUrl, conn.workspaceId)]: { v: 1, byUrl: { [urlKey(link.longUrl)]: link }, recent: [link] },
    });
  const view = { shortUrl: link.shortUrl, longUrl: link.longUrl, linkId: 'l1', createdDate: link.createdDate };

  beforeEach(() => fakeBrowser.reset());
  const memoryHint = (initial: string | null = null): KeyHint => {
    let key = initial;
    return { read: () => key, write: (k) => (key = k) };
  };

  it('answers a page shortened before, as the link view (no tags, no workspace)', async () => {
    await store();
    const state = localPopupState(await readLocalCache(memoryHint()), 'https://a.example');
    expect(state).toEqual({ configured: true, autoShorten: true, copyToClipboard: true, keywordType: 'HASH', cached: view, recent: [view] });
    expect(localPopupState(await readLocalCache(memoryHint()), 'https://b.example/')).toBeNull();
  });

  it.each([
    ['custom keywords by default', { keywordType: 'CUSTOM' }],
    ['a default custom domain', { defaultDomain: 'go.example' }],
    ['shorten-on-open off', { autoShorten: false }],
  ])('leaves %s to the background', async (_name, preferences) => {
    await store(preferences);
    const cache = await readLocalCache(memoryHint());
    expect(cache.record).toBeNull();
    expect(localPopupState(cache, link.longUrl)).toBeNull();
  });

  it("another profile's workspace never answers from this one's record", async () => {
    await store();
    await fakeBrowser.storage.local.set({ connection: profiles('p2') });
    const cache = await readLocalCache(memoryHint());
    expect(localPopupState(cache, link.longUrl)).toBeNull();
    expect(cache.record).toBeNull();
  });

  it('reads nothing more when no connection is saved', async () => {
    expect(await readLocalCache(memoryHint())).toEqual({ settings: {}, record: null });
  });

  it('remembers which record it read, so the next open reads settings and record in one call', async () => {
    await store();
    const hint = memoryHint();
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const first = await readLocalCache(hint);
    expect(get).toHaveBeenCalledTimes(2);
    expect(hint.read()).toBe(linkStorageKey(conn.baseUrl, conn.workspaceId));
    get.mockClear();
    expect(await readLocalCache(hint)).toEqual(first);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a stale hint (another workspace) costs a second read, never the wrong record', async () => {
    await store();
    await fakeBrowser.storage.local.set({ [linkStorageKey(conn.baseUrl, 'other')]: { v: 1, byUrl: {}, recent: [] } });
    const hint = memoryHint(linkStorageKey(conn.baseUrl, 'other'));
    const state = localPopupState(await readLocalCache(hint), link.longUrl);
    expect(state?.cached).toEqual(view);
    expect(hint.read()).toBe(linkStorageKey(conn.baseUrl, conn.workspaceId));
  });
});
