import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually, useExtension, type Harness } from './fixture';
import { addMessagePage, linksMade, openMessagePage, shortenAll, stopWorker, waitingCount } from './queue-load';

/** Polls the service until `check` holds for the links made under `prefix`, and returns their count then. */
async function madeUntil(h: Harness, prefix: string, check: (made: number) => boolean, what: string, timeoutMs: number) {
  return eventually(async () => {
    const made = await linksMade(h, prefix);
    return check(made.total) ? made : undefined;
  }, what, timeoutMs);
}

async function queueOffline(h: Harness, page: Page, prefix: string, count: number): Promise<void> {
  h.setServiceDown(true);
  await shortenAll(page, Array.from({ length: count }, (_, i) => `${prefix}${i}`));
  await eventually(async () => ((await waitingCount(page)) === count ? true : undefined), `${count} waiting`, 60_000);
  assert.equal((await linksMade(h, prefix)).total, 0, 'nothing reached the service');
}

describe('the offline queue drains a backlog', () => {
  const h = useExtension({ connect: true, prepareExtension: addMessagePage, createRateLimitPerMinute: 1_000_000 });

  it('500 links made offline are all made, exactly once, with the worker stopped twice during the drain', async () => {
    const page = await openMessagePage(h);
    const prefix = `${h.site.url}/drain-`;
    await queueOffline(h, page, prefix, 500);

    // A slower service, so the stops surely fall in the middle of the drain.
    h.setServiceDelay(30);
    h.resetRequests();
    // Back without an `online` event: the queue's probe finds it.
    h.setServiceDown(false);
    const first = await madeUntil(h, prefix, (n) => n >= 100, '100 links made', 60_000);
    // Several at once, never more than a browser's connections to one host (before a stop leaves requests behind).
    const most = h.mostAtOnce();
    await stopWorker(h, page);
    assert.ok(first.total < 500, `the first stop came during the drain (${first.total} made)`);
    const second = await madeUntil(h, prefix, (n) => n >= first.total + 150, '150 more links made', 60_000);
    await stopWorker(h, page);
    assert.ok(second.total < 500, `the second stop came during the drain (${second.total} made)`);

    // An alarm starts the worker again each time; the items it was sending go again under their keys.
    const made = await madeUntil(h, prefix, (n) => n >= 500, 'all 500 links made', 120_000);
    await eventually(async () => ((await waitingCount(page)) === 0 ? true : undefined), 'the queue to empty', 30_000);
    const after = await linksMade(h, prefix);
    assert.equal(after.distinct, 500, 'every link made');
    assert.equal(after.total, 500, 'none made twice');
    assert.equal(made.total, 500);
    assert.ok(most >= 3 && most <= 6, `items in flight at once: ${most}`);
    h.setServiceDelay(0);
    await page.close();
  });

  it('a service that answers 429 to every fifth request: every link made, once each', async () => {
    const page = await openMessagePage(h);
    const prefix = `${h.site.url}/limited-`;
    await queueOffline(h, page, prefix, 60);

    h.refuseEvery(5, '1');
    h.setServiceDown(false);
    await madeUntil(h, prefix, (n) => n >= 60, 'all 60 links made', 120_000);
    await eventually(async () => ((await waitingCount(page)) === 0 ? true : undefined), 'the queue to empty', 30_000);
    const refused = h.refused();
    h.refuseEvery(0);
    const made = await linksMade(h, prefix);
    assert.equal(made.distinct, 60, 'every link made');
    assert.equal(made.total, 60, 'none made twice');
    assert.ok(refused >= 10, `the proxy refused a fifth of the requests (${refused})`);
    await page.close();
  });
});
