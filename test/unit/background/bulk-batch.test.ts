import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBulkBatches, type BulkBatchDeps } from '../../../lib/background/bulk/bulk-batch';
import { createBulkHandlers } from '../../../lib/background/bulk/bulk';
import { wireQueue } from '../../../lib/background/queue/queue-wiring';
import { createQueueOutcomes } from '../../../lib/background/queue/queue-outcomes';
import { createFinishedWork } from '../../../lib/background/queue/finished-work';
import { reachService } from '../../../lib/background/reach-service';
import { createBulkStore } from '../../../lib/batch/batch-store';
import type { BulkBatch } from '../../../lib/batch/batch-types';
import { createQueueRunner, type QueueItemOf } from '../../../lib/queue/queue';
import { createQueueStore } from '../../../lib/queue/store';
import { createLinkCache, LINK_CACHE_WRITE_GAP_MS } from '../../../lib/storage/links';
import { getConnection, getPreferences, saveConnection, setPreferences } from '../../../lib/storage/settings';
import { useCatalogue } from '../fixtures/catalogue';
import { fakeService, status } from '../fixtures/fake-service';
import { BASE_URL, TOKEN, WORKSPACE } from '../fixtures/wire';

const queueStore = createQueueStore();
const scope = { baseUrl: BASE_URL, workspaceId: WORKSPACE };

beforeEach(async () => {
  vi.unstubAllGlobals();
  fakeBrowser.reset();
  useCatalogue();
  await queueStore.clear();
  await createBulkStore().clear();
});

/** The background's wiring in small: one queue, the link cache, and a batch module; `worker()` again is a restarted worker. */
async function setup(over: Partial<BulkBatchDeps> = {}) {
  await saveConnection({ baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE });
  const service = fakeService();
  // As the background makes it: links made close together are written together.
  const cache = createLinkCache({ writeGapMs: LINK_CACHE_WRITE_GAP_MS });
  const recordFinished = createFinishedWork({ cache, getConnection });
  const tellFinished = vi.fn(async (_batch: BulkBatch) => undefined);
  let ids = 0;
  function worker(opts: { hearsDone?: boolean } = {}) {
    const queue = createQueueRunner({
      getClient: () => service.client,
      random: () => 0.5,
      locks: null,
      store: queueStore,
      probeDelaysMs: [],
      sleep: async () => undefined,
      onDone: async (item, result) => {
        await recordFinished(item, result);
        // A worker stopped between the queue's removal of an item and the batch's write hears nothing.
        if (opts.hearsDone !== false) await bulk.onDone(item, result);
      },
      onFailed: async (item, error) => {
        await bulk.onFailed(item, error);
      },
      onPaused: () => bulk.onPaused(),
    });
    const replay = vi.fn((): Promise<unknown> => queue.replay());
    const bulk = createBulkBatches({
      queue,
      replay,
      cache,
      getPreferences,
      reach: async () => reachService(await getConnection(), { hasHostPermission: async () => true }),
      tellFinished,
      publish: async () => undefined,
      onError: (e) => {
        throw e;
      },
      newId: () => `id-${++ids}`,
      ...over,
    });
    return { queue, bulk, replay };
  }
  return { service, cache, tellFinished, worker };
}

const urls = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ url: `https://example.com/p${from + i}` }));

async function settled(bulk: ReturnType<typeof createBulkBatches>) {
  await vi.waitFor(async () => {
    const { batch } = await bulk.read(0);
    expect(batch?.state).not.toBe('running');
  });
  return bulk.read(0);
}

