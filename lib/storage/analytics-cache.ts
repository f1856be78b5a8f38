/**
 * The last analytics answer of each link, per profile scope (base URL +
 * workspace), with when it was fetched. In IndexedDB (its own database, via
 * idb-keyval) rather than storage.local: answers can be large (10,000 cities)
 * and are read by pages directly, so reopening a link shows its last figures
 * before any message reaches the background. Only the background writes.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { ANALYTICS_DB, analyticsKey, type LinkScope } from './keys';

export interface CachedAnalytics {
  /** The service's `data` as received; read block by block by lib/analytics-view. */
  readonly data: unknown;
  /** Epoch ms of the fetch that brought it. */
  readonly fetchedAt: number;
}

interface Record1 {
  v: 1;
  data: unknown;
  fetchedAt: number;
}

let store: UseStore | undefined;
const db = () => (store ??= createStore(ANALYTICS_DB.name, ANALYTICS_DB.store));

/**
 * Starts opening the cache's database without reading anything: a page that
 * must first learn its scope (a storage read) then finds it open. idb-keyval
 * opens a store's database on its first use, not when the store is made, so
 * an empty transaction is that use (measured in the side panel: the open had
 * waited for the scope's read, one browser round trip after it).
 */
export function openAnalyticsCache(): void {
  // A failure here is met again, and handled, by the read that follows.
  db()('readonly', () => undefined).catch(() => undefined);
}

export async function readCachedAnalytics(scope: LinkScope, linkId: string): Promise<CachedAnalytics | null> {
  const record = await get<Record1>(analyticsKey(scope, linkId), db());
  if (record?.v !== 1 || typeof record.fetchedAt !== 'number') return null;
  return { data: record.data, fetchedAt: record.fetchedAt };
}

export async function writeCachedAnalytics(scope: LinkScope, linkId: string, entry: CachedAnalytics): Promise<void> {
  const record: Record1 = { v: 1, data: entry.data, fetchedAt: entry.fetchedAt };
  await set(analyticsKey(scope, linkId), record, db());
}
