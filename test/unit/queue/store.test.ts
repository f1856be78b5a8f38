import { createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueueStore } from '../../../lib/queue/store';
import { QUEUE_DB } from '../../../lib/storage/keys';
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

describe('writes to single items, gathered', () => {
  it('writes asked for together share a transaction, and each resolves once it is written', async () => {
    let readwrite = 0;
    const real = createStore(QUEUE_DB.name, QUEUE_DB.store);
    const counted = createQueueStore((mode, callback) => {
      if (mode === 'readwrite') readwrite += 1;
      return real(mode, callback);
    });
    const ids = Array.from({ length: 12 }, (_, i) => `i${String(i).padStart(2, '0')}`);
    await Promise.all(ids.map((id) => counted.put(item(id))));
    expect(readwrite).toBeLessThanOrEqual(2);
    readwrite = 0;
    const updated = await Promise.all(ids.map((id) => counted.update(id, (c) => ({ ...c, attempts: c.attempts + 1 }))));
    expect(updated.map((u) => u?.attempts)).toEqual(ids.map(() => 1));
    expect(readwrite).toBeLessThanOrEqual(2);
    await Promise.all(ids.slice(0, 6).map((id) => counted.remove(id)));
    expect((await store.all()).map((i) => [i.id, i.attempts])).toEqual(ids.slice(6).map((id) => [id, 1]));
  });

  it('in one transaction they apply in the order asked: an update after a removal does not bring the item back', async () => {
    await store.put(item('a'));
    await store.put(item('b'));
    const [, gone, , taken] = await Promise.all([
      store.update('a', (c) => ({ ...c, attempts: 5 })),
      store.remove('a'),
      store.update('a', (c) => ({ ...c, attempts: 9 })),
      store.take('b'),
    ]);
    expect(gone).toBeUndefined();
    expect(taken).toEqual(item('b'));
    expect(await store.all()).toEqual([]);
  });

  it('a removal after an update in the same transaction removes it', async () => {
    await store.put(item('a'));
    const [updated] = await Promise.all([store.update('a', (c) => ({ ...c, attempts: 2 })), store.remove('a')]);
    expect(updated?.attempts).toBe(2);
    expect(await store.get('a')).toBeUndefined();
  });
});

describe('updateWhere', () => {
  it('rewrites the items chosen in one transaction and says how many', async () => {
    for (const id of ['a', 'b', 'c']) await store.put(item(id));
    expect(await store.updateWhere((c) => (c.id === 'b' ? undefined : { ...c, nextAttemptAt: 99 }))).toBe(2);
    expect((await store.all()).map((i) => i.nextAttemptAt)).toEqual([99, 1, 99]);
  });
});
