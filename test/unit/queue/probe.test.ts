/**
 * A service that was down comes back with no `online` event: the queue finds
 * out within a few seconds by a cheap probe, not after the items' backoff.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createQueueRunner, type QueueRunnerDeps } from '../../../lib/queue/queue';
import { UNREACHABLE_WAKE_MS } from '../../../lib/queue/send-item';
import { createQueueStore } from '../../../lib/queue/store';
import { fakeService, networkDown, status } from '../fixtures/fake-service';
import { WORKSPACE } from '../fixtures/wire';

const store = createQueueStore();
const T0 = Date.parse('2026-11-22T05:00:00Z');

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
});

function setup(over: Partial<QueueRunnerDeps> = {}) {
  const service = fakeService();
  const clock = { t: T0 };
  const queue = createQueueRunner({
    getClient: () => service.client,
    now: () => clock.t,
    random: () => 0.999,
    locks: null,
    store,
    // Real waits, only short: the loop runs as it would in a worker.
    probeDelaysMs: [5, 5, 5, 5, 5, 5],
    ...over,
  });
  return { service, clock, queue };
}

const tag = (name: string) => ({ workspaceId: WORKSPACE, tag: name });
const probes = (service: ReturnType<typeof fakeService>) => service.sent('GET', '/tag').length;

describe('probing a service that could not be reached', () => {
  it('its items wait; a cheap read finds it back, and they are sent then, not after their backoff', async () => {
    const { service, queue } = setup();
    for (const name of ['a', 'b', 'c']) await queue.enqueue('create-tag', tag(name));
    // A long outage already: its backoff alone would wait minutes.
    await store.updateWhere((item) => ({ ...item, attempts: 9 }));
    service.fail('POST', '/tag', networkDown);
    // Still down for the first two probes.
    service.fail('GET', '/tag', networkDown, 2);
    const report = await queue.replay();
    expect(report).toMatchObject({ done: 0, retried: 1, remaining: 3 });
    // Online, a service out of reach is retried within UNREACHABLE_WAKE_MS whatever the backoff says.
    expect(report.nextAttemptAt! - T0).toBeLessThanOrEqual(UNREACHABLE_WAKE_MS);

    await vi.waitFor(async () => expect(await queue.list()).toEqual([]));
    expect(probes(service)).toBe(3);
    expect(service.sent('POST', '/tag').map((c) => (c.body as { tag: string }).tag)).toEqual(['a', 'a', 'b', 'c']);
  });

  it('any answer is an answer: a refused token ends the probe too, and the replay says so', async () => {
    const onPaused = vi.fn();
    const { service, queue } = setup({ onPaused });
    await queue.enqueue('create-tag', tag('a'));
    service.fail('POST', '/tag', networkDown);
    service.fail('GET', '/tag', status(401, 'UNAUTHORIZED'));
    await queue.replay();
    service.fail('POST', '/tag', status(401, 'UNAUTHORIZED'));
    await vi.waitFor(() => expect(onPaused).toHaveBeenCalled());
    expect((await queue.list()).map((i) => i.state)).toEqual(['paused']);
    expect(probes(service)).toBe(1);
  });

  it('does not probe while the browser is offline: the `online` event says when', async () => {
    const { service, queue } = setup({ online: () => false });
    await queue.enqueue('create-tag', tag('a'));
    await store.updateWhere((item) => ({ ...item, attempts: 9 }));
    service.fail('POST', '/tag', networkDown);
    const report = await queue.replay();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(probes(service)).toBe(0);
    // Offline, the wait is the item's own backoff: no wake-ups every 30 s for nothing.
    expect(report.nextAttemptAt! - T0).toBeGreaterThan(UNREACHABLE_WAKE_MS);
  });

  it('a worker started again probes for items left waiting on their service', async () => {
    const first = setup();
    await first.queue.enqueue('create-tag', tag('a'));
    await first.queue.enqueue('create-tag', tag('b'));
    first.service.fail('POST', '/tag', networkDown);
    first.service.fail('GET', '/tag', networkDown, 100);
    await first.queue.replay();
    // The worker is gone; a new one starts with the service back. Nothing is due yet.
    const { service, queue } = setup({ probeDelaysMs: [5] });
    expect(await queue.replay()).toMatchObject({ done: 0, remaining: 2 });
    await vi.waitFor(async () => expect(await queue.list()).toEqual([]));
    expect(probes(service)).toBe(1);
    expect(service.sent('POST', '/tag')).toHaveLength(2);
  });

  it('stops when what it waited for is gone', async () => {
    const { service, queue } = setup({ probeDelaysMs: [20, 20, 20] });
    const item = await queue.enqueue('create-tag', tag('a'));
    service.fail('POST', '/tag', networkDown);
    await queue.replay();
    await queue.remove(item.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(probes(service)).toBe(0);
  });
});
