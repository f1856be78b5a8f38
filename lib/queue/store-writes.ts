/**
 * The queue store's writes to single items, gathered: IndexedDB runs a
 * store's readwrite transactions one after the other, so with several items
 * in flight their writes (count an attempt, remove after the answer) would
 * queue up one transaction each. Here every write asked for while a
 * transaction is under way goes into the next one; a write alone still
 * starts at once. Each write's promise resolves when its transaction has
 * committed, as before.
 *
 * Within a transaction the writes apply in the order they were asked for, as
 * if one after the other: every item they touch is read first, then each
 * write is applied to what the one before it left, then the results are
 * written. A removal is never undone by an update asked for after it.
 */
import { promisifyRequest, type UseStore } from 'idb-keyval';
import type { QueueItem } from './types';

/** One write: the item as it is (undefined when absent) -> what it becomes, and what the caller gets. */
export interface ItemWrite<T> {
  id: string;
  /** Whether the write needs the item as stored (an update), or replaces it blind (put, delete). */
  reads: boolean;
  apply(current: QueueItem | undefined): { next: QueueItem | undefined; result: T };
}

interface Pending {
  write: ItemWrite<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export function createWriteBatcher(db: () => UseStore): <T>(write: ItemWrite<T>) => Promise<T> {
  let pending: Pending[] = [];
  let running = false;

  function run(): void {
    const batch = pending;
    pending = [];
    running = true;
    const results: unknown[] = [];
    db()('readwrite', (store) => commit(store, batch, results))
      .then(
        () => batch.forEach((op, i) => op.resolve(results[i])),
        (err: unknown) => batch.forEach((op) => op.reject(err)),
      )
      .finally(() => {
        running = false;
        if (pending.length > 0) run();
      });
  }

  return <T>(write: ItemWrite<T>) =>
    new Promise<T>((resolve, reject) => {
      pending.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (!running) run();
    });
}

/** Reads what the batch needs, applies its writes in order, writes the outcome; resolves once it commits. */
function commit(store: IDBObjectStore, batch: readonly Pending[], results: unknown[]): Promise<void> {
  const state = new Map<string, QueueItem | undefined>();
  const toRead = [...new Set(batch.filter((op) => op.write.reads).map((op) => op.write.id))];
  const done = promisifyRequest(store.transaction);

  const applyAll = () => {
    const touched = new Set<string>();
    batch.forEach((op, i) => {
      const { id } = op.write;
      const { next, result } = op.write.apply(state.get(id));
      state.set(id, next);
      touched.add(id);
      results[i] = result;
    });
    for (const id of touched) {
      const item = state.get(id);
      if (item === undefined) store.delete(id);
      else store.put(item, id);
    }
  };

  let left = toRead.length;
  if (left === 0) applyAll();
  for (const id of toRead) {
    const read = store.get(id);
    read.onsuccess = () => {
      state.set(id, read.result as QueueItem | undefined);
      left -= 1;
      // Callbacks, not awaits: an IndexedDB transaction stays open only while requests are pending.
      if (left === 0) applyAll();
    };
  }
  return done;
}
