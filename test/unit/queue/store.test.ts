import { beforeEach, describe, expect, it } from 'vitest';
import { createQueueStore } from '../../../lib/queue/store';
import type { QueueItem } from '../../../lib/queue/types';

const store = createQueueStore();

function item(id: string): QueueItem {
  return {
    id, kind: 'create-tag', createdAt: 1, attempts: 0, nextAttemptAt: 1, idempotencyKey: `key-${id}`,
    payload: { workspaceId: 'w', tag: 't' }, progress: null, state: 'pending',
  };
}

beforeEach(async () => {
  await store.clear();
});

describe('queue store take', () => {
  it('removes an item and returns it', async () => {
    await store.put(item('a'));
    await store.put(item('b'));
    expect(await store.take('a')).toEqual(item('a'));
    expect((await store.all()).map((i) => i.id)).toEqual(['b']);
  });

  it('returns undefined for an item already gone, and changes nothing', async () => {
    await store.put(item('b'));
    expect(await store.take('a')).toBeUndefined();
    expect(await store.all()).toEqual([item('b')]);
  });
});
