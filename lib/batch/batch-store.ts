/**
 * Where the bulk batch is kept: IndexedDB (idb-keyval, a database of its own),
 * one record for the header, one per item, one for the text. One batch is
 * kept at a time: a new one replaces a finished one.
 *
 * A batch of 1,000 changes its items a thousand times in ten seconds, so an
 * item's change writes that item and the header, never the whole batch; the
 * changes asked for while a transaction runs go together into the next one
 * (as the queue's store does, lib/queue/store-writes.ts). Every transaction
 * bumps the batch's revision and stamps the items it changed with it, so a
 * page asks only for what changed since the revision it has. The store's
 * one writer (the background) remembers each item's revision, so that
 * question reads only the items changed, not all thousand, a few times a
 * second while a batch runs.
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { BULK_DB } from '../storage/keys';
import type { BulkBatch, BulkItem, BulkText } from './batch-types';

const HEADER = 'batch';
const TEXT = 'text';
const itemKey = (index: number) => `item:${String(index).padStart(6, '0')}`;
const ITEMS = () => IDBKeyRange.bound('item:', 'item;');

/** One change: an item's new value (undefined: unchanged), and optionally the header's. */
export interface BatchChange {
  index?: number;
  item?: (item: BulkItem) => BulkItem | undefined;
  header?: (batch: BulkBatch) => BulkBatch;
}

/** After a transaction committed: the header as written, and whether it just became `done`. */
export type OnCommit = (batch: BulkBatch, finishedNow: boolean) => void;

export interface BulkStore {
  /** Replaces whatever was kept by this batch. */
  create(batch: BulkBatch, items: readonly BulkItem[], text: BulkText | null): Promise<void>;
  batch(): Promise<BulkBatch | null>;
  /** The items changed after revision `since` (0: all), in list order. */
  items(since: number): Promise<BulkItem[]>;
  text(): Promise<BulkText | null>;
  /**
   * Applies changes to batch `id` in one transaction (gathered with others
   * asked for meanwhile); nothing when the kept batch is another one.
   * Resolves with the header as written, or null.
   */
  change(id: string, changes: readonly BatchChange[]): Promise<BulkBatch | null>;
  clear(): Promise<void>;
}

interface Pending {
  id: string;
  changes: readonly BatchChange[];
  resolve: (batch: BulkBatch | null) => void;
  reject: (error: unknown) => void;
}

/** Opens the database lazily: WXT imports entry files at build time, where there is no IndexedDB. */
export function createBulkStore(opts: { useStore?: UseStore; onCommit?: OnCommit; now?: () => number } = {}): BulkStore {
  let opened = opts.useStore;
  const db = (): UseStore => (opened ??= createStore(BULK_DB.name, BULK_DB.store));
  const now = opts.now ?? Date.now;
  let pending: Pending[] = [];
  let running = false;
  /** Each item's revision, by index, as last written here; null until first read (one read of all). */
  let revs: Map<number, number> | null = null;

  function run(): void {
    const batch = pending;
    pending = [];
    running = true;
    let written: BulkBatch | null = null;
    let finishedNow = false;
    db()('readwrite', (store) =>
      apply(store, batch, now()).then((out) => {
        written = out.header;
        finishedNow = out.finishedNow;
        if (revs !== null && out.header !== null) for (const index of out.changed) revs.set(index, out.header.rev);
      }),
    )
      .then(
        () => {
          for (const op of batch) op.resolve(written !== null && written.id === op.id ? written : null);
          if (written !== null) opts.onCommit?.(written, finishedNow);
        },
        (error: unknown) => batch.forEach((op) => op.reject(error)),
      )
      .finally(() => {
        running = false;
        if (pending.length > 0) run();
      });
  }

  return {
    create: (batch, items, text) => {
      revs = null;
      return db()('readwrite', (store) => {
        store.clear();
        store.put(batch, HEADER);
        for (const item of items) store.put(item, itemKey(item.index));
        if (text !== null) store.put(text, TEXT);
        return promisifyRequest(store.transaction);
      }).then(() => {
        revs = new Map(items.map((item) => [item.index, item.rev]));
      });
    },
    batch: () => db()('readonly', (store) => promisifyRequest(store.get(HEADER)).then((b) => (b as BulkBatch | undefined) ?? null)),
    async items(since) {
      const known = revs;
      if (known === null || since === 0) {
        const all = await db()('readonly', (store) => promisifyRequest(store.getAll(ITEMS())) as Promise<BulkItem[]>);
        if (revs === null) revs = new Map(all.map((item) => [item.index, item.rev]));
        return all.filter((item) => item.rev > since);
      }
      const changed = [...known].filter(([, rev]) => rev > since).map(([index]) => index);
      if (changed.length === 0) return [];
      const read = await db()('readonly', (store) => Promise.all(changed.map((index) => promisifyRequest(store.get(itemKey(index))) as Promise<BulkItem | undefined>)));
      return read.filter((item): item is BulkItem => item !== undefined && item.rev > since).sort((a, b) => a.index - b.index);
    },
    text: () => db()('readonly', (store) => promisifyRequest(store.get(TEXT)).then((t) => (t as BulkText | undefined) ?? null)),
    change: (id, changes) =>
      new Promise((resolve, reject) => {
        pending.push({ id, changes, resolve, reject });
        if (!running) run();
      }),
    clear: () => {
      revs = null;
      return db()('readwrite', (store) => (store.clear(), promisifyRequest(store.transaction)));
    },
  };
}

