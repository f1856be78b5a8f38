/**
 * One pending request per page and profile: a shorten asking what a queued
 * or in-flight item already asks joins that item (its state, then its link),
 * under its one idempotency key; a different request, or one after a refusal,
 * makes its own.
 */
import { describe, expect, it } from 'vitest';
import { createFinishedWork } from '../../../lib/background/queue/finished-work';
import { createShortener, type ShortenOutcome } from '../../../lib/background/links/shorten';
import { createQueueRunner } from '../../../lib/queue/queue';
import { createLinkCache } from '../../../lib/storage/links';
import { getConnection, getPreferences, saveConnection } from '../../../lib/storage/settings';
import { json } from '../fixtures/fake-fetch';
import { fakeService, status, truncated } from '../fixtures/fake-service';
import { BASE_URL, TOKEN, WORKSPACE, createLinkData } from '../fixtures/wire';
import { T0, store, useEmptyQueue } from './queue-setup';

useEmptyQueue();

async function setup() {
  expect((await saveConnection({ baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE })).ok).toBe(true);
  const service = fakeService();
  const cache = createLinkCache();
  const clock = { t: T0 };
  let keys = 0;
  const recordFinished = createFinishedWork({ cache, getConnection });
  const done: string[] = [];
  const queue = createQueueRunner({
    getClient: () => service.client,
    now: () => clock.t,
    random: () => 0.5,
    locks: null,
    store,
    probeDelaysMs: [],
    onDone: async (item, result, ctx) => {
      done.push(`${item.id} ${ctx.ranNow ? 'ran-now' : 'replayed'}`);
      await recordFinished(item, result);
    },
  });
  let asked = 0;
  // Counted, so a test knows when a shorten has reached the queue.
  const runNow: typeof queue.runNow = (...args) => {
    asked += 1;
    return queue.runNow(...args);
  };
  const shortener = createShortener({ runNow, cache, settings: { getConnection, getPreferences }, newKey: () => `key-${++keys}` });
  const keysSent = () => service.sent('POST', '/link').map((c) => c.headers['idempotency-key']);
  return { service, queue, shortener, clock, done, keysSent, asked: () => asked };
}

function queued(outcome: ShortenOutcome) {
  if (outcome.status !== 'queued') throw new Error(`expected queued, got ${JSON.stringify(outcome)}`);
  return outcome;
}

describe('a shorten of a page whose request waits in the queue', () => {
  it('after a garbled answer, asking again joins the waiting item: one item, one key, one link', async () => {
    const { service, queue, shortener, keysSent } = await setup();
    service.garbleNext('POST', '/link', truncated);
    const first = queued(await shortener.shorten({ url: 'https://example.com/a' }));
    expect(first.outcomeUnknown).toBe(true);

    // The popup opened again on the same page: the same item, said the same way, and nothing sent.
    const again = queued(await shortener.shorten({ url: 'https://example.com/a' }));
    expect(again).toEqual({ status: 'queued', itemId: first.itemId, outcomeUnknown: true });
    expect(await queue.list()).toHaveLength(1);
    expect(keysSent()).toEqual(['key-1']);

    // Its replay makes the link once; asked again after, the link comes from the cache.
    await queue.retryNow();
    expect(keysSent()).toEqual(['key-1', 'key-1']);
    expect(service.linkCount()).toBe(1);
    const third = await shortener.shorten({ url: 'https://example.com/a' });
    expect(third).toMatchObject({ status: 'done', fromCache: true, link: { linkId: 'lnk_1' } });
    expect(service.linkCount()).toBe(1);
  });

  it('joins an item that waits for an unreachable service, with the same options only', async () => {
    const { service, queue, shortener, keysSent } = await setup();
    service.fail('POST', '/link', status(503));
    const first = queued(await shortener.shorten({ url: 'https://example.com/a', tags: ['b', 'a'] }));
    expect(first.outcomeUnknown).toBeUndefined();
    // Tags in another order ask the same.
    expect(queued(await shortener.shorten({ url: 'https://example.com/a', tags: ['a', 'b'] })).itemId).toBe(first.itemId);
    // Other tags, another domain, a keyword: other requests, other items.
    service.fail('POST', '/link', status(503), 3);
    const others = [
      await shortener.shorten({ url: 'https://example.com/a', tags: ['c'] }),
      await shortener.shorten({ url: 'https://example.com/a', tags: ['a', 'b'], customDomain: 'go.example.com' }),
      await shortener.shorten({ url: 'https://example.com/a', tags: ['a', 'b'], keywordType: 'CUSTOM', keyword: 'promo' }),
    ].map((o) => queued(o).itemId);
    expect(new Set([first.itemId, ...others]).size).toBe(4);
    expect(await queue.list()).toHaveLength(4);
    expect(keysSent()).toEqual(['key-1', 'key-3', 'key-4', 'key-5']);
  });

  it('a request made while the same one is being sent gets that send\'s link: one request', async () => {
    const { service, queue, shortener, done, keysSent, asked } = await setup();
    let release: (r: Response) => void = () => undefined;
    service.fail('POST', '/link', () => new Promise<Response>((resolve) => (release = resolve)));
    const first = shortener.shorten({ url: 'https://example.com/a' });
    await expect.poll(() => keysSent()).toEqual(['key-1']);
    const second = shortener.shorten({ url: 'https://example.com/a' });
    // The second request has reached the queue (and looked for the first) before the first one ends.
    await expect.poll(() => asked()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release(json({ status: true, data: createLinkData({ linkId: 'lnk_9', shortUrl: 'http://127.0.0.1:8787/nine' }) }));
    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatchObject({ status: 'done', link: { linkId: 'lnk_9' } });
    expect(b).toMatchObject({ status: 'done', link: { linkId: 'lnk_9' } });
    await queue.settled();
    expect(keysSent()).toEqual(['key-1']);
    expect(done).toHaveLength(1);
    expect(await queue.list()).toEqual([]);
  });

  it('two requests made at the same moment make one item', async () => {
    const { service, queue, shortener, keysSent } = await setup();
    service.fail('POST', '/link', status(503));
    const request = { url: 'https://example.com/a', tags: ['x'] };
    const [a, b] = await Promise.all([shortener.shorten(request), shortener.shorten(request)]);
    expect(queued(a!).itemId).toBe(queued(b!).itemId);
    expect(await queue.list()).toHaveLength(1);
    expect(keysSent()).toEqual(['key-1']);
  });

  it('a refused item is not joined: asking again is a new request', async () => {
    const { service, queue, shortener, keysSent } = await setup();
    service.fail('POST', '/link', status(503));
    queued(await shortener.shorten({ url: 'https://example.com/a', tags: ['x'] }));
    // Its replay is refused: it waits in the failed list, for the user.
    service.fail('POST', '/link', status(400, 'BAD_URL'));
    await queue.retryNow();
    expect(await queue.list()).toMatchObject([{ state: 'failed' }]);
    const outcome = await shortener.shorten({ url: 'https://example.com/a', tags: ['x'] });
    expect(outcome).toMatchObject({ status: 'done' });
    expect(keysSent()).toEqual(['key-1', 'key-1', 'key-2']);
    expect(service.linkCount()).toBe(1);
  });
});
