/**
 * The background's composition: it builds the queue, the shortener and the
 * clipboard, and registers every listener synchronously, so an event that
 * wakes the worker finds its listener. Call it from the background's `main`
 * (entrypoints/background.ts), nowhere else: it starts the queue's replays.
 */
import { browser } from 'wxt/browser';
import { createConversions } from '../conversions/record';
import { createQueueRunner } from '../queue/queue';
import { DEFAULT_RETENTION_MS } from '../queue/stale-outcome';
import { createRetentionMemo, retentionKey } from '../storage/idempotency-retention';
import { writeCachedAnalytics } from '../storage/analytics-cache';
import { createLinkCache, LINK_CACHE_WRITE_GAP_MS } from '../storage/links';
import { createLinkSetupMemo } from '../site-rules/link-setup';
import type { Connection } from '../storage/settings';
import { createTagListCache } from '../tags/list-cache';
import { wireAliasUpkeep } from './links/alias-upkeep';
import { createBulkHandlers, wireBulk } from './bulk/bulk';
import { createBulkKnown } from './bulk/bulk-known';
import { createCampaignHandlers } from './links/campaign-templates';
import { createClipboard, createClipboardHandlers } from './clipboard';
import { createConnectionHandlers, hasHostPermission } from './settings/connection';
import { createConversionHandlers } from './links/conversion-handlers';
import { wireContextMenu } from './menus/context-menu';
import { createMessageListener, type Handlers } from './dispatcher';
import { createDomainHandlers } from './links/domains';
import { createFinishedWork } from './queue/finished-work';
import { wireFirstRun } from './first-run';
import { createPopupHandlers, shortenChecked } from './handlers';
import { createElsewhere } from './links/elsewhere';
import { createLinkAnalytics } from './links/link-analytics';
import { createProfileClients } from './queue/profile-clients';
import { createProfileHandlers } from './settings/profiles';
import { createQueueOutcomes } from './queue/queue-outcomes';
import { createQueueHandlers, wireQueue } from './queue/queue-wiring';
import { knownShortUrls } from './queue/queue-short-urls';
import { reachService } from './reach-service';
import { createRecentLinks } from './links/recent-links';
import { createSettingsMemo } from './settings/settings-memo';
import { createShortener } from './links/shorten';
import { wireShortcutCommand } from './menus/shortcut-command';
import { wireStatsMenu } from './menus/stats-menu';
import { checkedTagList, createTagHandlers, listedTags } from './links/tags';
import { createWatchStore } from '../watch/watch-store';
import { wireWatch } from './watch/watch-wiring';
import { mayReachAnySite, watchSettingItem } from './watch/watch-setting';
import { tellBroken } from './watch/watch-notice';
import { createPageProblem } from './watch/page-problem';
import { readTabPage } from './watch/read-tab-page';

