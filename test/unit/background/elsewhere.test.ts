import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createElsewhere } from '../../../lib/background/links/elsewhere';
import { createLinkCache } from '../../../lib/storage/links';
import { SETTINGS_DEFAULTS } from '../../../lib/storage/keys';
import type { ProfileSet } from '../../../lib/storage/profiles';
import type { Connection, Preferences } from '../../../lib/storage/settings';

const work = { id: 'p1', name: 'Work', baseUrl: 'https://sho.rt/api', token: 't1', workspaceId: 'w1' };
const personal = { id: 'p2', name: 'Personal', baseUrl: 'https://sho.rt/api', token: 't2', workspaceId: 'w2' };
const twin = { id: 'p3', name: 'Work again', baseUrl: 'https://sho.rt/api', token: 't3', workspaceId: 'w1' };
const connOf = (p: typeof work): Connection => ({ baseUrl: p.baseUrl, token: p.token, workspaceId: p.workspaceId, profileId: p.id });
const made = (workspaceId: string, longUrl: string, shortUrl: string) => ({ linkId: shortUrl.slice(-4), shortUrl, longUrl, createdDate: '2026-11-01T09:00:00Z', workspaceId });

function setup(profiles: (typeof work)[], prefs: Partial<Preferences> = {}) {
  const cache = createLinkCache();
  const set: ProfileSet = { activeId: profiles[0]?.id ?? '', profiles };
  const elsewhere = createElsewhere({
    profiles: async () => set,
    cache,
    getPreferences: async (): Promise<Preferences> => ({ ...SETTINGS_DEFAULTS.preferences, ...prefs }),
    linkSetup: async () => ({ rules: [], templates: [] }),
  });
  return { cache, elsewhere };
}

beforeEach(() => fakeBrowser.reset());

describe('"You already have a link to this page in <profile>"', () => {
  it("finds another profile's link to the page, as the active profile would send it (cleaned)", async () => {
    const { cache, elsewhere } = setup([personal, work]);
    await cache.remember({ baseUrl: work.baseUrl, workspaceId: 'w1' }, made('w1', 'https://shop.example/spring', 'https://sho.rt/ab12'));
    const found = await elsewhere(connOf(personal), 'https://shop.example/spring?fbclid=IwAR123');
    expect(found?.profile).toBe('Work');
    expect(found?.link.shortUrl).toBe('https://sho.rt/ab12');
  });

  it('says nothing when the active profile has its own link, when there is no other profile, or another page', async () => {
    const { cache, elsewhere } = setup([personal, work]);
    await cache.remember({ baseUrl: work.baseUrl, workspaceId: 'w1' }, made('w1', 'https://shop.example/spring', 'https://sho.rt/ab12'));
    await cache.remember({ baseUrl: personal.baseUrl, workspaceId: 'w2' }, made('w2', 'https://shop.example/spring', 'https://sho.rt/cd34'));
    expect(await elsewhere(connOf(personal), 'https://shop.example/spring')).toBeNull();
    expect(await elsewhere(connOf(personal), 'https://shop.example/summer')).toBeNull();
    const alone = setup([work]);
    expect(await alone.elsewhere(connOf(work), 'https://shop.example/spring')).toBeNull();
  });

  it('does not count a profile on the same workspace as "another"', async () => {
    const { cache, elsewhere } = setup([twin, work]);
    await cache.remember({ baseUrl: work.baseUrl, workspaceId: 'w1' }, made('w1', 'https://shop.example/spring', 'https://sho.rt/ab12'));
    // The twin shares the cache: its "own" link is found, so nothing is said.
    expect(await elsewhere(connOf(twin), 'https://shop.example/spring')).toBeNull();
  });

  it('ignores campaign (utm_*) differences only when the setting says so', async () => {
    const off = setup([personal, work]);
    await off.cache.remember({ baseUrl: work.baseUrl, workspaceId: 'w1' }, made('w1', 'https://shop.example/spring?utm_source=news', 'https://sho.rt/ab12'));
    expect(await off.elsewhere(connOf(personal), 'https://shop.example/spring?utm_source=mail')).toBeNull();
    fakeBrowser.reset();
    const on = setup([personal, work], { samePageIgnoresCampaign: true });
    await on.cache.remember({ baseUrl: work.baseUrl, workspaceId: 'w1' }, made('w1', 'https://shop.example/spring?utm_source=news', 'https://sho.rt/ab12'));
    expect((await on.elsewhere(connOf(personal), 'https://shop.example/spring?utm_source=mail'))?.profile).toBe('Work');
  });

  it('refuses nothing and finds nothing for an address that is no web page', async () => {
    const { elsewhere } = setup([personal, work]);
    expect(await elsewhere(connOf(personal), 'javascript:alert(1)')).toBeNull();
  });
});
