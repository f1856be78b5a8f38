/**
 * The queue's IndexedDB store (idb-keyval, its own database so clearing other
 * data never touches it). Every read goes to the database: nothing is kept in
 * memory, so a service worker stopped at any point loses nothing.
 */
import { clear, createStore, del, get, promisifyRequest, set, values, type UseStore } from 'idb-keyval';
import { QUEUE_DB } from '../storage/keys';
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
  clear(): Promise<void>;
}

/** Opens the database lazily: WXT imports entry files at build time, where there is no IndexedDB. */
export function createQueueStore(useStore?: UseStore): QueueStore {
  let opened: UseStore | undefined = useStore;
  const db = (): UseStore => (opened ??= createStore(QUEUE_DB.name, QUEUE_DB.store));

  return {
    async all() {
      const items = await values<QueueItem>(db());
      return items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },
    get: (id) => get<QueueItem>(id, db()),
    put: (item) => set(item.id, item, db()),
    update: (id, fn) =>
      readThenWrite(db(), id, (store, current) => {
        const next = fn(current);
        store.put(next, id);
        return next;
      }),
    remove: (id) => del(id, db()),
    take: (id) =>
      readThenWrite(db(), id, (store, current) => {
        store.delete(id);
        return current;
      }),
    clear: () => clear(db()),
  };
}

/**
 * Reads an item and writes in the same readwrite transaction, resolving once
 * it commits. Callbacks, not awaits, keep an IndexedDB transaction alive.
 * `write` is not called when the item is gone (resolves undefined).
 */
function readThenWrite<T>(
  useStore: UseStore,
  id: string,
  write: (store: IDBObjectStore, current: QueueItem) => T,
): Promise<T | undefined> {
  return useStore('readwrite', (store) => {
    return new Promise<T | undefined>((resolve, reject) => {
      const read = store.get(id);
      read.onerror = () => reject(read.error);
      read.onsuccess = () => {
        const current = read.result as QueueItem | undefined;
        if (current === undefined) {
          resolve(undefined);
          return;
        }
        const result = write(store, current);
        promisifyRequest(store.transaction).then(() => resolve(result), reject);
      };
    });
  });
}
