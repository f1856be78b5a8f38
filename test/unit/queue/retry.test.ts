/** What a failed send leaves: retried later (which failures, how long), or a final answer in the failed list. */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BACKOFF, queueSizeItem, queueStatusItem } from '../../../lib/queue/queue';
import { hang } from '../fixtures/fake-fetch';
import { fakeService, networkDown, status } from '../fixtures/fake-service';
import { WORKSPACE } from '../fixtures/wire';
import { store, T0, setup, tag, useEmptyQueue } from './queue-setup';

useEmptyQueue();

describe('retry classes', () => {
  it.each([
    ['network error', networkDown, 'NETWORK_ERROR'],
    ['timeout', (_req: unknown, signal?: AbortSignal) => hang(signal), 'TIMEOUT'],
    ['408', status(408), 'E408'],
    ['500', status(500, 'INTERNAL_ERROR'), 'INTERNAL_ERROR'],
    ['503 without a body', () => new Response('', { status: 503 }), 'HTTP_503'],
    ["a 200 that is a proxy's page: outcome unknown", () => new Response('<html>sign in</html>', { status: 200 }), 'INVALID_RESPONSE'],
  ] as const)('%s → stays pending, retried later', async (_name, fault, code) => {
    const { queue, service, clock, onFailed } = setup({ timeoutMs: 20 });
    const item = await queue.enqueue('create-tag', tag('t'));
    service.fail('POST', '/tag', fault);
    const report = await queue.replay();
    expect(report).toMatchObject({ done: 0, retried: 1, failed: 0, remaining: 1 });
    const [after] = await queue.list();
    expect(after).toMatchObject({ id: item.id, state: 'pending', attempts: 1, lastError: { code } });
    expect(after!.nextAttemptAt).toBeGreaterThan(T0);
    expect(report.nextAttemptAt).toBe(after!.nextAttemptAt);
    expect(onFailed).not.toHaveBeenCalled();
    clock.t = after!.nextAttemptAt;
    expect(await queue.replay()).toMatchObject({ done: 1, remaining: 0 });
  });

  it('429 → sent again once its pause is over, in the same replay, under the same key', async () => {
    const { queue, service, clock, onFailed } = setup();
    await queue.enqueue('create-tag', tag('t'), { idempotencyKey: 'k-429' });
    service.fail('POST', '/tag', status(429, 'RATE_LIMITED', { 'Retry-After': '2' }));
    const report = await queue.replay();
    expect(report).toMatchObject({ done: 1, retried: 1, failed: 0, remaining: 0 });
    expect(clock.t).toBe(T0 + 2_000);
    expect(service.calls.map((c) => c.headers['idempotency-key'])).toEqual(['k-429', 'k-429']);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('honours Retry-After over a shorter backoff', async () => {
    const { queue, service } = setup({ random: () => 0 });
    await queue.enqueue('create-tag', tag('t'));
    service.fail('POST', '/tag', status(429, 'RATE_LIMITED', { 'Retry-After': '120' }));
    await queue.replay();
    expect((await queue.list())[0]!.nextAttemptAt).toBe(T0 + 120_000);
  });

  it('the wait grows with each failure, up to the cap', async () => {
    const { queue, service, clock } = setup({ random: () => 0.999999 });
    await queue.enqueue('create-tag', tag('t'));
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      service.fail('POST', '/tag', status(500));
      await queue.replay();
      const [item] = await queue.list();
      waits.push(item!.nextAttemptAt - clock.t);
      clock.t = item!.nextAttemptAt;
    }
    expect(waits[0]).toBeLessThan(2_000);
    expect(waits[1]).toBeGreaterThan(3_000);
    expect(waits[2]).toBeGreaterThan(7_000);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(Math.max(...waits)).toBeLessThanOrEqual(DEFAULT_BACKOFF.capMs);
    expect(waits.at(-1)).toBeGreaterThan(DEFAULT_BACKOFF.capMs - 10);
    expect((await queue.list())[0]!.attempts).toBe(14);
  });

  it('an unreachable service stops the pass and keeps the order', async () => {
    const { queue, service, clock } = setup();
    for (const name of ['a', 'b', 'c']) await queue.enqueue('create-tag', tag(name));
    service.fail('POST', '/tag', networkDown);
    const report = await queue.replay();
    expect(service.calls).toHaveLength(1);
    const items = await queue.list();
    expect(items.map((i) => i.attempts)).toEqual([1, 0, 0]);
    // The others wait as long as the first, so they cannot overtake it.
    expect(new Set(items.map((i) => i.nextAttemptAt)).size).toBe(1);
    clock.t = report.nextAttemptAt!;
    await queue.replay();
    expect(service.calls.slice(1).map((c) => (c.body as { tag: string }).tag)).toEqual(['a', 'b', 'c']);
  });

  it('a 5xx on one item does not hold back the next', async () => {
    const { queue, service } = setup();
    for (const name of ['a', 'b']) await queue.enqueue('create-tag', tag(name));
    service.fail('POST', '/tag', status(500));
    expect(await queue.replay()).toMatchObject({ done: 1, retried: 1, remaining: 1 });
  });

  it('a bug on our side keeps the item for later', async () => {
    const { queue } = setup({
      getClient: () => {
        const broken = fakeService().client;
        return { ...broken, createTag: () => Promise.reject(new TypeError('x is undefined')) };
      },
    });
    await queue.enqueue('create-tag', tag('t'));
    await queue.replay();
    expect((await queue.list())[0]).toMatchObject({ state: 'pending', lastError: { code: 'INTERNAL' } });
  });
});

describe('final answers: the failed list', () => {
  it('a 4xx moves the item to failed with the service message, kept and visible', async () => {
    const { queue, service, clock, onFailed } = setup();
    const item = await queue.enqueue('create-tag', tag('bad'));
    service.fail('POST', '/tag', () => new Response(JSON.stringify({ status: false, errors: [{ code: 'INVALID_TAG', errorMessage: 'tag must not contain control characters' }] }), { status: 400 }));
    expect(await queue.replay()).toMatchObject({ failed: 1, remaining: 0 });
    const [failed] = await queue.list();
    expect(failed).toMatchObject({ id: item.id, state: 'failed', lastError: { code: 'INVALID_TAG', message: 'tag must not contain control characters' } });
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ id: item.id }), { code: 'INVALID_TAG', message: 'tag must not contain control characters' });
    expect(await queueSizeItem.getValue()).toBe(0);
    // Never retried on its own, never dropped.
    clock.t += 24 * 3600_000;
    await queue.replay();
    expect(service.calls).toHaveLength(1);
    expect(await queue.list()).toHaveLength(1);
    expect(await queueStatusItem.getValue()).toMatchObject({ failed: 1, pending: 0 });
  });

  it('a taken keyword is a final answer with the alternatives', async () => {
    const { queue, service } = setup();
    service.takeKeyword('promo');
    await queue.enqueue('create-link', { body: { workspaceId: WORKSPACE, keywordType: 'CUSTOM', keyword: 'promo', longUrl: 'https://e.com/' } });
    await queue.replay();
    expect((await queue.list())[0]).toMatchObject({
      state: 'failed',
      lastError: { code: 'KEYWORD_TAKEN', values: ['promo', 'http://127.0.0.1:8787/alt1'] },
    });
  });

  it('retryNow(id) sends a failed item again with a fresh key', async () => {
    const { queue, service } = setup();
    const item = await queue.enqueue('create-tag', tag('t'), { idempotencyKey: 'old-key' });
    service.fail('POST', '/tag', status(400, 'INVALID_TAG'));
    await queue.replay();
    const report = await queue.retryNow(item.id);
    expect(report.done).toBe(1);
    expect(service.calls[1]!.headers['idempotency-key']).not.toBe('old-key');
    expect(await queue.list()).toEqual([]);
  });

  it('an item that failed on an unreadable answer (stored by an older version) keeps its key when retried', async () => {
    const { queue, service } = setup();
    const item = await queue.enqueue('create-tag', tag('t'), { idempotencyKey: 'first-key' });
    await store.update(item.id, (c) => ({ ...c, state: 'failed', lastError: { code: 'INVALID_RESPONSE' } }));
    expect((await queue.retryNow(item.id)).done).toBe(1);
    expect(service.calls[0]!.headers['idempotency-key']).toBe('first-key');
  });

  it('retryNow() makes every waiting item due now', async () => {
    const { queue, service } = setup();
    await queue.enqueue('create-tag', tag('a'), { error: new TypeError('x') });
    await queue.enqueue('create-tag', tag('b'), { error: new TypeError('x') });
    expect((await queue.replay()).done).toBe(0);
    expect((await queue.retryNow()).done).toBe(2);
    expect(service.calls).toHaveLength(2);
  });

  it('sendPendingNow() sends every backing-off item now, leaving failed and held ones alone', async () => {
    const { queue, service } = setup();
    const failed = await queue.enqueue('create-tag', tag('refused'));
    service.fail('POST', '/tag', status(400, 'INVALID_TAG'));
    await queue.replay();
    await queue.enqueue('create-tag', tag('a'), { error: new TypeError('offline') });
    await queue.enqueue('create-tag', tag('b'), { error: new TypeError('offline') });
    // A caller's own send, still under way.
    service.fail('POST', '/tag', () => hang());
    void queue.runNow('create-tag', tag('held'), { idempotencyKey: 'held-key' });
    await vi.waitFor(async () => expect(await queue.list()).toHaveLength(4));
    const held = (await queue.list())[3]!;
    expect((await queue.replay()).done).toBe(0);

    expect((await queue.sendPendingNow()).done).toBe(2);
    expect(service.sent('POST', '/tag').map((c) => (c.body as { tag: string }).tag)).toEqual(['refused', 'held', 'a', 'b']);
    expect((await queue.list()).map((i) => [i.id, i.state])).toEqual([[failed.id, 'failed'], [held.id, 'pending']]);
  });

  it('remove discards an item', async () => {
    const { queue } = setup();
    const item = await queue.enqueue('create-tag', tag('t'));
    await queue.remove(item.id);
    expect(await queue.list()).toEqual([]);
    expect(await queueSizeItem.getValue()).toBe(0);
  });
});
