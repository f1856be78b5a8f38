import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { finishedShorten } from '../../../lib/background/queue/queue-outcomes';
import { createFinishedWork } from '../../../lib/background/queue/finished-work';
import { createLinkCache } from '../../../lib/storage/links';
import { createQueueRunner, queueSizeItem, queueStatusItem } from '../../../lib/queue/queue';
import { createQueueStore } from '../../../lib/queue/store';
import { getConnection, getPreferences, saveConnection, setPreferences } from '../../../lib/storage/settings';
import { createShortener, type ShortenOutcome } from '../../../lib/background/links/shorten';
import { hang, json } from '../fixtures/fake-fetch';
import { cutOffMidBody, fakeService, networkDown, proxyPage, status, truncated } from '../fixtures/fake-service';
import { BASE_URL, TOKEN, WORKSPACE, createLinkData, errorBody } from '../fixtures/wire';

const store = createQueueStore();
const T0 = Date.parse('2026-11-22T05:00:00Z');
const scope = { baseUrl: BASE_URL, workspaceId: WORKSPACE };

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
});

async function setup(opts: { configured?: boolean } = {}) {
  if (opts.configured !== false) {
    const saved = await saveConnection({ baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE });
    expect(saved.ok).toBe(true);
  }
  const service = fakeService();
  const cache = createLinkCache();
  let keys = 0;
  // Wired as the background wires them: no cycle, one bookkeeping path for both ways an item finishes.
  const recordFinished = createFinishedWork({ cache, getConnection });
  const queue = createQueueRunner({
    getClient: () => service.client,
    now: () => T0,
    random: () => 0.5,
    locks: null,
    store,
    onDone: (item, result) => recordFinished(item, result),
  });
  const shortener = createShortener({
    runNow: queue.runNow,
    cache,
    settings: { getConnection, getPreferences },
    newKey: () => `key-${++keys}`,
  });
  return { service, cache, queue, shortener };
}

function done(outcome: ShortenOutcome) {
  if (outcome.status !== 'done') throw new Error(`expected done, got ${JSON.stringify(outcome)}`);
  return outcome;
}

describe('checks before sending anything', () => {
  it('not configured → not-configured, no request', async () => {
    const { shortener, service } = await setup({ configured: false });
    expect(await shortener.shorten({ url: 'https://example.com/' })).toEqual({ status: 'not-configured' });
    expect(service.calls).toHaveLength(0);
  });

  it.each([
    ['', 'empty'],
    ['javascript:alert(1)', 'scheme'],
    ['ftp://example.com/file', 'scheme'],
    ['https://user:pw@example.com/', 'credentials'],
    ['http://127.0.0.1:8787/Ab3dE7x', 'own-host'],
    [`https://example.com/${'a'.repeat(2100)}`, 'too-long'],
  ])('URL %j → invalid-url', async (url, problem) => {
    const { shortener, service } = await setup();
    const outcome = await shortener.shorten({ url });
    expect(outcome).toEqual({ status: 'invalid-url', problem });
    expect(service.calls).toHaveLength(0);
  });

  it.each([
    [undefined, 'KEYWORD_REQUIRED', undefined],
    ['  ', 'KEYWORD_REQUIRED', undefined],
    ['has space', 'INVALID_KEYWORD', ['has space']],
    ['x'.repeat(51), 'INVALID_KEYWORD', ['x'.repeat(51)]],
    ['API', 'RESERVED_KEYWORD', ['API']],
  ])('CUSTOM keyword %j → %s', async (keyword, code, values) => {
    const { shortener, service } = await setup();
    const outcome = await shortener.shorten({ url: 'https://example.com/', keywordType: 'CUSTOM', keyword });
    expect(outcome).toEqual({ status: 'error', error: { kind: 'invalid-input', code, message: code, ...(values ? { values } : {}) } });
    expect(service.calls).toHaveLength(0);
  });

  it('a bad tag is refused before sending, naming the tag', async () => {
    const { shortener, service } = await setup();
    const outcome = await shortener.shorten({ url: 'https://example.com/', tags: ['ok', 'x'.repeat(51)] });
    expect(outcome).toMatchObject({ status: 'error', error: { kind: 'invalid-input', code: 'INVALID_TAG', values: ['x'.repeat(51)] } });
    expect(service.calls).toHaveLength(0);
  });

  it('too many tags are refused before sending, with the limit', async () => {
    const { shortener, service } = await setup();
    const tags = Array.from({ length: 51 }, (_, i) => `t${i}`);
    const outcome = await shortener.shorten({ url: 'https://example.com/', tags });
    expect(outcome).toMatchObject({ status: 'error', error: { kind: 'invalid-input', code: 'TOO_MANY_TAGS', values: ['50'] } });
    expect(service.calls).toHaveLength(0);
  });
});

