import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createLinkCache } from '../../../lib/storage/links';
import { linkCacheKey, localName, SETTINGS_DEFAULTS } from '../../../lib/storage/keys';
import { setPreferences, storeProfile } from '../../../lib/storage/settings';
import { localPopupState, readLocalCache, type KeyHint } from '../../../lib/popup/local';

// The popup reads by hand what the background writes through lib/storage: these
// tests write with the background's own modules and read with the popup's.
const conn = { baseUrl: 'http://s.test/api', token: 't', workspaceId: 'w' };
const main = { id: 'p1', name: 'Main', ...conn };
const other = { id: 'p2', name: 'Other', baseUrl: 'http://s.test/api', token: 't2', workspaceId: 'w2' };
const link = {
  shortUrl: 'http://s.test/abc1234',
  longUrl: 'https://a.example/',
  linkId: 'l1',
  createdDate: '2026-01-01T00:00:00Z',
  workspaceId: 'w',
  tags: ['x'],
};
// The extension's one link shape without its workspace (lib/storage/link-shape.ts): tags, title and clicks go to pages too.
const view = { shortUrl: link.shortUrl, longUrl: link.longUrl, linkId: 'l1', createdDate: link.createdDate, tags: ['x'] };
const recordName = (workspaceId: string) => localName(linkCacheKey({ baseUrl: conn.baseUrl, workspaceId }));

async function store(active = main) {
  await storeProfile(main, true);
  await storeProfile(other, active === other);
  await createLinkCache().remember(conn, link);
}

const memoryHint = (initial: string | null = null): KeyHint => {
  let key = initial;
  return { read: () => key, write: (k) => (key = k) };
};

beforeEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('popup fast path', () => {
  it('answers a page the background cached, as the link view (no workspace), whatever case or slash the URL has', async () => {
    await store();
    const state = localPopupState(await readLocalCache(browser.storage.local, memoryHint()), 'HTTPS://A.example');
    expect(state).toEqual({ configured: true, autoShorten: true, copyToClipboard: true, keywordType: 'HASH', cached: view, recent: [view] });
    expect(localPopupState(await readLocalCache(browser.storage.local, memoryHint()), 'https://b.example/')).toBeNull();
  });

  it('reads the preferences Options saved, and their defaults for the rest', async () => {
    await store();
    await setPreferences({ copyToClipboard: false });
    const cache = await readLocalCache(browser.storage.local, memoryHint());
    expect(cache.preferences).toEqual({ ...SETTINGS_DEFAULTS.preferences, copyToClipboard: false });
    expect(localPopupState(cache, link.longUrl)?.copyToClipboard).toBe(false);
  });

  it.each([
    ['custom keywords by default', { keywordType: 'CUSTOM' as const }],
    ['a default custom domain', { defaultDomain: 'go.example' }],
    ['shorten-on-open off', { autoShorten: false }],
  ])('leaves %s to the background', async (_name, preferences) => {
    await store();
    await setPreferences(preferences);
    const cache = await readLocalCache(browser.storage.local, memoryHint());
    expect(cache.record).toBeNull();
    expect(localPopupState(cache, link.longUrl)).toBeNull();
  });

  it('names the profiles (never their tokens), the active one and its service, for the header and the banner', async () => {
    await store(other);
    const cache = await readLocalCache(browser.storage.local, memoryHint());
    expect(cache.profiles).toEqual([
      { id: 'p1', name: 'Main' },
      { id: 'p2', name: 'Other' },
    ]);
    expect(cache.activeId).toBe('p2');
    expect(cache.serviceHost).toBe('s.test');
    expect(JSON.stringify(cache)).not.toContain('t2');
  });

  it("another profile's workspace never answers from this one's record", async () => {
    await store(other);
    const cache = await readLocalCache(browser.storage.local, memoryHint());
    expect(localPopupState(cache, link.longUrl)).toBeNull();
    expect(cache.record).toBeNull();
  });

  it('a record of another version is not read', async () => {
    await store();
    await fakeBrowser.storage.local.set({ [recordName('w')]: { v: 2, entries: [link] } });
    expect(localPopupState(await readLocalCache(browser.storage.local, memoryHint()), link.longUrl)).toBeNull();
  });

  it('reads nothing more when no connection is saved', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await readLocalCache(browser.storage.local, memoryHint())).toEqual({ preferences: SETTINGS_DEFAULTS.preferences, record: null, profiles: [], activeId: '', serviceHost: null });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('remembers which record it read, so the next open reads settings and record in one call', async () => {
    await store();
    const hint = memoryHint();
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const first = await readLocalCache(browser.storage.local, hint);
    expect(get).toHaveBeenCalledTimes(2);
    expect(hint.read()).toBe(recordName('w'));
    get.mockClear();
    expect(await readLocalCache(browser.storage.local, hint)).toEqual(first);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a stale hint (another workspace) costs a second read, never the wrong record', async () => {
    await store();
    await createLinkCache().remember({ baseUrl: conn.baseUrl, workspaceId: 'w2' }, { ...link, workspaceId: 'w2', shortUrl: 'http://s.test/other' });
    const hint = memoryHint(recordName('w2'));
    const state = localPopupState(await readLocalCache(browser.storage.local, hint), link.longUrl);
    expect(state?.cached).toEqual(view);
    expect(hint.read()).toBe(recordName('w'));
  });
});