describe('a bulk batch', () => {
  it('queues every valid, distinct URL once under its own key, reuses cached links, and ends with one notification', async () => {
    const { service, cache, tellFinished, worker } = await setup();
    await cache.remember(scope, { shortUrl: 'http://127.0.0.1:8787/old', linkId: 'lnk_old', createdDate: '2026-11-01T00:00:00Z', workspaceId: WORKSPACE, longUrl: 'https://example.com/cached' });
    const { bulk, queue, replay } = worker();
    replay.mockImplementationOnce(async () => undefined);
    const answer = await bulk.start({
      entries: [
        { url: 'https://example.com/a', title: 'Page A' },
        { url: 'HTTPS://EXAMPLE.com/a' },
        { url: 'javascript:alert(1)' },
        { url: 'https://example.com/cached' },
        { url: `${BASE_URL.replace('/api', '')}/abc` },
        { url: 'https://example.com/b' },
      ],
      fresh: false,
    });
    expect(answer).toEqual({ status: 'done', id: 'id-1' });
    // Persisted before anything is sent: the batch and a queue item per waiting URL, with the batch's key.
    const { batch, items } = await bulk.read(0);
    expect(items.map((i) => [i.url, i.state, i.title])).toEqual([
      ['https://example.com/a', 'waiting', 'Page A'],
      ['https://example.com/cached', 'reused', undefined],
      ['https://example.com/b', 'waiting', undefined],
    ]);
    expect(items[1]?.shortUrl).toBe('http://127.0.0.1:8787/old');
    expect(batch?.counts).toEqual({ waiting: 2, made: 0, reused: 1, failed: 0, cancelled: 0 });
    const queued = (await queue.list()) as QueueItemOf<'create-link'>[];
    expect(queued.map((q) => [q.payload.body.longUrl, q.idempotencyKey, q.payload.batch, q.payload.copy, q.payload.notify])).toEqual([
      ['https://example.com/a', items[0]!.key, { id: 'id-1', index: 0 }, false, false],
      ['https://example.com/b', items[2]!.key, { id: 'id-1', index: 2 }, false, false],
    ]);
    expect(service.calls).toHaveLength(0);

    await queue.replay();
    const end = await settled(bulk);
    expect(end.batch?.state).toBe('done');
    expect(end.batch?.counts).toEqual({ waiting: 0, made: 2, reused: 1, failed: 0, cancelled: 0 });
    expect(end.items.map((i) => i.state)).toEqual(['made', 'reused', 'made']);
    expect(service.links().map((l) => l.longUrl)).toEqual(['https://example.com/a', 'https://example.com/b']);
    expect(tellFinished).toHaveBeenCalledTimes(1);
    expect(await cache.lookup(scope, 'https://example.com/b')).toMatchObject({ shortUrl: end.items[2]?.shortUrl });
  });

  it('writes the links it made to the link cache together, not one storage write per link', async () => {
    const { cache, worker } = await setup();
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    const { bulk } = worker();
    await bulk.start({ entries: urls(30), fresh: false });
    await settled(bulk);
    await vi.waitFor(async () => expect(await cache.lookup(scope, 'https://example.com/p29')).not.toBeNull());
    const cacheWrites = writes.mock.calls.filter(([items]) => Object.keys(items).some((key) => key.startsWith('links:')));
    expect(cacheWrites.length).toBeLessThanOrEqual(3);
    for (let i = 0; i < 30; i += 1) expect(await cache.lookup(scope, `https://example.com/p${i}`)).not.toBeNull();
  });

  it('makes new links for URLs already shortened when asked, with the batch domain and tags', async () => {
    const { service, cache, worker } = await setup();
    await setPreferences({ defaultTags: ['news'] });
    await cache.remember(scope, { shortUrl: 'http://127.0.0.1:8787/old', linkId: 'lnk_old', createdDate: '2026-11-01T00:00:00Z', workspaceId: WORKSPACE, longUrl: 'https://example.com/cached' });
    const { bulk } = worker();
    await bulk.start({ entries: [{ url: 'https://example.com/cached' }], fresh: true });
    const end = await settled(bulk);
    expect(end.items[0]?.state).toBe('made');
    expect(service.links()).toEqual([expect.objectContaining({ longUrl: 'https://example.com/cached', tags: ['news'] })]);
  });

  it('refuses a second batch while one runs, and bad tags before anything is kept', async () => {
    const { worker } = await setup();
    const { bulk, replay } = worker();
    replay.mockImplementation(async () => undefined);
    expect(await bulk.start({ entries: urls(2), fresh: false, tags: ['x'.repeat(51)] })).toMatchObject({ status: 'error', error: { code: 'INVALID_TAG' } });
    expect((await bulk.read(0)).batch).toBeNull();
    expect(await bulk.start({ entries: [{ url: 'javascript:x' }], fresh: false })).toMatchObject({ status: 'error', error: { code: 'BULK_NO_URLS' } });
    await bulk.start({ entries: urls(2), fresh: false });
    expect(await bulk.start({ entries: urls(2, 5), fresh: false })).toEqual({ status: 'busy' });
  });

  it('lists a refusal with its reason and never notifies per link; the rest go on, and Retry makes it under a fresh key', async () => {
    const { service, tellFinished, worker } = await setup();
    const { bulk, queue } = worker();
    service.fail('POST', '/link', status(400, 'INVALID_URL'));
    await bulk.start({ entries: urls(4), fresh: false });
    const end = await settled(bulk);
    expect(end.batch?.counts).toMatchObject({ made: 3, failed: 1, waiting: 0 });
    const failed = end.items.find((i) => i.state === 'failed')!;
    expect(failed.error).toMatchObject({ code: 'INVALID_URL', message: 'answer 400' });
    expect(tellFinished).toHaveBeenCalledTimes(1);
    const firstKey = failed.key;

    expect(await bulk.retry('id-1')).toEqual({ retried: 1 });
    const again = await settled(bulk);
    expect(again.batch?.counts).toMatchObject({ made: 4, failed: 0 });
    expect(again.items.find((i) => i.index === failed.index)?.key).not.toBe(firstKey);
    expect(service.linkCount()).toBe(4);
    expect(await queue.list()).toEqual([]);
    expect(tellFinished).toHaveBeenCalledTimes(2);
  });

  it('a worker stopped mid-batch: its next start queues again what the queue lost, under the same keys, and nothing is made twice', async () => {
    const { service, worker } = await setup();
    const first = worker({ hearsDone: false });
    first.replay.mockImplementation(async () => undefined);
    await first.bulk.start({ entries: urls(6), fresh: false });
    const kept = (await first.bulk.read(0)).items;
    // Stopped while queuing: two items never reached the queue.
    const queued = (await first.queue.list()) as QueueItemOf<'create-link'>[];
    for (const q of queued.filter((q) => q.payload.batch!.index >= 4)) await first.queue.remove(q.id);
    // ...and two were made and removed from the queue before the batch heard of them.
    const partly = createQueueRunner({ getClient: () => service.client, locks: null, store: queueStore, probeDelaysMs: [] });
    for (const q of queued.filter((q) => q.payload.batch!.index < 2)) await partly.retryNow(q.id);
    expect(service.linkCount()).toBeGreaterThanOrEqual(2);

    const second = worker();
    await second.bulk.resume();
    const end = await settled(second.bulk);
    expect(end.batch?.counts).toMatchObject({ made: 6, waiting: 0 });
    expect(service.linkCount()).toBe(6);
    expect(new Set(end.items.map((i) => i.shortUrl)).size).toBe(6);
    // Every create went under the key the batch made for its item.
    const keys = new Set(service.sent('POST', '/link').map((c) => c.headers['idempotency-key']));
    expect(keys).toEqual(new Set(kept.map((i) => i.key)));
  });

  it('an item discarded from the options page\'s queue list is cancelled in its batch, not queued again at the next start', async () => {
    const { service, worker } = await setup();
    const first = worker();
    first.replay.mockImplementation(async () => undefined);
    await first.bulk.start({ entries: urls(5), fresh: false });
    // wireQueue listens for `online` on the worker's global.
    vi.stubGlobal('addEventListener', () => undefined);
    // The options page's wiring, over this worker's queue; its own replays are held back so the items wait.
    const held = { skipped: true, done: 0, retried: 0, failed: 0, paused: false, remaining: 0, nextAttemptAt: null };
    const wiring = wireQueue(
      { ...first.queue, replay: async () => held },
      (e) => {
        throw e;
      },
      { onDiscard: (item) => first.bulk.onDiscard(item) },
    );
    const discarded = ((await first.queue.list()) as QueueItemOf<'create-link'>[]).find((q) => q.payload.batch!.index === 2)!;
    await wiring.discard(discarded.id);
    expect((await first.queue.list()).map((q) => q.id)).not.toContain(discarded.id);

    // The worker stops; the next one resumes the batch.
    const second = worker();
    await second.bulk.resume();
    await second.queue.replay();
    const end = await settled(second.bulk);
    expect(end.batch?.state).toBe('done');
    expect(end.batch?.counts).toMatchObject({ made: 4, cancelled: 1, waiting: 0 });
    expect(end.items.find((i) => i.index === 2)?.state).toBe('cancelled');
    expect(service.linkCount()).toBe(4);
    expect(service.links().map((l) => l.longUrl)).not.toContain('https://example.com/p2');
  });

  it('a batch whose token is refused says so (for the page), and goes on without the flag once the token is fixed', async () => {
    const { service, worker } = await setup();
    const { bulk } = worker();
    // The first send is refused; the queue then pauses the profile's other items without sending them.
    service.fail('POST', '/link', status(401, 'UNAUTHORIZED'));
    await bulk.start({ entries: urls(3), fresh: false });
    await vi.waitFor(async () => expect((await bulk.read(0)).batch?.pausedForToken).toBe(true));
    const paused = await bulk.read(0);
    expect(paused.batch).toMatchObject({ state: 'running', counts: { waiting: 3, made: 0 } });
    const page = await createBulkHandlers(bulk).bulkBatch({ since: 0 });
    expect(page.batch?.pausedForToken).toBe(true);

    // A worker started while the items wait paused keeps saying so.
    const restarted = worker();
    await restarted.bulk.resume();
    expect((await restarted.bulk.read(0)).batch?.pausedForToken).toBe(true);

    await restarted.queue.resumeAfterAuthFix();
    const end = await settled(restarted.bulk);
    expect(end.batch?.counts).toMatchObject({ made: 3, waiting: 0 });
    expect(end.batch?.pausedForToken).toBeUndefined();
    expect((await createBulkHandlers(restarted.bulk).bulkBatch({ since: 0 })).batch).not.toHaveProperty('pausedForToken');
    expect(service.linkCount()).toBe(3);
  });

  it('Cancel removes what waits in the queue and says how many were made; a send already under way still counts', async () => {
    const { service, tellFinished, worker } = await setup();
    const { bulk, queue, replay } = worker();
    replay.mockImplementation(async () => undefined);
    await bulk.start({ entries: urls(10), fresh: false });
    const queued = (await queue.list()) as QueueItemOf<'create-link'>[];
    // One is under way: its queue item is taken by the send before Cancel comes.
    const underWay = queued[0]!;
    const answer = await bulk.cancel('id-1');
    expect(answer).toEqual({ made: 0, reused: 0, cancelled: 10 });
    expect(await queue.list()).toEqual([]);
    await bulk.onDone(underWay, { link: { shortUrl: 'http://127.0.0.1:8787/late', linkId: 'lnk_late', createdDate: '', workspaceId: WORKSPACE, longUrl: underWay.payload.body.longUrl } });
    const { batch } = await bulk.read(0);
    expect(batch?.state).toBe('cancelled');
    expect(batch?.counts).toMatchObject({ made: 1, cancelled: 9 });
    expect(service.calls).toHaveLength(0);
    expect(tellFinished).not.toHaveBeenCalled();
  });

  it('gives a page only the items changed since the revision it has, and the text once', async () => {
    const { worker } = await setup();
    const { bulk, replay } = worker();
    replay.mockImplementation(async () => undefined);
    await bulk.start({ entries: urls(3), fresh: false, text: { value: 'see https://example.com/p0', format: 'text' } });
    const first = await bulk.read(0);
    expect(first.text).toEqual({ value: 'see https://example.com/p0', format: 'text' });
    const rev = first.batch!.rev;
    const item = { kind: 'create-link', payload: { batch: { id: first.batch!.id, index: 1 } } } as unknown as QueueItemOf<'create-link'>;
    await bulk.onDone(item, { link: { shortUrl: 'http://127.0.0.1:8787/k', linkId: 'lnk_k', createdDate: '', workspaceId: WORKSPACE, longUrl: 'https://example.com/p1' } });
    const next = await bulk.read(rev);
    expect(next.items.map((i) => [i.index, i.state, i.shortUrl])).toEqual([[1, 'made', 'http://127.0.0.1:8787/k']]);
    expect(next.batch!.rev).toBeGreaterThan(rev);
    expect(next.text).toBeNull();
    expect((await bulk.read(next.batch!.rev)).items).toEqual([]);
  });
});