export function createBackground(): void {
  const onError = (error: unknown) => console.error('shortlink background:', error);
  const clipboard = createClipboard();
  const settings = createSettingsMemo();
  const getConnection = () => settings.getConnection();
  const getProfileConnection = (id: string) => settings.getProfileConnection(id);
  // Every request to the service goes through here: a client bound to the profile the work began under.
  const reach = async (conn?: Connection) =>
    reachService(conn ?? (await getConnection()), { hasHostPermission, readProfile: getProfileConnection });
  // The background is the cache's only writer, so it may keep it in memory.
  const linkCache = createLinkCache({ memo: true, writeGapMs: LINK_CACHE_WRITE_GAP_MS });
  // The last tag list of each workspace: offered offline, and what tells a tag the service sent from a typed one.
  const tagCache = createTagListCache(checkedTagList);
  const activeScope = async () => {
    const conn = await getConnection();
    return { baseUrl: conn.baseUrl, workspaceId: conn.workspaceId };
  };

  const recordFinished = createFinishedWork({ cache: linkCache, getConnection });
  const outcomes = createQueueOutcomes(clipboard);
  // Every operation runs in the queue, sent with the profile it was made under; the shortener only asks it to run one now.
  // What each profile's service says of how long it keeps idempotency answers: an old unknown outcome is looked up, not resent.
  const retention = createRetentionMemo();
  const queue = createQueueRunner({
    getClient: createProfileClients({
      getConnection,
      getProfileConnection,
      onRetention: (key, seconds) => void retention.record(key, seconds),
    }),
    retentionMs: async (profile) => (await retention.read(retentionKey(profile, profile === undefined ? (await getConnection()).baseUrl : undefined))) ?? DEFAULT_RETENTION_MS,
    onDone: async (item, result, ctx) => {
      await Promise.all([recordFinished(item, result), outcomes.onDone(item, result, ctx), bulk.onDone(item, result)]);
    },
    onFailed: async (item, error) => {
      await Promise.all([outcomes.onFailed(item, error), bulk.onFailed(item, error)]);
    },
    onPaused: () => bulk.onPaused(),
  });
  const linkSetup = createLinkSetupMemo();
  wireAliasUpkeep(linkCache, onError);
  const shortener = createShortener({
    runNow: queue.runNow,
    cache: linkCache,
    settings,
    listedTags: (scope) => listedTags(tagCache, scope),
    linkSetup: (conn) => linkSetup(conn.profileId),
  });

  const queueWiring = wireQueue(queue, onError, {
    onDiscard: (item) => bulk.onDiscard(item),
    shortUrls: (items) => knownShortUrls(items, linkCache, getConnection),
  });
  // The queue's callbacks above call it only once an item has been sent, long after this line ran.
  const bulk = wireBulk({
    queue,
    replay: () => queueWiring.replay(),
    cache: linkCache,
    getPreferences: () => settings.getPreferences(),
    listedTags: (scope) => listedTags(tagCache, scope),
    reach: () => reach(),
    linkSetup: (conn) => linkSetup(conn.profileId),
    onError,
  });
  // A batch the worker was stopped in the middle of goes on where it was.
  bulk.resume().catch(onError);
  const statsMenu = wireStatsMenu({ getConnection, cache: linkCache, reach, onError });
  // With the destination check on, a page that is itself broken is warned of before a link to it is made.
  const pageProblem = createPageProblem({
    watchOn: async () => (await watchSettingItem.getValue()) && (await mayReachAnySite()),
    readTab: readTabPage,
    fetch: (input, init) => fetch(input, init),
  });
  // The context menu's shorten items and the shorten-and-copy shortcut: no page of ours shows their link.
  const quick = {
    shorten: (request: Parameters<typeof shortener.shorten>[0]) => shortenChecked(shortener, request, reach),
    clipboard,
    wantsCopy: async () => (await settings.getPreferences()).copyToClipboard,
    // A page with a link already made is not warned of: the link is copied as ever. With the check off, nothing is read.
    pageProblem: async (url: string, tabId: number | undefined) => {
      if (!(await pageProblem.on())) return null;
      return (await linkCache.lookup(await activeScope(), url).catch(() => null)) === null ? pageProblem.of(url, tabId) : null;
    },
    onError,
  };
  // The editable field's items and the paste shortcut: the clipboard is also read, and the active profile's host refused.
  const fields = { shorten: quick.shorten, clipboard, getConnection };
  wireContextMenu({ ...quick, fields, stats: statsMenu });
  wireFirstRun(onError);
  wireShortcutCommand({ ...quick, paste: fields });

  // The destination watch: its alarms' listener is registered here, before any alarm can wake the worker.
  const watch = wireWatch({
    alarms: browser.alarms,
    reach: () => reach(),
    store: createWatchStore(),
    enabled: watchSettingItem,
    mayReachAnySite,
    fetch: (input, init) => fetch(input, init),
    clock: { now: Date.now, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) },
    tell: (record) => tellBroken(record, linkCache, activeScope),
    onError,
  });

  const handlers: Handlers = {
    ...createPopupHandlers({
      settings,
      shortener,
      cache: linkCache,
      queue: queueWiring,
      reach,
      elsewhere: createElsewhere({
        profiles: () => settings.getProfileSet(),
        cache: linkCache,
        getPreferences: () => settings.getPreferences(),
        linkSetup: (conn) => linkSetup(conn.profileId),
      }),
      pageProblem,
    }),
    ...createConnectionHandlers(settings, async () => listedTags(tagCache, await activeScope())),
    ...createQueueHandlers(queueWiring),
    ...createClipboardHandlers(clipboard),
    ...createConversionHandlers({ conversions: createConversions({ runNow: queue.runNow, settings }), reach }),
    ...createLinkAnalytics({ reach, writeCache: writeCachedAnalytics, cache: linkCache, now: Date.now }),
    ...createProfileHandlers({
      queue,
      onChanged: async () => {
        settings.invalidate();
        // A token the service refused may just have been fixed.
        await queueWiring.resumeAfterAuthFix();
      },
    }),
    ...createDomainHandlers({ reach, getPreferences: () => settings.getPreferences() }),
    ...createTagHandlers({
      reach,
      runNow: queue.runNow,
      knownLinks: async () => linkCache.known(await activeScope()),
      tagCache,
    }),
    ...createRecentLinks({ reach, runNow: queue.runNow, queued: () => queue.list(), cache: linkCache }),
    ...createBulkHandlers(bulk),
    bulkKnown: createBulkKnown({
      reach: () => reach(),
      cache: linkCache,
      profiles: () => settings.getProfileSet(),
      getPreferences: () => settings.getPreferences(),
      linkSetup: (conn) => linkSetup(conn.profileId),
      online: () => navigator.onLine,
    }),
    ...createCampaignHandlers({ getConnection, getPreferences: () => settings.getPreferences(), linkSetup }),
    ...watch,
  };
  browser.runtime.onMessage.addListener(
    createMessageListener(handlers, {
      extensionId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL('/'),
      onError: (type, error) => onError(`${type}: ${error instanceof Error ? error.message : String(error)}`),
    }),
  );
}
