import type { Database } from '../db/sql';

export interface LinkTarget {
  id: string;
  long_url: string;
  active: number;
}

export interface DomainSettings {
  http_to_https: number;
  domain_setupped: number;
}

/**
 * Found links and custom domains, kept in memory between changes. A lookup
 * costs 5 to 10 µs on SQLite in WAL mode (its read lock alone is two system
 * calls) and a network round trip on PostgreSQL, more than the rest of a
 * redirect; test/bench/redirect.bench.ts measures it.
 *
 * Never stale for long: the database announces every change of a link's
 * address or destination, or of a domain (Database.onRedirectChange: SQLite's
 * TEMP triggers for this process, its data version checked at most every
 * 100 ms for others; PostgreSQL's NOTIFY for every instance), and the cache
 * is emptied. A lookup that was under way while a change was announced is not
 * kept. Only what was found is kept: an unknown keyword is looked up each
 * time, so guessing keywords cannot fill memory.
 *
 * And never older than REDIRECT_CACHE_MAX_AGE_MS, announced or not: an
 * announcement can be lost (a LISTEN connection that stalled before its
 * heartbeat said so, a change made where no trigger fires), and asking
 * again costs one indexed read per link every few seconds.
 *
 * `peek…` answer from memory only (undefined = not cached), so a found link
 * is served without waiting for anything; `link` and `domain` ask the
 * database when needed.
 */
export interface RedirectCache {
  peekLink(domain: string, keyword: string): LinkTarget | undefined;
  peekDomain(name: string): DomainSettings | undefined;
  link(domain: string, keyword: string): Promise<LinkTarget | undefined>;
  domain(name: string): Promise<DomainSettings | undefined>;
}

/** How long a found link or domain is served from memory at most (docs/scaling.md). */
export const REDIRECT_CACHE_MAX_AGE_MS = 5000;
const MAX_ENTRIES = 50_000;
const caches = new WeakMap<Database, RedirectCache>();

interface Entry<T> {
  value: T;
  /** When it was looked up, on the cache's clock. */
  at: number;
}

/** One cache per database, shared by the redirect's fast path and its Hono route. */
export function redirectCache(db: Database): RedirectCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createRedirectCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/** `now` is a clock in milliseconds (tests move it); only differences of it count. */
export function createRedirectCache(db: Database, now: () => number = () => performance.now()): RedirectCache {
  const links = new Map<string, Entry<LinkTarget>>();
  const domains = new Map<string, Entry<DomainSettings>>();
  /** Bumped by every change: a lookup started under an older generation is not remembered. */
  let generation = 0;
  db.onRedirectChange(() => {
    generation += 1;
    links.clear();
    domains.clear();
  });

  async function remember<T>(map: Map<string, Entry<T>>, key: string, lookup: Promise<T | undefined>): Promise<T | undefined> {
    const started = generation;
    const at = now();
    const value = await lookup;
    if (value === undefined || started !== generation) return value;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, at });
    return value;
  }

  function fresh<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    const entry = map.get(key);
    if (entry === undefined) return undefined;
    if (now() - entry.at <= REDIRECT_CACHE_MAX_AGE_MS) return entry.value;
    map.delete(key);
    return undefined;
  }

  return {
    peekLink(domain, keyword) {
      db.pollChanges();
      return fresh(links, `${domain}/${keyword}`);
    },
    peekDomain(name) {
      db.pollChanges();
      return fresh(domains, name);
    },
    link(domain, keyword) {
      db.pollChanges();
      const key = `${domain}/${keyword}`;
      const found = fresh(links, key);
      if (found) return Promise.resolve(found);
      return remember(links, key, db.get<LinkTarget>('SELECT id, long_url, active FROM links WHERE domain = ? AND keyword = ?', [domain, keyword]));
    },
    domain(name) {
      db.pollChanges();
      const found = fresh(domains, name);
      if (found) return Promise.resolve(found);
      return remember(domains, name, db.get<DomainSettings>('SELECT http_to_https, domain_setupped FROM domains WHERE domain = ?', [name]));
    },
  };
}