describe('online', () => {
  it('creates with a fresh key and the normalised URL, then caches the link', async () => {
    const { shortener, service, cache, queue } = await setup();
    const outcome = done(await shortener.shorten({ url: ' HTTPS://Example.com/a b ' }));
    expect(outcome).toEqual({
      status: 'done',
      fromCache: false,
      link: {
        shortUrl: 'http://127.0.0.1:8787/k1',
        linkId: 'lnk_1',
        createdDate: new Date(T0).toISOString(),
        workspaceId: WORKSPACE,
        longUrl: 'https://example.com/a%20b',
      },
    });
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0]!.body).toEqual({ workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'https://example.com/a%20b', customDomain: null });
    expect(service.calls[0]!.headers['idempotency-key']).toBe('key-1');
    // The answer does not wait for the bookkeeping; settled() does.
    await queue.settled();
    expect((await cache.recent(scope)).map((l) => l.linkId)).toEqual(['lnk_1']);
    expect(await store.all()).toEqual([]);
  });

  it('a cached URL answers at once with zero requests', async () => {
    const { shortener, service } = await setup();
    await shortener.shorten({ url: 'https://example.com/a' });
    const outcome = done(await shortener.shorten({ url: 'https://EXAMPLE.com:443/a' }));
    expect(outcome.fromCache).toBe(true);
    expect(outcome.link.linkId).toBe('lnk_1');
    expect(service.calls).toHaveLength(1);
  });

  it.each([
    ['force', { force: true }],
    ['a custom keyword', { keywordType: 'CUSTOM' as const, keyword: 'promo' }],
    ['tags', { tags: ['news'] }],
    ['a chosen domain', { customDomain: 'go.example.com' }],
  ])('%s skips the cache and makes a new link with a new key', async (_name, extra) => {
    const { shortener, service } = await setup();
    await shortener.shorten({ url: 'https://example.com/a' });
    done(await shortener.shorten({ url: 'https://example.com/a', ...extra }));
    const posts = service.sent('POST', '/link');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['idempotency-key']).toBe('key-2');
  });

  it('sends the keyword and domain it was given, and the default domain otherwise', async () => {
    const { shortener, service } = await setup();
    await shortener.shorten({ url: 'https://example.com/a', keywordType: 'CUSTOM', keyword: 'promo', customDomain: 'go.example.com' });
    expect(service.calls[0]!.body).toMatchObject({ keywordType: 'CUSTOM', keyword: 'promo', customDomain: 'go.example.com' });
    await setPreferences({ defaultDomain: 'links.example.org' });
    await shortener.shorten({ url: 'https://example.com/b' });
    expect(service.calls[1]!.body).toMatchObject({ keywordType: 'HASH', customDomain: 'links.example.org' });
    expect(service.calls[1]!.body).not.toHaveProperty('keyword');
  });

  it('with a default domain, a cached link on another domain is not served', async () => {
    const { shortener, service } = await setup();
    await shortener.shorten({ url: 'https://example.com/a' });
    await setPreferences({ defaultDomain: 'go.example.com' });
    expect(done(await shortener.shorten({ url: 'https://example.com/a' })).fromCache).toBe(false);
    expect(service.calls).toHaveLength(2);
  });

  it('sets tags after the create', async () => {
    const { shortener, service } = await setup();
    const outcome = done(await shortener.shorten({ url: 'https://example.com/a', tags: [' news ', 'news', '', 'blog'] }));
    expect(service.sent('PATCH', '/link')[0]!.body).toEqual({ workspaceId: WORKSPACE, linkId: 'lnk_1', tags: ['news', 'blog'] });
    expect(outcome.link.tags).toEqual(['news', 'blog']);
  });
});

