/** The queue runner: enqueue, replay, the 401 pause, the status pages follow. */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BACKOFF, queueSizeItem, queueStatusItem } from '../../../lib/queue/queue';
import { networkDown, status } from '../fixtures/fake-service';
import { WORKSPACE } from '../fixtures/wire';
import { store, T0, setup, tag, createBody, useEmptyQueue } from './queue-setup';

useEmptyQueue();

describe('enqueue', () => {
  it('persists a plain JSON entry before anything is sent', async () => {
    const { queue, service } = setup();
    const item = await queue.enqueue('create-tag', tag('news'), { idempotencyKey: 'key-1' });
    expect(service.calls).toHaveLength(0);
    const [stored] = await store.all();
    expect(stored).toEqual({
      id: item.id,
      kind: 'create-tag',
      createdAt: T0,
      attempts: 0,
      nextAttemptAt: T0,
      idempotencyKey: 'key-1',
      payload: tag('news'),
      progress: null,
      state: 'pending',
    });
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);
  });

  it('an entry made after a failed send counts that attempt and waits', async () => {
    const { queue, service } = setup({ random: () => 0.999 });
    await service.client.createTag(tag('x')).catch(() => undefined);
    service.fail('POST', '/tag', networkDown);
    const err = await service.client.createTag(tag('x')).catch((e: unknown) => e);
    const item = await queue.enqueue('create-tag', tag('x'), { error: err });
    expect(item).toMatchObject({ attempts: 1, lastError: { code: 'NETWORK_ERROR' } });
    expect(item.nextAttemptAt - T0).toBeGreaterThan(0);
    expect(item.nextAttemptAt - T0).toBeLessThanOrEqual(DEFAULT_BACKOFF.baseMs);
  });

  it('ids sort in creation order even within one millisecond', async () => {
    const { queue } = setup();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await queue.enqueue('create-tag', tag(`t${i}`))).id);
    expect((await queue.list()).map((i) => i.id)).toEqual(ids);
    expect([...ids].sort()).toEqual(ids);
  });

  it('the token is nowhere in a queued entry', async () => {
    const { queue } = setup();
    await queue.enqueue('create-link', { body: createBody(1), tags: ['a'], copy: true, notify: true });
    expect(JSON.stringify(await store.all())).not.toContain('tok_');
  });
});

describe('replay', () => {
  it('sends due items in creation order, removes them, reports each result', async () => {
    const { queue, service, onDone } = setup();
    for (const name of ['a', 'b', 'c']) await queue.enqueue('create-tag', tag(name));
    const report = await queue.replay();
    expect(service.calls.map((c) => (c.body as { tag: string }).tag)).toEqual(['a', 'b', 'c']);
    expect(report).toMatchObject({ skipped: false, done: 3, retried: 0, failed: 0, paused: false, remaining: 0, nextAttemptAt: null });
    expect(await queue.list()).toEqual([]);
    expect(onDone).toHaveBeenCalledTimes(3);
    expect(onDone.mock.calls[0]![1]).toBe('a');
    expect(onDone.mock.calls[0]![2]).toEqual({ ranNow: false });
  });

  it('sends the stored idempotency key', async () => {
    const { queue, service } = setup();
    await queue.enqueue('create-link', { body: createBody(1) }, { idempotencyKey: 'the-key' });
    await queue.replay();
    expect(service.calls[0]!.headers['idempotency-key']).toBe('the-key');
  });

  it('leaves items that are not due yet', async () => {
    const { queue, service, clock } = setup();
    const item = await queue.enqueue('create-tag', tag('later'), { error: new TypeError('boom') });
    expect(item.nextAttemptAt).toBeGreaterThan(T0);
    await queue.replay();
    expect(service.calls).toHaveLength(0);
    clock.t = item.nextAttemptAt;
    await queue.replay();
    expect(service.calls).toHaveLength(1);
  });

  it('an update-link item sends PATCH /link', async () => {
    const { queue, service, onDone } = setup();
    await queue.enqueue('update-link', { workspaceId: WORKSPACE, linkId: 'lnk_9', tags: ['x'] });
    await queue.replay();
    expect(service.sent('PATCH', '/link')).toHaveLength(1);
    expect(onDone.mock.calls[0]![1]).toMatchObject({ _id: 'lnk_9', tags: ['x'] });
  });
});

describe('401 pauses the queue', () => {
  it('pauses every pending item and resumes after the token is fixed', async () => {
    const { queue, service, onPaused } = setup();
    for (const name of ['a', 'b', 'c']) await queue.enqueue('create-tag', tag(name));
    service.fail('POST', '/tag', status(401, 'UNAUTHORIZED'));
    const report = await queue.replay();
    expect(report).toMatchObject({ paused: true, done: 0, remaining: 3 });
    expect(service.calls).toHaveLength(1);
    expect((await queue.list()).map((i) => i.state)).toEqual(['paused', 'paused', 'paused']);
    // The service's own words; the extension's are the catalogue's (lib/i18n/describe-error.ts).
    expect((await queue.list())[0]!.lastError).toEqual({ code: 'UNAUTHORIZED', message: 'answer 401' });
    expect(onPaused).toHaveBeenCalledTimes(1);
    expect(await queueSizeItem.getValue()).toBe(3);

    // Paused items wait for the user, not for the clock.
    await queue.replay();
    expect(service.calls).toHaveLength(1);

    const resumed = await queue.resumeAfterAuthFix();
    expect(resumed).toMatchObject({ done: 3, remaining: 0 });
    expect(service.calls.slice(1).map((c) => (c.body as { tag: string }).tag)).toEqual(['a', 'b', 'c']);
  });

  it('keeps failed items failed when pausing', async () => {
    const { queue, service } = setup();
    await queue.enqueue('create-tag', tag('a'));
    await queue.enqueue('create-tag', tag('b'));
    service.fail('POST', '/tag', status(400, 'INVALID_TAG'));
    service.fail('POST', '/tag', status(401, 'UNAUTHORIZED'));
    await queue.replay();
    expect((await queue.list()).map((i) => i.state)).toEqual(['failed', 'paused']);
  });
});

describe('status for pages', () => {
  it('local:queueSize and local:queueStatus follow every change', async () => {
    const { queue, service } = setup();
    expect(await queueSizeItem.getValue()).toBe(0);
    await queue.enqueue('create-tag', tag('a'));
    await queue.enqueue('create-tag', tag('b'));
    expect(await queueSizeItem.getValue()).toBe(2);
    service.fail('POST', '/tag', status(400, 'INVALID_TAG'));
    await queue.replay();
    expect(await queueSizeItem.getValue()).toBe(0);
    expect(await queueStatusItem.getValue()).toMatchObject({ pending: 0, paused: 0, failed: 1, nextAttemptAt: null });
  });

  it('a throwing callback does not undo the bookkeeping', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { queue } = setup({ onDone: () => { throw new Error('notification failed'); } });
    await queue.enqueue('create-tag', tag('a'));
    expect(await queue.replay()).toMatchObject({ done: 1 });
    expect(await queue.list()).toEqual([]);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
