import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '../../../lib/api/client';
import { createBulkKnown, NEWEST_READ_EVERY_MS } from '../../../lib/background/bulk/bulk-known';
import type { Reach } from '../../../lib/background/reach-service';
import type { Link } from '../../../lib/contract/schemas';
import { createLinkCache } from '../../../lib/storage/links';
import { SETTINGS_DEFAULTS } from '../../../lib/storage/keys';
import type { Preferences } from '../../../lib/storage/settings';
import type { ProfileSet } from '../../../lib/storage/profiles';
import { fakeFetch, json } from '../fixtures/fake-fetch';
import { networkDown } from '../fixtures/fake-service';
import { BASE_URL, TOKEN, WORKSPACE, linkRecord, pageInfo } from '../fixtures/wire';

const scope = { baseUrl: BASE_URL, workspaceId: WORKSPACE };
const conn = { baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE };

/** A workspace link made elsewhere (not from this browser): 1,846 clicks. */
const popular = linkRecord({ _id: 'lnk_pop', longUrl: 'https://acme-events.example/tickets', shortUrl: 'http://127.0.0.1:8787/Tix1846', totalClicks: 1846 });

function setup(opts: { serviceLinks?: Link[]; down?: boolean; online?: boolean; prefs?: Partial<Preferences>; profiles?: ProfileSet } = {}) {
  let clock = 1_000_000;
  const { fetch, calls } = fakeFetch(async (req) => {
    if (opts.down) return networkDown(req);
    const list = opts.serviceLinks ?? [];
    return json({ status: true, data: { pageInfo: pageInfo(list.length), list } });
  });
  const client = createApiClient({ baseUrl: BASE_URL, getToken: () => TOKEN, fetch });
  const cache = createLinkCache();
  const known = createBulkKnown({
    reach: async (): Promise<Reach> => ({ conn, client }),
    cache,
    getPreferences: async () => ({ ...SETTINGS_DEFAULTS.preferences, ...opts.prefs }),
    online: () => opts.online ?? true,
    now: () => clock,
    ...(opts.profiles === undefined ? {} : { profiles: async () => opts.profiles as ProfileSet }),
  });
  return { known, cache, calls, tick: (ms: number) => (clock += ms) };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('"already shortened" for the bulk page', () => {
  it('finds a workspace link made elsewhere by reading the service\'s newest links, and says it could check them', async () => {
    const { known, calls } = setup({ serviceLinks: [popular] });
    const answer = await known({ urls: ['https://acme-events.example/tickets', 'https://new.example/x'], customDomain: null });
    expect(answer).toEqual({ status: 'done', links: [{ url: 'https://acme-events.example/tickets', shortUrl: popular.shortUrl }], cleaned: [], seen: 1, reached: true });
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it('reads the newest links at most once a minute', async () => {
    const { known, calls, tick } = setup({ serviceLinks: [popular] });
    await known({ urls: ['https://a.example/'] });
    tick(NEWEST_READ_EVERY_MS - 1);
    await known({ urls: ['https://a.example/'] });
    expect(calls).toHaveLength(1);
    tick(2);
    await known({ urls: ['https://a.example/'] });
    expect(calls).toHaveLength(2);
  });

  it('with the service out of reach, checks the links seen before (the cache and the recent list) and says the newest could not be read', async () => {
    const { known, cache } = setup({ down: true });
    // Links the popup's recent list read before (kept in the cache): still known.
    await cache.rememberLinks(scope, [popular, linkRecord({ _id: 'lnk_2', longUrl: 'https://b.example/', shortUrl: 'http://127.0.0.1:8787/Bbbbbbb' })]);
    const answer = await known({ urls: ['https://acme-events.example/tickets', 'https://c.example/'], customDomain: null });
    expect(answer).toMatchObject({ status: 'done', links: [{ url: 'https://acme-events.example/tickets', shortUrl: popular.shortUrl }], seen: 2, reached: false });
  });

  it("marks a URL with no link here but one in another profile's cache, and still counts it as new", async () => {
    const other = { id: 'p2', name: 'Personal', baseUrl: BASE_URL, token: 't2', workspaceId: 'w-personal' };
    const { known, cache } = setup({ online: false, profiles: { activeId: 'p1', profiles: [{ id: 'p1', name: 'Work', ...conn }, other] } });
    await cache.remember({ baseUrl: BASE_URL, workspaceId: 'w-personal' }, { linkId: 'l9', shortUrl: 'http://127.0.0.1:8787/Home9', longUrl: 'https://acme-events.example/tickets', createdDate: '2026-11-01T09:00:00Z', workspaceId: 'w-personal' });
    const answer = await known({ urls: ['https://acme-events.example/tickets', 'https://new.example/x'] });
    expect(answer).toMatchObject({ status: 'done', links: [], elsewhere: [{ url: 'https://acme-events.example/tickets', profile: 'Personal', shortUrl: 'http://127.0.0.1:8787/Home9' }] });
  });

  it('offline, with nothing seen: no request, nothing known, and it says so', async () => {
    const { known, calls } = setup({ online: false, serviceLinks: [popular] });
    expect(await known({ urls: ['https://acme-events.example/tickets'] })).toEqual({ status: 'done', links: [], cleaned: [], seen: 0, reached: false });
    expect(calls).toHaveLength(0);
  });

  it('looks each URL up as the batch sends it: cleaned by default, as written when the batch keeps tracking parameters', async () => {
    const clean = linkRecord({ _id: 'lnk_c', longUrl: 'https://shop.example/sale', shortUrl: 'http://127.0.0.1:8787/Sale001' });
    const { known } = setup({ serviceLinks: [clean], prefs: { cleanLinks: true } });
    const tracked = 'https://shop.example/sale?fbclid=abc123';
    const cleaned = await known({ urls: [tracked] });
    expect(cleaned).toMatchObject({ links: [{ url: tracked, shortUrl: clean.shortUrl }], cleaned: [{ url: tracked, longUrl: 'https://shop.example/sale' }] });
    const kept = await known({ urls: [tracked], clean: false });
    expect(kept).toMatchObject({ links: [], cleaned: [] });
  });

  it('counts only links on the domain asked', async () => {
    const { known } = setup({ serviceLinks: [popular] });
    expect(await known({ urls: [popular.longUrl], customDomain: 'go.acme.example' })).toMatchObject({ links: [] });
  });
});
