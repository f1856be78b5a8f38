/**
 * The queue's IndexedDB store (idb-keyval, its own database so clearing other
 * data never touches it). Every read goes to the database: nothing is kept in
 * memory, so a service worker stopped at any point loses nothing. Sending an
 * item costs two writes of that item alone (count the attempt, then remove
 * it), gathered with the writes of the items in flight beside it
 * (./store-writes.ts); changes to many items at once (due now, wait longer,
 * pause) are one transaction, never one per item.
 */
import { clear, createStore, get, promisifyRequest, values, type UseStore } from 'idb-keyval';
import { QUEUE_DB } from '../storage/keys';
import { createWriteBatcher } from './store-writes';
import type { QueueItem } from './types';

export interface QueueStore {
  /** Every item, in creation order. */
  all(): Promise<QueueItem[]>;
  get(id: string): Promise<QueueItem | undefined>;
  put(item: QueueItem): Promise<void>;
  /**
   * Changes an item in one transaction. Returns the new item, or undefined when
   * it is gone (the user removed it meanwhile): a removed item is never brought back.
   */
  update(id: string, fn: (item: QueueItem) => QueueItem): Promise<QueueItem | undefined>;
  remove(id: string): Promise<void>;
  /** Removes an item and returns what it was, in one transaction (undefined when already gone). */
  take(id: string): Promise<QueueItem | undefined>;
  /**
   * Rewrites every item `fn` returns a new value for (undefined: unchanged),
   * in one transaction; resolves with how many changed, once it commits.
   */
  updateWhere(fn: (item: QueueItem) => QueueItem | undefined): Promise<number>;
  clear(): Promise<void>;
}

/** Opens the database lazily: WXT imports entry files at build time, where there is no IndexedDB. */
export function createQueueStore(useStore?: UseStore): QueueStore {
  let opened: UseStore | undefined = useStore;
  const db = (): UseStore => (opened ??= createStore(QUEUE_DB.name, QUEUE_DB.store));

  const write = createWriteBatcher(db);

  return {
    async all() {
      const items = await values<QueueItem>(db());
      return items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },
    get: (id) => get<QueueItem>(id, db()),
    put: (item) => write({ id: item.id, reads: false, apply: () => ({ next: item, result: undefined }) }),
    update: (id, fn) =>
      write({
        id,
        reads: true,
        apply: (current) => {
          // Gone (removed meanwhile): a removed item is never brought back.
          if (current === undefined) return { next: undefined, result: undefined };
          const next = fn(current);
          return { next, result: next };
        },
      }),
    remove: (id) => write({ id, reads: false, apply: () => ({ next: undefined, result: undefined }) }),
    take: (id) => write({ id, reads: true, apply: (current) => ({ next: undefined, result: current }) }),
    updateWhere: (fn) =>
      db()('readwrite', (store) => {
        return new Promise<number>((resolve, reject) => {
          let changed = 0;
          const cursor = store.openCursor();
          cursor.onerror = () => reject(cursor.error);
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (at === null) {
              promisifyRequest(store.transaction).then(() => resolve(changed), reject);
              return;
            }
            const next = fn(at.value as QueueItem);
            if (next !== undefined) {
              at.update(next);
              changed += 1;
            }
            at.continue();
          };
        });
      }),
    clear: () => clear(db()),
  };
}
