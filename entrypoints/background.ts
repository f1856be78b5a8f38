/**
 * The background's composition root: it builds the queue, the shortener and
 * the clipboard, and registers every listener synchronously in `main`, so an
 * event that wakes the worker finds its listener (WXT imports this file at
 * build time: nothing runs outside `main`).
 */
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createClipboard } from '@/lib/background/clipboard';
import { writeCachedAnalytics } from '@/lib/storage/analytics-cache';
import { clientFor, hasHostPermission } from '@/lib/background/connection';
import { wireContextMenu } from '@/lib/background/context-menu';
import { createMessageListener } from '@/lib/background/dispatcher';
import { createDomainHandlers } from '@/lib/background/domains';
import { createHandlers, shortenChecked } from '@/lib/background/handlers';
import { createLinkAnalytics } from '@/lib/background/link-analytics';
import { createProfileClients } from '@/lib/background/profile-clients';
import { createProfileHandlers } from '@/lib/background/profiles';
import { onQueuedFailed, onQueuedLinkDone } from '@/lib/background/queue-outcomes';
import { wireQueue } from '@/lib/background/queue-wiring';
import { createSettingsMemo } from '@/lib/background/settings-memo';
import { checkedTagList, createTagHandlers } from '@/lib/background/tags';
import { createTagListCache } from '@/lib/tags/list-cache';
import { wireShortcutCommand } from '@/lib/background/shortcut-command';
import { wireStatsMenu } from '@/lib/background/stats-menu';
import { createRecentLinks } from '@/lib/background/recent-links';
import { createConversions } from '@/lib/conversions/record';
import { createFinishedWork } from '@/lib/background/finished-work';
import { createLinkCache } from '@/lib/storage/links';
import { createQueueRunner } from '@/lib/queue/queue';
import { createShortener } from '@/lib/background/shorten';

export default defineBackground(() => {
  const onError = (error: unknown) => console.error('shortlink background:', error);
  const clipboard = createClipboard();
  const settings = createSettingsMemo();
  // The background is the cache's only writer, so it may keep it in memory.
  const linkCache = createLinkCache({ memo: true });
  const getClient = async () => clientFor(await settings.getConnection(), settings.getConnection);
  // Queued work is sent with the profile it was made under, whichever is active now.
  const getQueueClient = createProfileClients({
    getConnection: () => settings.getConnection(),
    getProfileConnection: (id) => settings.getProfileConnection(id),
  });

  const recordFinished = createFinishedWork({ cache: linkCache, getConnection: () => settings.getConnection() });
  // Every operation runs in the queue; the shortener only asks it to run one now.
  const queue = createQueueRunner({
    getClient: getQueueClient,
    onDone: async (item, result, ctx) => {
      await Promise.all([recordFinished(item, result), onQueuedLinkDone(item, result, ctx, clipboard)]);
    },
    onFailed: (item, error) => onQueuedFailed(item, error),
  });
  const shortener = createShortener({ runNow: queue.runNow, cache: linkCache, settings });

  const queueWiring = wireQueue(queue, onError);
  const statsMenu = wireStatsMenu({ getConnection: () => settings.getConnection(), cache: linkCache, getClient, onError });
  // The context menu's shorten items and the shorten-and-copy shortcut: no page of ours shows their link.
  const quick = {
    shorten: async (request: Parameters<typeof shortener.shorten>[0]) => shortenChecked(shortener, request, await settings.getConnection()),
    clipboard,
    wantsCopy: async () => (await settings.getPreferences()).copyToClipboard,
    onError,
  };
  wireContextMenu({ ...quick, remakeOthers: () => statsMenu.refresh() });
  wireShortcutCommand(quick);

  const conversions = createConversions({ runNow: queue.runNow, settings });
  const sidePanel = createLinkAnalytics({
    getConnection: () => settings.getConnection(),
    clientFor: (conn) => clientFor(conn, settings.getConnection),
    hasHostPermission,
    writeCache: writeCachedAnalytics,
    now: Date.now,
  });
  const profiles = createProfileHandlers({
    queue,
    onChanged: async () => {
      settings.invalidate();
      // A token the service refused may just have been fixed.
      await queueWiring.resumeAfterAuthFix();
    },
  });
  const domains = createDomainHandlers({
    getConnection: () => settings.getConnection(),
    getPreferences: () => settings.getPreferences(),
    clientFor: (conn) => clientFor(conn, settings.getConnection),
    hasHostPermission,
  });
  const tags = createTagHandlers({
    getConnection: () => settings.getConnection(),
    clientFor: (conn) => clientFor(conn, settings.getConnection),
    hasHostPermission,
    runNow: queue.runNow,
    knownLinks: async () => {
      const conn = await settings.getConnection();
      return linkCache.known({ baseUrl: conn.baseUrl, workspaceId: conn.workspaceId });
    },
    tagCache: createTagListCache(checkedTagList),
  });
  const replacing = async () => {
    const conn = await settings.getConnection();
    return { client: clientFor(conn, settings.getConnection), cache: linkCache, scope: { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId } };
  };
  const recentLinks = createRecentLinks({
    getConnection: () => settings.getConnection(),
    clientFor: (conn) => clientFor(conn, settings.getConnection),
    hasHostPermission,
    runNow: queue.runNow,
    queued: () => queue.list(),
    cache: linkCache,
  });
  const handlers = createHandlers({
    settings,
    shortener,
    cache: linkCache,
    queue: queueWiring,
    clipboard,
    conversions,
    sidePanel,
    domains,
    tags,
    replacing,
    recentLinks,
    profiles,
  });
  browser.runtime.onMessage.addListener(
    createMessageListener(handlers, {
      extensionId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL('/'),
      onError: (type, error) => onError(`${type}: ${error instanceof Error ? error.message : String(error)}`),
    }),
  );
});
