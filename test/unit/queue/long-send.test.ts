/**
 * A send that outlives its caller's lease (a link with tags: two requests of
 * up to 10 s each, against a 20 s lease) is still one send: no replay sends
 * the item again meanwhile, and it finishes (onDone: notification, copy) once.
 */
import { describe, expect, it, vi } from 'vitest';
import { json } from '../fixtures/fake-fetch';
import { createLinkData } from '../fixtures/wire';
import { T0, createBody, setup, store, useEmptyQueue } from './queue-setup';

useEmptyQueue();

describe('a send longer than its lease', () => {
  it('is sent once and finishes once, whatever replays run while it lasts', async () => {
    const { service, clock, queue, onDone } = setup();
    let release: (r: Response) => void = () => undefined;
    service.fail('POST', '/link', () => new Promise<Response>((resolve) => (release = resolve)));
    const running = queue.runNow('create-link', { body: createBody(1), notify: true, copy: true }, { idempotencyKey: 'key-1' });
    await expect.poll(() => service.sent('POST', '/link').length).toBe(1);

    // A minute later, the send still runs: a replay, "Retry all" and "back online" all find the item.
    clock.t = T0 + 60_000;
    await queue.replay();
    await queue.retryNow();
    await queue.sendPendingNow();
    expect(service.sent('POST', '/link')).toHaveLength(1);

    release(json({ status: true, data: createLinkData({ linkId: 'lnk_1', shortUrl: 'http://127.0.0.1:8787/one' }) }));
    expect(await running).toMatchObject({ status: 'done', result: { link: { linkId: 'lnk_1' } } });
    await queue.settled();
    await queue.replay();
    expect(service.sent('POST', '/link')).toHaveLength(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone.mock.calls[0]![2]).toEqual({ ranNow: true });
    expect(await queue.list()).toEqual([]);
  });

  it('keeps its lease while it runs, so pages and the badge do not count it as waiting', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { service, clock, queue } = setup();
      let release: (r: Response) => void = () => undefined;
      service.fail('POST', '/link', () => new Promise<Response>((resolve) => (release = resolve)));
      const running = queue.runNow('create-link', { body: createBody(1) }, { idempotencyKey: 'key-1' });
      await expect.poll(() => service.sent('POST', '/link').length).toBe(1);
      const [first] = await store.all();
      expect(first!.heldUntil).toBe(T0 + 20_000);
      clock.t = T0 + 15_000;
      await vi.advanceTimersByTimeAsync(5_000);
      await expect.poll(async () => (await store.all())[0]?.heldUntil).toBe(T0 + 35_000);
      release(json({ status: true, data: createLinkData({ linkId: 'lnk_1', shortUrl: 'http://127.0.0.1:8787/one' }) }));
      await running;
      await queue.settled();
      // No renewal after the send: the item is gone and stays gone.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await store.all()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