describe('failures', () => {
  it.each([
    ['network down', networkDown],
    ['timeout-like 503', status(503)],
    ['429', status(429, 'RATE_LIMITED', { 'Retry-After': '30' })],
  ])('%s → queued with the same idempotency key', async (_name, fault) => {
    const { shortener, service, queue } = await setup();
    service.fail('POST', '/link', fault);
    const outcome = await shortener.shorten({ url: 'https://example.com/a' });
    expect(outcome).toMatchObject({ status: 'queued', itemId: expect.any(String) });
    // Not reached (or asked to wait): nothing says the service may have made it.
    expect(outcome).not.toHaveProperty('outcomeUnknown');
    const [item] = await queue.list();
    expect(item).toMatchObject({
      kind: 'create-link',
      idempotencyKey: 'key-1',
      attempts: 1,
      payload: { body: { longUrl: 'https://example.com/a' }, copy: true, notify: true },
    });
    expect(item!.nextAttemptAt).toBeGreaterThan(T0);
    expect(item!.heldUntil).toBeUndefined();
    expect(await queueSizeItem.getValue()).toBe(1);
  });

  it('is in the queue before its request is sent; a worker that dies mid-send is replayed after the lease', async () => {
    const { shortener, service } = await setup();
    let queuedDuringSend: Awaited<ReturnType<typeof store.all>> = [];
    // The request reaches the service, then the worker "dies": the answer never comes back.
    service.fail('POST', '/link', async () => {
      queuedDuringSend = await store.all();
      return hang();
    });
    void shortener.shorten({ url: 'https://example.com/dies' });
    await vi.waitFor(() => expect(queuedDuringSend).toHaveLength(1));
    expect(queuedDuringSend[0]).toMatchObject({ kind: 'create-link', idempotencyKey: 'key-1', state: 'pending' });
    // Held by its sender, it is not yet "waiting": the badge does not flash during an online shorten.
    expect(await queueSizeItem.getValue()).toBe(0);

    // A new worker: its replayer leaves the item alone while the lease runs, then sends it with the same key.
    let clock = T0 + 1_000;
    const next = createQueueRunner({ getClient: () => service.client, now: () => clock, random: () => 0.5, locks: null, store });
    expect((await next.replay()).done).toBe(0);
    clock = T0 + 60_000;
    expect((await next.replay()).done).toBe(1);
    expect(service.sent('POST', '/link').map((c) => c.headers['idempotency-key'])).toEqual(['key-1', 'key-1']);
    expect(await store.all()).toEqual([]);
  });

  it('a queued shorten finishes later with the same key and lands in the cache', async () => {
    const { shortener, service, queue, cache } = await setup();
    service.fail('POST', '/link', networkDown);
    await shortener.shorten({ url: 'https://example.com/a' });
    expect(await cache.lookup(scope, 'https://example.com/a')).toBeNull();
    await queue.retryNow();
    expect(service.sent('POST', '/link').map((c) => c.headers['idempotency-key'])).toEqual(['key-1', 'key-1']);
    expect((await cache.lookup(scope, 'https://example.com/a'))?.linkId).toBe('lnk_1');
    expect(done(await shortener.shorten({ url: 'https://example.com/a' })).fromCache).toBe(true);
  });

  it('a 4xx is the service message, never queued', async () => {
    const { shortener, service, queue } = await setup();
    service.fail('POST', '/link', () => json(errorBody('DOMAIN_NOT_READY', 'go.example.com is not set up yet'), 400));
    const outcome = await shortener.shorten({ url: 'https://example.com/a', customDomain: 'go.example.com' });
    expect(outcome).toEqual({ status: 'error', error: { kind: 'service', code: 'DOMAIN_NOT_READY', message: 'go.example.com is not set up yet' } });
    expect(await queue.list()).toEqual([]);
  });

  it('a 401 says to fix the token, never queued', async () => {
    const { shortener, service, queue } = await setup();
    service.fail('POST', '/link', status(401, 'UNAUTHORIZED'));
    const outcome = await shortener.shorten({ url: 'https://example.com/a' });
    expect(outcome).toMatchObject({ status: 'error', error: { kind: 'unauthorized', message: 'The token was refused: check it in Options.' } });
    expect(await queue.list()).toEqual([]);
  });

  it('a taken keyword offers the alternatives and caches nothing', async () => {
    const { shortener, service, cache } = await setup();
    service.takeKeyword('promo');
    const outcome = await shortener.shorten({ url: 'https://example.com/a', keywordType: 'CUSTOM', keyword: 'promo' });
    expect(outcome).toEqual({ status: 'keyword-taken', recommendedUrls: ['http://127.0.0.1:8787/alt1'] });
    expect(await cache.recent(scope)).toEqual([]);
  });

  it('failToGenerateHash is a clear error', async () => {
    const { shortener, service } = await setup();
    service.fail('POST', '/link', () => json({ status: true, data: createLinkData({ linkId: '', shortUrl: '', failToGenerateHash: true }) }));
    const outcome = await shortener.shorten({ url: 'https://example.com/a' });
    expect(outcome).toMatchObject({ status: 'error', error: { kind: 'service', code: 'FAIL_TO_GENERATE_HASH' } });
  });

  it('tags failing retryably: the link is done, only the tags are queued', async () => {
    const { shortener, service, queue } = await setup();
    service.fail('PATCH', '/link', networkDown);
    const outcome = done(await shortener.shorten({ url: 'https://example.com/a', tags: ['news'] }));
    expect(outcome.link.linkId).toBe('lnk_1');
    expect(outcome.tagsQueued).toEqual(expect.any(String));
    const [item] = await queue.list();
    expect(item).toMatchObject({ idempotencyKey: 'key-1', progress: { linkId: 'lnk_1' } });
    await queue.retryNow();
    expect(service.sent('POST', '/link')).toHaveLength(1);
    expect(service.sent('PATCH', '/link')).toHaveLength(2);
    expect(await queue.list()).toEqual([]);
  });

  it('tags refused: the link is done and says why the tags were not set', async () => {
    const { shortener, service, queue } = await setup();
    service.fail('PATCH', '/link', () => json(errorBody('INVALID_TAG', 'tag is not allowed'), 400));
    const outcome = done(await shortener.shorten({ url: 'https://example.com/a', tags: ['news'] }));
    expect(outcome.tagsError).toEqual({ kind: 'service', code: 'INVALID_TAG', message: 'tag is not allowed' });
    expect(await queue.list()).toEqual([]);
  });
});

