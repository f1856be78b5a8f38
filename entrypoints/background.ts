/**
 * The background's composition root: it builds the queue, the shortener and
 * the clipboard, and registers every listener synchronously in `main`, so an
 * event that wakes the worker finds its listener (WXT imports this file at
 * build time: nothing runs outside `main`).
 */
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createClipboard } from '@/lib/background/clipboard';
import { clientFor } from '@/lib/background/connection';
import { wireContextMenu } from '@/lib/background/context-menu';
import { createMessageListener } from '@/lib/background/dispatcher';
import { createHandlers, shortenChecked } from '@/lib/background/handlers';
import { onQueuedFailed, onQueuedLinkDone } from '@/lib/background/queue-outcomes';
import { wireQueue } from '@/lib/background/queue-wiring';
import { createSettingsMemo } from '@/lib/background/settings-memo';
import { createLinkCache } from '@/lib/links';
import { createQueueRunner } from '@/lib/queue';
import { createShortener, type Shortener } from '@/lib/shorten';

export default defineBackground(() => {
  const onError = (error: unknown) => console.error('shortlink background:', error);
  const clipboard = createClipboard();
  const settings = createSettingsMemo();
  // The background is the cache's only writer, so it may keep it in memory.
  const linkCache = createLinkCache({ memo: true });
  const getClient = async () => clientFor(await settings.getConnection(), settings.getConnection);

  // The queue and the shortener need each other: the shortener enqueues, and
  // a finished queued shorten updates the shortener's cache. The queue calls
  // onDone only from a replay, which starts below, after both exist.
  const queue = createQueueRunner({
    getClient,
    onDone: async (item, result) => {
      await shortener.onQueueDone(item, result);
      await onQueuedLinkDone(item, result, clipboard);
    },
    onFailed: (item, error) => onQueuedFailed(item, error),
  });
  const shortener: Shortener = createShortener({ getClient, queue, cache: linkCache, settings });

  const queueWiring = wireQueue(queue, onError);
  wireContextMenu({
    shorten: async (request) => shortenChecked(shortener, request, await settings.getConnection()),
    clipboard,
    wantsCopy: async () => (await settings.getPreferences()).copyToClipboard,
    onError,
  });

  const handlers = createHandlers({ settings, shortener, cache: linkCache, queue: queueWiring, clipboard });
  browser.runtime.onMessage.addListener(
    createMessageListener(handlers, {
      extensionId: browser.runtime.id,
      extensionOrigin: browser.runtime.getURL('/'),
      onError: (type, error) => onError(`${type}: ${error instanceof Error ? error.message : String(error)}`),
    }),
  );
});
