/**
 * The queue's status publisher: a drain's touches publish a few times a
 * second, and less often when reading the store is slow (the sends' writes
 * wait behind that read).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLISH_EVERY_MS, READ_SHARE_INVERSE, createStatusPublisher } from '../../../lib/queue/publisher';
import type { QueueStatus } from '../../../lib/queue/types';

const status: QueueStatus = { pending: 1, paused: 0, failed: 0, nextAttemptAt: null, changedAt: 0 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A publisher whose reads take `readMs` on its own clock. */
function setup(readMs: number) {
  let t = 0;
  const read = vi.fn(async () => {
    t += readMs;
    return status;
  });
  const publish = vi.fn(async () => undefined);
  return { publisher: createStatusPublisher(read, publish, () => t), read, publish };
}

describe('createStatusPublisher', () => {
  it('touches publish once within PUBLISH_EVERY_MS when reading is quick', async () => {
    const { publisher, publish } = setup(5);
    await publisher.changed();
    for (let i = 0; i < 20; i += 1) publisher.touch();
    await vi.advanceTimersByTimeAsync(PUBLISH_EVERY_MS - 1);
    expect(publish).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(publish).toHaveBeenCalledTimes(2);
  });

  it('waits longer after a slow read, so reading takes at most a fifth of the time', async () => {
    const { publisher, publish } = setup(200);
    await publisher.changed();
    publisher.touch();
    await vi.advanceTimersByTimeAsync(200 * READ_SHARE_INVERSE - 1);
    expect(publish).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(publish).toHaveBeenCalledTimes(2);
  });

  it('changed() still publishes at once, whatever the last read took', async () => {
    const { publisher, publish } = setup(200);
    await publisher.changed();
    publisher.touch();
    await publisher.changed();
    expect(publish).toHaveBeenCalledTimes(2);
  });
});