describe('the queue outcomes of a batch item', () => {
  it('neither notify nor copy per link', async () => {
    const notifications = vi.spyOn(fakeBrowser.notifications, 'create');
    const copy = vi.fn(async () => true);
    const outcomes = createQueueOutcomes({ copy } as never);
    const item = {
      id: 'q1',
      kind: 'create-link',
      payload: { body: { workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'https://example.com/', customDomain: null }, copy: true, notify: true, batch: { id: 'b', index: 0 } },
    } as unknown as QueueItemOf<'create-link'>;
    await outcomes.onDone(item, { link: { shortUrl: 's', linkId: 'l', createdDate: '', workspaceId: WORKSPACE, longUrl: 'https://example.com/' } }, { ranNow: false });
    await outcomes.onFailed(item, { code: 'INVALID_URL' });
    await outcomes.flush();
    expect(notifications).not.toHaveBeenCalled();
    expect(copy).not.toHaveBeenCalled();
  });
});

describe('cleaning and site rules per URL (issue 25)', () => {
  const linkSetup = async () => ({
    templates: [{ id: 't1', name: 'Newsletter', utm: { source: 'newsletter', medium: '', campaign: '', term: '', content: '' } }],
    rules: [{ id: 'r1', pattern: '*.acme.dev', domain: 'go.acme.dev', tags: ['acme'], templateId: 't1' }],
  });
  const sentBodies = (service: Awaited<ReturnType<typeof setup>>['service']) =>
    service.sent('POST', '/link').map((c) => c.body as { longUrl: string; customDomain: string | null });

  it('cleans each URL and applies the first matching rule to it, unless the batch sets its own domain and tags', async () => {
    const { service, worker } = await setup({ linkSetup });
    const { bulk } = worker();
    await bulk.start({ entries: [{ url: 'https://example.com/a?fbclid=1&x=2' }, { url: 'https://www.acme.dev/p?gclid=3' }], fresh: true });
    await settled(bulk);
    expect(sentBodies(service).map((b) => [b.longUrl, b.customDomain]).sort()).toEqual([
      ['https://example.com/a?x=2', null],
      ['https://www.acme.dev/p?utm_source=newsletter', 'go.acme.dev'],
    ]);
    expect(service.sent('PATCH', '/link').map((c) => (c.body as { tags: string[] }).tags)).toEqual([['acme']]);
    // The page's list still shows each URL as it was given: the text it replaces them in holds those.
    expect((await bulk.read(0)).items.map((i) => i.url).sort()).toEqual(['https://example.com/a?fbclid=1&x=2', 'https://www.acme.dev/p?gclid=3']);
  });

  it("keeps the batch's own domain and tags over the rule's", async () => {
    const { service, worker } = await setup({ linkSetup });
    const { bulk } = worker();
    await bulk.start({ entries: [{ url: 'https://www.acme.dev/p' }], fresh: true, customDomain: '', tags: ['batch'] });
    await settled(bulk);
    expect(sentBodies(service)).toMatchObject([{ longUrl: 'https://www.acme.dev/p?utm_source=newsletter', customDomain: null }]);
    expect(service.sent('PATCH', '/link').map((c) => (c.body as { tags: string[] }).tags)).toEqual([['batch']]);
  });
});
