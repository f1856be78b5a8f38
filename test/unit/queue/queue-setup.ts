/** The queue runner the queue's unit tests share: a fake service, a clock of their own, recorded callbacks. */
import { beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createQueueRunner, type QueueRunnerDeps } from '../../../lib/queue/queue';
import { createQueueStore } from '../../../lib/queue/store';
import { fakeService } from '../fixtures/fake-service';
import { WORKSPACE } from '../fixtures/wire';

export const store = createQueueStore();
export const T0 = Date.parse('2026-11-22T05:00:00Z');

/** Registers the `beforeEach` that empties the store and the fake browser. */
export function useEmptyQueue(): void {
  beforeEach(async () => {
    fakeBrowser.reset();
    await store.clear();
  });
}

export function setup(over: Partial<QueueRunnerDeps> & { timeoutMs?: number } = {}) {
  const service = fakeService({ timeoutMs: over.timeoutMs });
  const clock = { t: T0 };
  const onDone = vi.fn();
  const onFailed = vi.fn();
  const onPaused = vi.fn();
  const queue = createQueueRunner({
    getClient: () => service.client,
    now: () => clock.t,
    random: () => 0.5,
    locks: null,
    store,
    onDone,
    onFailed,
    onPaused,
    // A pause the replay waits out passes on this test's clock, at once.
    sleep: async (ms) => {
      clock.t += ms;
    },
    // The probe has its own tests (./probe.test.ts).
    probeDelaysMs: [],
    ...over,
  });
  return { service, clock, queue, onDone, onFailed, onPaused };
}

export const tag = (name: string) => ({ workspaceId: WORKSPACE, tag: name });
export const createBody = (n: number) => ({ workspaceId: WORKSPACE, keywordType: 'HASH' as const, longUrl: `https://example.com/${n}`, customDomain: null });
