/**
 * "Show stats" on a link's context menu, for our short links only: the click
 * opens the panel at once (it needs the user's gesture, so before any await),
 * then learns which link it is (stats-link.ts) and points the panel at it. A
 * link the workspace does not have is said in a notification.
 *
 * The menu's patterns (short-link-patterns.ts) follow the connection, the
 * links the cache learns, and the workspace's custom domains.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { ApiClient } from '../../api/client';
import { ApiError, toErrorInfo } from '../../api/errors';
import { describeError, NO_HOST_PERMISSION } from '../../i18n/describe-error';
import { t } from '../../i18n/catalogue';
import type { CachedLink, KnownOptions, LinkScope } from '../../storage/links';
import { beginStats, type StatsOpening, type TabRef } from '../../browser/open-stats';
import { connectionItem, isConfigured, type Connection } from '../../storage/settings';
import { STATS_MENU_DOMAINS_KEY } from '../../storage/keys';
import { notify } from '../notify';
import { STATS_MENU_ID, statsItem } from './menu-items';
import type { Reach } from '../reach-service';
import { shortLinkPatterns } from './short-link-patterns';
import { findStatsLink } from './stats-link';


/** Custom domains read per refresh of the connection: 5 pages of 100. */
const DOMAIN_PAGES = 5;

export interface StatsMenuDeps {
  getConnection(): Promise<Connection>;
  cache: {
    known(scope: LinkScope, opts?: KnownOptions): Promise<CachedLink[]>;
    watchRecent(scope: LinkScope, cb: () => void): () => void;
  };
  /** `conn` with a client bound to it, or why not (reach-service.ts). */
  reach(conn: Connection): Promise<Reach>;
  /** Opens the panel within the gesture (lib/browser/open-stats.ts); replaced in tests. */
  begin?: (tab?: TabRef) => StatsOpening;
  onError(error: unknown): void;
}

function scopeOf(conn: Connection): LinkScope | null {
  return isConfigured(conn) ? { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId } : null;
}

function sameProfile(a: Connection, b: Connection): boolean {
  return a.profileId === b.profileId && a.baseUrl === b.baseUrl && a.workspaceId === b.workspaceId;
}

async function failed(error: unknown): Promise<void> {
  const text = describeError(toErrorInfo(error));
  await notify(`shortlink-stats-${Date.now()}`, 'notifyStatsErrorTitle', `${text.what} ${text.todo}`);
}

/**
 * The click: call synchronously from the menu's listener. Resolves once the
 * panel shows the link, or the user was told why not.
 */
export function showStatsFromMenu(linkUrl: string, tab: TabRef | undefined, deps: StatsMenuDeps): Promise<void> {
  const opening = (deps.begin ?? beginStats)(tab);
  return (async () => {
    const conn = await deps.getConnection();
    const scope = scopeOf(conn);
    if (scope === null) {
      await notify(`shortlink-stats-${Date.now()}`, 'notifyStatsErrorTitle', t('notConfigured'));
      return;
    }
    let linkId: string | null;
    try {
      linkId = await findStatsLink(linkUrl, scope, {
        known: (s) => deps.cache.known(s),
        client: () => reachableClient(conn, deps),
      });
    } catch (error) {
      await failed(error);
      return;
    }
    if (linkId === null) {
      await notify(`shortlink-stats-${Date.now()}`, 'notifyStatsErrorTitle', t('statsLinkNotFound', linkUrl));
      return;
    }
    // The panel asks the profile active when it shows: a link found under the profile the click began
    // under is not shown once another is chosen, or its id would be asked of the other profile's service.
    if (!sameProfile(conn, await deps.getConnection())) {
      await notify(`shortlink-stats-${Date.now()}`, 'notifyStatsErrorTitle', t('statsProfileChanged', linkUrl));
      return;
    }
    await opening.show(linkId);
  })();
}

/** Throws what the browser or the service refused: the caller keeps what it knew. Called for a configured `conn` only. */
async function reachableClient(conn: Connection, deps: StatsMenuDeps): Promise<Pick<ApiClient, 'listLinks' | 'listDomains'>> {
  const reach = await deps.reach(conn);
  // Without the grant every request fails like a network error; say what is wrong instead.
  if ('refused' in reach) throw new ApiError('network', 'The browser has not granted access to the service.', { code: NO_HOST_PERMISSION });
  return reach.client;
}

/** The workspace's set-up custom domains. */
async function customDomains(conn: Connection, deps: StatsMenuDeps): Promise<string[]> {
  const client = await reachableClient(conn, deps);
  const domains: string[] = [];
  let cursor = 0;
  for (let page = 0; page < DOMAIN_PAGES; page += 1) {
    const answer = await client.listDomains({ workspaceId: conn.workspaceId, pageSize: 100, cursor });
    for (const d of answer.list) if (d.domainSetupped && !d.deleteDomain) domains.push(d.domain);
    if (!answer.pageInfo.hasNext || answer.list.length === 0 || answer.pageInfo.cursor <= cursor) break;
    cursor = answer.pageInfo.cursor;
  }
  return domains;
}

