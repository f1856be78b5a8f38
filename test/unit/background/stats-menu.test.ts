import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '../../../lib/api/client';
import { NetworkError } from '../../../lib/api/errors';
import type { CustomDomain, Link } from '../../../lib/contract/schemas';
import { STATS_MENU_ID } from '../../../lib/background/menus/menu-items';
import { createStatsMenu, showStatsFromMenu, type StatsMenuDeps } from '../../../lib/background/menus/stats-menu';
import { reachService } from '../../../lib/background/reach-service';
import type { CachedLink } from '../../../lib/storage/links';
import type { StatsOpening, TabRef } from '../../../lib/browser/open-stats';
import type { Connection } from '../../../lib/storage/settings';
import { SETTINGS_DEFAULTS } from '../../../lib/storage/keys';
import { useCatalogue } from '../fixtures/catalogue';
import { BASE_URL, domainRecord, linkRecord, TOKEN, WORKSPACE } from '../fixtures/wire';

const CONNECTED: Connection = { baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE };

function cached(id: string, shortUrl: string): CachedLink {
  return { linkId: id, shortUrl, longUrl: 'https://example.com/', createdDate: '2026-11-01T00:00:00.000Z', workspaceId: WORKSPACE };
}

function page<T>(list: T[]) {
  return { list, pageInfo: { cursor: list.length, hasNext: false, pageNumber: 1, pageSize: 100, totalCount: list.length, totalPages: 1 } };
}

function setup(over: { conn?: Connection; known?: CachedLink[]; links?: Link[]; domains?: CustomDomain[]; permitted?: boolean } = {}) {
  const opened: { tab: TabRef | undefined; shown: string[] }[] = [];
  const begin = vi.fn((tab?: TabRef): StatsOpening => {
    const entry = { tab, shown: [] as string[] };
    opened.push(entry);
    return {
      show: async (linkId) => {
        entry.shown.push(linkId);
        return 'side-panel';
      },
    };
  });
  const client = {
    listLinks: vi.fn(async () => page(over.links ?? [])),
    listDomains: vi.fn(async () => page(over.domains ?? [])),
  } satisfies Pick<ApiClient, 'listLinks' | 'listDomains'>;
  const deps: StatsMenuDeps = {
    getConnection: async () => over.conn ?? CONNECTED,
    cache: { known: async () => over.known ?? [], watchRecent: () => () => undefined },
    // The real refusal; the bound client's two reads answered by the mocks.
    reach: async (conn) => {
      const reached = await reachService(conn, { hasHostPermission: async () => over.permitted ?? true });
      return 'refused' in reached ? reached : { ...reached, client: { ...reached.client, ...client } };
    },
    begin,
    onError: (e) => {
      throw e;
    },
  };
  return { deps, begin, opened, client };
}

async function notifications(): Promise<string[]> {
  return Object.values(await fakeBrowser.notifications.getAll()).map((n) => `${n.title}: ${n.message}`);
}

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});
afterEach(() => vi.restoreAllMocks());

describe('"Show stats" click', () => {
  it('opens the panel before anything is awaited, then shows the cached link', async () => {
    const { deps, begin, opened, client } = setup({ known: [cached('lnk_7', 'http://127.0.0.1:8787/Ab3dE7x')] });
    const done = showStatsFromMenu('http://127.0.0.1:8787/Ab3dE7x', { id: 5, windowId: 1 }, deps);
    // Synchronous: the user's gesture is still alive.
    expect(begin).toHaveBeenCalledWith({ id: 5, windowId: 1 });
    await done;
    expect(opened).toEqual([{ tab: { id: 5, windowId: 1 }, shown: ['lnk_7'] }]);
    expect(client.listLinks).not.toHaveBeenCalled();
    expect(await notifications()).toEqual([]);
  });

  it('finds a link made elsewhere on the service', async () => {
    const { deps, opened } = setup({ links: [linkRecord({ _id: 'lnk_x', shortUrl: 'http://127.0.0.1:8787/far' })] });
    await showStatsFromMenu('http://127.0.0.1:8787/far', undefined, deps);
    expect(opened[0]?.shown).toEqual(['lnk_x']);
  });

  it('says in words when the workspace has no such link, and points the panel nowhere', async () => {
    const { deps, opened } = setup({ links: [linkRecord()] });
    await showStatsFromMenu('http://127.0.0.1:8787/gone', undefined, deps);
    expect(opened[0]?.shown).toEqual([]);
    expect(await notifications()).toEqual([
      "Could not show the stats: http://127.0.0.1:8787/gone isn't in your workspace, or it was deleted. Check the workspace in settings.",
    ]);
  });

  it('says the browser has not granted access instead of asking the service', async () => {
    const { deps, client } = setup({ permitted: false });
    await showStatsFromMenu('http://127.0.0.1:8787/far', undefined, deps);
    expect(client.listLinks).not.toHaveBeenCalled();
    expect(await notifications()).toEqual([
      "Could not show the stats: The browser hasn't allowed Shortlink to contact your service. Open settings and press Save, then allow access.",
    ]);
  });

  it('words a network failure', async () => {
    const { deps, client } = setup();
    client.listLinks.mockRejectedValue(new NetworkError('http://127.0.0.1:8787', new TypeError('Failed to fetch')));
    await showStatsFromMenu('http://127.0.0.1:8787/far', undefined, deps);
    expect(await notifications()).toEqual([
      'Could not show the stats: Could not reach the service. Check your connection and the API base URL in settings.',
    ]);
  });

  it('a switch to another profile during the lookup: the link found under the first is not shown under the second', async () => {
    const { deps, opened, client } = setup({ conn: { ...CONNECTED, profileId: 'a' }, links: [linkRecord({ _id: 'lnk_x', shortUrl: 'http://127.0.0.1:8787/far' })] });
    let active: Connection = { ...CONNECTED, profileId: 'a' };
    deps.getConnection = async () => active;
    const answer = client.listLinks.getMockImplementation();
    client.listLinks.mockImplementation(async (...args) => {
      // The user chooses profile B while A's service is being asked.
      active = { baseUrl: 'http://b.test/api', token: 'tok_b', workspaceId: 'beta', profileId: 'b' };
      return (answer as NonNullable<typeof answer>)(...args);
    });
    await showStatsFromMenu('http://127.0.0.1:8787/far', undefined, deps);
    expect(opened[0]?.shown).toEqual([]);
    expect(await notifications()).toEqual([
      'Could not show the stats: You switched profile while http://127.0.0.1:8787/far was being looked up. Use “Show stats” again.',
    ]);
  });

  it('tells an unconnected user to connect', async () => {
    const { deps, opened } = setup({ conn: { ...SETTINGS_DEFAULTS.connection } });
    await showStatsFromMenu('http://127.0.0.1:8787/far', undefined, deps);
    expect(opened[0]?.shown).toEqual([]);
    expect(await notifications()).toEqual(['Could not show the stats: Connect the extension to your link-shortening service first.']);
  });
});

