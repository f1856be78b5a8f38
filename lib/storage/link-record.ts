/**
 * One scope's record of the link cache (./links.ts): its stored shape, and
 * the operations a write applies to it (put a link, drop one, drop what a
 * newest list page no longer shows, trim to the limits). Pure: no storage.
 */
import type { Link } from '../contract/schemas';
import type { CachedLink } from './link-shape';
import { cacheKeyOf } from './keys';

export const RECENT_MAX = 50;
export const CACHE_MAX = 500;

/** A scope's record, as stored under `linkCacheKey` (the popup reads it by hand: lib/popup/local.ts). */
export interface ScopeRecord {
  v: 1;
  byUrl: Record<string, CachedLink>;
  /** Newest first, at most RECENT_MAX. */
  recent: CachedLink[];
  /** Changed by every write of the background's: how it knows a change event is its own write (no deep compare of ~90 KB). */
  rev?: number;
}

export function put(record: ScopeRecord, link: CachedLink): void {
  drop(record, link.linkId);
  const key = cacheKeyOf(link.longUrl);
  const before = record.byUrl[key];
  record.byUrl[key] = link;
  // Aliases of the URL's previous link follow it to the new one.
  if (before !== undefined && before.linkId !== link.linkId) {
    for (const [alias, cached] of Object.entries(record.byUrl)) if (cached.linkId === before.linkId) record.byUrl[alias] = link;
  }
  record.recent.unshift(link);
}

/** An entry filed under its link's own URL (not an alias). Cached URLs are the service's, so the key is usually the URL itself. */
export function isOwnEntry(key: string, cached: CachedLink | undefined): boolean {
  return cached !== undefined && (cached.longUrl === key || cacheKeyOf(cached.longUrl) === key);
}

export function drop(record: ScopeRecord, linkId: string): void {
  record.recent = record.recent.filter((l) => l.linkId !== linkId);
  for (const [key, cached] of Object.entries(record.byUrl)) {
    if (cached.linkId === linkId) delete record.byUrl[key];
  }
}

export function dropMissing(record: ScopeRecord, page: readonly Link[]): void {
  const present = new Set(page.map((l) => l._id));
  // An empty newest page means the workspace has no links left.
  const since = page.length === 0 ? -Infinity : Math.min(...page.map((l) => time(l.createdDate)));
  const gone = [...record.recent, ...Object.values(record.byUrl)]
    .filter((l) => !present.has(l.linkId) && time(l.createdDate) >= since)
    .map((l) => l.linkId);
  for (const id of gone) drop(record, id);
}

export function trim(record: ScopeRecord): ScopeRecord {
  const byDate = (a: CachedLink, b: CachedLink) => time(b.createdDate) - time(a.createdDate);
  // Stable sort: among equal dates the one just put (at the front) stays first.
  record.recent = record.recent.sort(byDate).slice(0, RECENT_MAX);
  const entries = Object.entries(record.byUrl);
  if (entries.length > CACHE_MAX) {
    entries.sort(([, a], [, b]) => byDate(a, b));
    record.byUrl = Object.fromEntries(entries.slice(0, CACHE_MAX));
  }
  return record;
}

function time(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}