export interface StatsMenu {
  /** Makes the menu item or brings its patterns up to date; `domains` asks the service for custom domains again. */
  refresh(opts?: { domains?: boolean }): Promise<void>;
  /** Makes the item only when the browser lost it (Firefox keeps no menus across restarts); no request otherwise. */
  ensure(): Promise<void>;
  /** The click, when it is on "Show stats" (true); false for any other item. Call synchronously from the menu's listener. */
  click(info: { menuItemId: string | number; linkUrl?: string }, tab: { id?: number; windowId?: number } | undefined): boolean;
}

/**
 * The custom domains last read, kept in storage: the worker stops after 30 s
 * idle, and reading them again at every wake would cost a request each time.
 */
interface StoredDomains {
  key: string;
  list: string[];
}

export function createStatsMenu(deps: StatsMenuDeps): StatsMenu {
  // One refresh at a time, in order: a create racing an update would fail on the duplicate id.
  let chain: Promise<void> = Promise.resolve();

  async function domainsFor(conn: Connection, key: string, fresh: boolean): Promise<string[]> {
    const stored = await storage.getItem<StoredDomains>(STATS_MENU_DOMAINS_KEY);
    const known = stored?.key === key ? stored.list : null;
    if (known !== null && !fresh) return known;
    try {
      const list = await customDomains(conn, deps);
      await storage.setItem<StoredDomains>(STATS_MENU_DOMAINS_KEY, { key, list });
      return list;
    } catch {
      // A service that cannot be reached keeps the domains known before.
      return known ?? [];
    }
  }

  async function apply(opts: { domains?: boolean }): Promise<void> {
    const conn = await deps.getConnection();
    const scope = scopeOf(conn);
    let patterns: string[] = [];
    if (scope !== null) {
      const [domains, known] = await Promise.all([
        domainsFor(conn, `${scope.workspaceId}@${scope.baseUrl}`, opts.domains === true),
        // Run after every write of the cache: the links written are enough, and waiting would hurry the next write.
        deps.cache.known(scope, { waitForWrites: false }),
      ]);
      patterns = shortLinkPatterns({ baseUrl: conn.baseUrl, shortUrls: known.map((l) => l.shortUrl), customDomains: domains });
    }
    // Hidden when not connected: an empty pattern list is not "nothing" everywhere.
    const shape = patterns.length > 0 ? { visible: true, targetUrlPatterns: patterns } : { visible: false };
    try {
      await browser.contextMenus.update(STATS_MENU_ID, shape);
    } catch {
      // Not made yet (first start, or a browser that keeps no menus across restarts).
      await browser.contextMenus.create({ ...statsItem(), ...shape });
    }
  }

  function queued(work: () => Promise<void>): Promise<void> {
    const run = chain.then(work);
    chain = run.catch(deps.onError);
    return run;
  }

  return {
    refresh: (opts = {}) => queued(() => apply(opts)),
    ensure: () =>
      queued(async () => {
        // update() with no change fails only for an item that does not exist.
        await browser.contextMenus.update(STATS_MENU_ID, {}).catch(() => apply({}));
      }),
    click(info, tab) {
      if (info.menuItemId !== STATS_MENU_ID || typeof info.linkUrl !== 'string') return false;
      showStatsFromMenu(info.linkUrl, tab === undefined ? undefined : { id: tab.id, windowId: tab.windowId }, deps).catch(deps.onError);
      return true;
    },
  };
}

/** Call synchronously in the background's `main`. Returns the menu, for the install-time rebuild and the one click listener (./context-menu.ts). */
export function wireStatsMenu(deps: StatsMenuDeps): StatsMenu {
  const menu = createStatsMenu(deps);
  const quietly = (run: Promise<void>) => void run.catch(() => undefined);
  let unwatch: () => void = () => undefined;
  const follow = async () => {
    unwatch();
    const scope = scopeOf(await deps.getConnection());
    // A link made here may be on a short domain not seen before.
    unwatch = scope === null ? () => undefined : deps.cache.watchRecent(scope, () => quietly(menu.refresh()));
  };
  connectionItem.watch(() => {
    void follow().catch(deps.onError);
    quietly(menu.refresh({ domains: true }));
  });
  // Custom domains may have changed on the service since the last session.
  browser.runtime.onStartup.addListener(() => quietly(menu.refresh({ domains: true })));
  void follow().catch(deps.onError);
  quietly(menu.ensure());
  return menu;
}
