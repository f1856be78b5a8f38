/**
 * Many queued links at once, for the queue's drain spec and bench: an empty
 * extension page in the harness's copy of the build to send messages from
 * (a real page would add its own requests), shortens sent from it while the
 * service is out of reach, the service's own count of the links made, and a
 * stop of the service worker.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Harness } from './fixture';

const MESSAGE_PAGE = 'queue-load.html';

/** For `HarnessOptions.prepareExtension`: the page exists only in the harness's copy, never in the extension users install. */
export function addMessagePage(extensionDir: string): void {
  writeFileSync(join(extensionDir, MESSAGE_PAGE), '<!doctype html><html lang="en"><head><title>queue load</title></head><body></body></html>');
}

export function openMessagePage(h: Harness): Promise<Page> {
  return h.openPage(MESSAGE_PAGE);
}

interface Chrome {
  chrome: {
    runtime: { sendMessage(message: unknown): Promise<unknown> };
    storage: { local: { get(key: string): Promise<Record<string, unknown>> } };
  };
}

/**
 * Sends `shorten` for each URL from `page`, `parallel` at a time, as the
 * popup would; with the service down each answer must be "queued".
 */
export async function shortenAll(page: Page, urls: readonly string[], parallel = 8): Promise<void> {
  const answers = await page.evaluate(
    async ({ urls, parallel }) => {
      const chrome = (globalThis as unknown as Chrome).chrome;
      const out: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          while (next < urls.length) {
            const url = urls[next++]!;
            const reply = (await chrome.runtime.sendMessage({ type: 'shorten', data: { url } })) as { ok: boolean; value?: { status: string } };
            out.push(reply.ok ? (reply.value?.status ?? 'none') : 'refused');
          }
        }),
      );
      return out;
    },
    { urls, parallel },
  );
  const notQueued = answers.filter((a) => a !== 'queued');
  if (notQueued.length > 0) throw new Error(`expected every shorten to be queued, got ${notQueued.slice(0, 5).join(', ')}`);
}

/** Items waiting, as the badge counts them (`local:queueSize`), read from `page`. */
export async function waitingCount(page: Page): Promise<number> {
  return page.evaluate(async () => Number((await (globalThis as unknown as Chrome).chrome.storage.local.get('queueSize')).queueSize ?? 0));
}

/** Links the service stored whose destination starts with `prefix`: how many, and how many distinct destinations. */
export async function linksMade(h: Harness, prefix: string): Promise<{ total: number; distinct: number }> {
  const row = await h.service.ctx.db.get<{ total: number; distinct: number }>(
    'SELECT COUNT(*) AS total, COUNT(DISTINCT long_url) AS "distinct" FROM links WHERE long_url LIKE ?',
    [`${prefix}%`],
  );
  return { total: Number(row?.total ?? 0), distinct: Number(row?.distinct ?? 0) };
}

/** Stops the extension's service worker (CDP's ServiceWorker.stopAllWorkers from a page's session); an alarm or an event starts it again. */
export async function stopWorker(h: Harness, page: Page): Promise<void> {
  const cdp = await h.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}