describe('the menu item and its patterns', () => {
  function menus() {
    const update = vi.spyOn(fakeBrowser.contextMenus, 'update');
    const create = vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => STATS_MENU_ID);
    return { update, create };
  }

  it('is made hidden when not connected', async () => {
    const { update, create } = menus();
    update.mockRejectedValue(new Error('Cannot find menu item with id shortlink-show-stats'));
    const { deps } = setup({ conn: { ...SETTINGS_DEFAULTS.connection } });
    await createStatsMenu(deps).refresh();
    expect(create).toHaveBeenCalledWith({ id: STATS_MENU_ID, title: 'Show stats', contexts: ['link'], visible: false });
  });

  it('matches the short domain, the known links\' hosts and the set-up custom domains', async () => {
    const { update } = menus();
    update.mockResolvedValue(undefined);
    const unproven = { ...domainRecord(), _id: 'dom_2', domain: 'pending.example.com', domainSetupped: false };
    const { deps, client } = setup({ known: [cached('lnk_1', 'https://sho.rt/kw')], domains: [domainRecord(), unproven] });
    const menu = createStatsMenu(deps);
    await menu.refresh();
    expect(update).toHaveBeenLastCalledWith(STATS_MENU_ID, {
      visible: true,
      targetUrlPatterns: ['*://127.0.0.1/*', '*://go.example.com/*', '*://sho.rt/*'],
    });
    // Domains are asked for once per connection, and again only when asked to.
    await menu.refresh();
    expect(client.listDomains).toHaveBeenCalledTimes(1);
    await menu.refresh({ domains: true });
    expect(client.listDomains).toHaveBeenCalledTimes(2);
  });

  it('a worker woken again reads the domains from storage, with no request', async () => {
    const { update } = menus();
    update.mockResolvedValue(undefined);
    const { deps, client } = setup({ domains: [domainRecord()] });
    await createStatsMenu(deps).refresh();
    // A new worker life: a new menu object over the same storage.
    await createStatsMenu(deps).refresh();
    expect(client.listDomains).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenLastCalledWith(STATS_MENU_ID, { visible: true, targetUrlPatterns: ['*://127.0.0.1/*', '*://go.example.com/*'] });
    // Another workspace is another set of domains.
    const other = setup({ conn: { ...CONNECTED, workspaceId: 'other' }, domains: [] });
    await createStatsMenu(other.deps).refresh();
    expect(other.client.listDomains).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenLastCalledWith(STATS_MENU_ID, { visible: true, targetUrlPatterns: ['*://127.0.0.1/*'] });
  });

  it('ensure() leaves an existing item alone and makes a lost one', async () => {
    const { update, create } = menus();
    update.mockResolvedValue(undefined);
    const { deps, client } = setup({ domains: [domainRecord()] });
    await createStatsMenu(deps).ensure();
    expect(update).toHaveBeenCalledWith(STATS_MENU_ID, {});
    expect(client.listDomains).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
    update.mockRejectedValue(new Error('Cannot find menu item with id shortlink-show-stats'));
    await createStatsMenu(deps).ensure();
    expect(create).toHaveBeenCalledWith({
      id: STATS_MENU_ID,
      title: 'Show stats',
      contexts: ['link'],
      visible: true,
      targetUrlPatterns: ['*://127.0.0.1/*', '*://go.example.com/*'],
    });
  });

  it('without the browser\'s grant asks nothing and keeps the domains known before', async () => {
    const { update } = menus();
    update.mockResolvedValue(undefined);
    await createStatsMenu(setup({ domains: [domainRecord()] }).deps).refresh();
    const refused = setup({ domains: [], permitted: false });
    await createStatsMenu(refused.deps).refresh({ domains: true });
    expect(refused.client.listDomains).not.toHaveBeenCalled();
    expect(update).toHaveBeenLastCalledWith(STATS_MENU_ID, { visible: true, targetUrlPatterns: ['*://127.0.0.1/*', '*://go.example.com/*'] });
  });

  it('keeps the domains known before when the service cannot be reached', async () => {
    const { update } = menus();
    update.mockResolvedValue(undefined);
    const { deps, client } = setup({ domains: [domainRecord()] });
    const menu = createStatsMenu(deps);
    await menu.refresh();
    client.listDomains.mockRejectedValue(new Error('offline'));
    await menu.refresh({ domains: true });
    expect(update).toHaveBeenLastCalledWith(STATS_MENU_ID, { visible: true, targetUrlPatterns: ['*://127.0.0.1/*', '*://go.example.com/*'] });
  });
});