/**
 * Reads the header and the items the changes touch, applies the changes in
 * the order asked, writes what changed with the next revision, and keeps the
 * counts in step. Callbacks, not awaits, between requests: an IndexedDB
 * transaction stays open only while requests are pending.
 */
function apply(store: IDBObjectStore, ops: readonly Pending[], at: number): Promise<{ header: BulkBatch | null; finishedNow: boolean; changed: number[] }> {
  return new Promise((resolve, reject) => {
    const done = promisifyRequest(store.transaction);
    const headerRead = store.get(HEADER);
    headerRead.onerror = () => reject(headerRead.error);
    headerRead.onsuccess = () => {
      const header = headerRead.result as BulkBatch | undefined;
      if (header === undefined) {
        resolve({ header: null, finishedNow: false, changed: [] });
        return;
      }
      const mine = ops.filter((op) => op.id === header.id);
      const indexes = [...new Set(mine.flatMap((op) => op.changes.flatMap((c) => (c.index === undefined ? [] : [c.index]))))];
      const items = new Map<number, BulkItem>();
      let left = indexes.length;
      const finish = () => {
        let next: BulkBatch = { ...header, counts: { ...header.counts } };
        const changed = new Set<number>();
        for (const op of mine) {
          for (const change of op.changes) {
            if (change.header) next = change.header(next);
            if (change.index === undefined || change.item === undefined) continue;
            const before = items.get(change.index);
            if (before === undefined) continue;
            const after = change.item(before);
            if (after === undefined || after === before) continue;
            next.counts[before.state] -= 1;
            next.counts[after.state] += 1;
            items.set(change.index, after);
            changed.add(change.index);
          }
        }
        next.rev = header.rev + 1;
        for (const index of changed) store.put({ ...items.get(index)!, rev: next.rev }, itemKey(index));
        // The last item settled: the batch is done, once (the one transaction that sees it happen says so).
        const finishedNow = next.state === 'running' && next.counts.waiting === 0;
        if (finishedNow) next = { ...next, state: 'done', finishedAt: at };
        store.put(next, HEADER);
        done.then(() => resolve({ header: next, finishedNow, changed: [...changed] }), reject);
      };
      if (left === 0) finish();
      for (const index of indexes) {
        const read = store.get(itemKey(index));
        read.onerror = () => reject(read.error);
        read.onsuccess = () => {
          const item = read.result as BulkItem | undefined;
          if (item !== undefined) items.set(index, item);
          left -= 1;
          if (left === 0) finish();
        };
      }
    };
  });
}