describe('an answer that cannot be read: the outcome is unknown', () => {
  const unreadable = [
    ['cut off mid-body', cutOffMidBody],
    ['ends early, not JSON', truncated],
    ["a proxy's HTML page", proxyPage],
  ] as const;

  it.each(unreadable)('%s → queued under the same key, visible, and its retry makes exactly one link', async (_name, garble) => {
    const { shortener, service, queue, cache } = await setup();
    service.garbleNext('POST', '/link', garble);
    const outcome = await shortener.shorten({ url: 'https://example.com/a' });
    // The service did make the link; the extension could not read that it did.
    expect(service.linkCount()).toBe(1);
    // Said so, for the popup: "could not be read", not "can't reach".
    expect(outcome).toEqual({ status: 'queued', itemId: expect.any(String), outcomeUnknown: true });
    const [item] = await queue.list();
    expect(item).toMatchObject({ idempotencyKey: 'key-1', state: 'pending', lastError: { code: 'INVALID_RESPONSE' } });
    expect(item!.heldUntil).toBeUndefined();
    expect(await queueStatusItem.getValue()).toMatchObject({ pending: 1 });

    await queue.retryNow();
    expect(service.sent('POST', '/link').map((c) => c.headers['idempotency-key'])).toEqual(['key-1', 'key-1']);
    expect(service.linkCount()).toBe(1);
    expect(await queue.list()).toEqual([]);
    expect((await cache.lookup(scope, 'https://example.com/a'))?.linkId).toBe('lnk_1');
  });

  it.each(unreadable)('"Try again" in the popup after an answer %s never makes a second link', async (_name, garble) => {
    const { shortener, service, queue } = await setup();
    service.garbleNext('POST', '/link', garble);
    const request = { url: 'https://example.com/a' };
    const first = await shortener.shorten(request);
    // What the popup offers: a queued answer retries the queued item (same key);
    // an error answer makes the user shorten the URL again.
    if (first.status === 'queued') await queue.retryNow(first.itemId);
    else await shortener.shorten(request);
    expect(service.linkCount()).toBe(1);
  });

  it('an answer in the wrong shape is an unknown outcome too, not a crash', async () => {
    const { shortener, service, queue } = await setup();
    service.fail('POST', '/link', () => json({ status: true, data: { linkId: 1 } }));
    expect(await shortener.shorten({ url: 'https://example.com/a' })).toMatchObject({ status: 'queued' });
    expect((await queue.list())[0]).toMatchObject({ idempotencyKey: 'key-1', lastError: { code: 'INVALID_RESPONSE' } });
  });
});

