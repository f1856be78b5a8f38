/**
 * The keys are what is on disk in every user's browser: a renamed key reads
 * as an empty store and loses their profiles, links and queue. These pin the
 * names, and read data as it lies on disk through the modules that own it.
 */
import { createStore, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  ANALYTICS_DB,
  BULK_DB,
  BULK_INPUT_KEY,
  BULK_STATUS_KEY,
  analyticsKey,
  cacheKeyOf,
  CONNECTION_KEY,
  LINK_RECORD_HINT_KEY,
  linkCacheKey,
  LINK_SETUP_KEY,
  localName,
  PREFERENCES_KEY,
  QUEUE_DB,
  QUEUE_SIZE_KEY,
  QUEUE_STATUS_KEY,
  STATS_MENU_DOMAINS_KEY,
  TAG_LISTS_KEY,
  tagListKey,
  THEME_HINT_KEY,
} from '../../../lib/storage/keys';
import { getConnection, getPreferences } from '../../../lib/storage/settings';
import { createLinkCache } from '../../../lib/storage/links';
import { readCachedAnalytics } from '../../../lib/storage/analytics-cache';
import { queueStatusItem } from '../../../lib/queue/status';
import { createTagListCache } from '../../../lib/tags/list-cache';

const scope = { baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' };

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the names on disk', () => {
  it.each([
    [CONNECTION_KEY, 'local:connection'],
    [PREFERENCES_KEY, 'local:preferences'],
    [QUEUE_SIZE_KEY, 'local:queueSize'],
    [QUEUE_STATUS_KEY, 'local:queueStatus'],
    [TAG_LISTS_KEY, 'local:tagLists'],
    [STATS_MENU_DOMAINS_KEY, 'local:statsMenuDomains'],
    [LINK_SETUP_KEY, 'local:linkSetup'],
    [BULK_STATUS_KEY, 'local:bulkStatus'],
    [BULK_INPUT_KEY, 'session:bulkInput'],
    [THEME_HINT_KEY, 'shortlink:theme'],
    [LINK_RECORD_HINT_KEY, 'shortlink:links-key'],
  ])('%s', (key, onDisk) => {
    expect(key).toBe(onDisk);
  });

  it('per scope: the service address without trailing slashes or spaces, and the workspace', () => {
    for (const baseUrl of [scope.baseUrl, ` ${scope.baseUrl}// `]) {
      expect(linkCacheKey({ ...scope, baseUrl })).toBe('local:links:demo@http://127.0.0.1:8787/api');
      expect(analyticsKey({ ...scope, baseUrl }, 'lnk_1')).toBe('["http://127.0.0.1:8787/api","demo","lnk_1"]');
    }
    expect(tagListKey(scope)).toBe('http://127.0.0.1:8787/api demo');
    expect(QUEUE_DB).toEqual({ name: 'shortlink-queue', store: 'items' });
    expect(ANALYTICS_DB).toEqual({ name: 'shortlink-analytics', store: 'answers' });
    expect(BULK_DB).toEqual({ name: 'shortlink-bulk', store: 'batch' });
  });

  it.each([
    ['HTTP://A.com', 'http://a.com/'],
    [' https://a.com/x?y=1#z ', 'https://a.com/x?y=1#z'],
    ['not a url ', 'not a url'],
  ])('a URL %j is found in a record under %j', (url, key) => {
    expect(cacheKeyOf(url)).toBe(key);
  });

  it("storage.local's own name is the WXT key without its area", () => {
    expect(localName(CONNECTION_KEY)).toBe('connection');
    expect(localName(linkCacheKey(scope))).toBe('links:demo@http://127.0.0.1:8787/api');
  });
});

describe('data an earlier version left is read', () => {
  it('settings: a single connection (version 1) and partial preferences', async () => {
    await fakeBrowser.storage.local.set({
      connection: { baseUrl: scope.baseUrl, token: 'tok', workspaceId: 'demo' },
      preferences: { theme: 'dark', copyToClipboard: false },
    });
    expect(await getConnection()).toMatchObject({ baseUrl: scope.baseUrl, token: 'tok', workspaceId: 'demo' });
    expect(await getPreferences()).toMatchObject({ theme: 'dark', copyToClipboard: false, autoShorten: true });
  });

  it('caches: links, tag lists, analytics answers and the queue summary', async () => {
    const link = { shortUrl: 'http://s.test/k', linkId: 'lnk_1', createdDate: '2026-01-01T00:00:00.000Z', workspaceId: 'demo', longUrl: 'https://a.com/' };
    await fakeBrowser.storage.local.set({
      'links:demo@http://127.0.0.1:8787/api': { v: 1, byUrl: { 'https://a.com/': link }, recent: [link] },
      tagLists: { 'http://127.0.0.1:8787/api demo': { tags: ['news'], at: 5 } },
      queueStatus: { pending: 2, paused: 0, failed: 1, nextAttemptAt: null, changedAt: 9 },
    });
    await set('["http://127.0.0.1:8787/api","demo","lnk_1"]', { v: 1, data: { clicks: 3 }, fetchedAt: 7 }, createStore('shortlink-analytics', 'answers'));

    expect(await createLinkCache().lookup(scope, 'https://A.com')).toEqual(link);
    expect(await createTagListCache((tags) => [...tags]).read(scope)).toEqual({ tags: ['news'], at: 5 });
    expect(await readCachedAnalytics(scope, 'lnk_1')).toEqual({ data: { clicks: 3 }, fetchedAt: 7 });
    expect(await queueStatusItem.getValue()).toMatchObject({ pending: 2, failed: 1 });
  });
});