describe('one sender at a time', () => {
  it('while a shorten is being sent, no replay, retry or page-opened send sends it too', async () => {
    const { shortener, service, queue } = await setup();
    let release: (r: Response) => void = () => undefined;
    service.fail('POST', '/link', () => new Promise<Response>((resolve) => { release = resolve; }));
    const pending = shortener.shorten({ url: 'https://example.com/a' });
    await vi.waitFor(() => expect(service.sent('POST', '/link')).toHaveLength(1));
    await queue.replay();
    await queue.retryNow();
    await queue.sendPendingNow();
    const [item] = await queue.list();
    await queue.retryNow(item!.id);
    expect(service.sent('POST', '/link')).toHaveLength(1);
    release(json({ status: true, data: createLinkData({ linkId: 'lnk_9', shortUrl: 'http://127.0.0.1:8787/k9' }) }));
    expect(done(await pending).link.linkId).toBe('lnk_9');
    await queue.settled();
    expect(await queue.list()).toEqual([]);
  });
});

describe('finishing: one bookkeeping path', () => {
  it('onDone runs for an online shorten too, marked ranNow, and its cache write is asked for before the answer', async () => {
    const { service, cache } = await setup();
    const seen: unknown[] = [];
    const recordFinished = createFinishedWork({ cache, getConnection });
    const queue = createQueueRunner({
      getClient: () => service.client,
      locks: null,
      store,
      onDone: (item, result, ctx) => {
        seen.push({ kind: item.kind, ctx });
        return recordFinished(item, result);
      },
    });
    const shortener = createShortener({ runNow: queue.runNow, cache, settings: { getConnection, getPreferences } });
    done(await shortener.shorten({ url: 'https://example.com/a' }));
    expect(seen).toEqual([{ kind: 'create-link', ctx: { ranNow: true } }]);
    // No settled() here: the lookup waits for the write already asked for.
    expect((await cache.lookup(scope, 'https://example.com/a'))?.linkId).toBe('lnk_1');
  });

  it('a link whose tags are queued is in the cache at once', async () => {
    const { shortener, service, cache } = await setup();
    service.fail('PATCH', '/link', networkDown);
    done(await shortener.shorten({ url: 'https://example.com/a', tags: ['news'] }));
    expect((await cache.recent(scope)).map((l) => l.linkId)).toEqual(['lnk_1']);
  });
});

describe('onQueueDone', () => {
  it('finishedShorten gives the background the link and what to do with it', async () => {
    const { shortener, service, queue } = await setup();
    await setPreferences({ copyToClipboard: false });
    service.fail('POST', '/link', networkDown);
    await shortener.shorten({ url: 'https://example.com/a' });
    const seen: unknown[] = [];
    const watcher = createQueueRunner({
      getClient: () => service.client,
      locks: null,
      store,
      onDone: (item, result, ctx) => {
        expect(ctx).toEqual({ ranNow: false });
        seen.push(finishedShorten(item, result));
      },
    });
    await watcher.retryNow();
    expect(seen).toEqual([{ link: expect.objectContaining({ linkId: 'lnk_1', longUrl: 'https://example.com/a' }), copy: false, notify: true, batch: false }]);
    await queue.enqueue('create-tag', { workspaceId: WORKSPACE, tag: 't' });
    await watcher.replay();
    expect(seen[1]).toBeNull();
  });

  it('forgets a link deleted through the queue', async () => {
    const { shortener, queue, cache } = await setup();
    await shortener.shorten({ url: 'https://example.com/a' });
    await queue.enqueue('update-link', { workspaceId: WORKSPACE, linkId: 'lnk_1', deleteLink: true });
    await queue.replay();
    expect(await cache.lookup(scope, 'https://example.com/a')).toBeNull();
  });
});
