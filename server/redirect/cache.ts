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

const MAX_ENTRIES = 50_000;
const caches = new WeakMap<Database, RedirectCache>();

/** One cache per database, shared by the redirect's fast path and its Hono route. */
export function redirectCache(db: Database): RedirectCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createRedirectCache(db);
    caches.set(db, cache);
  }
  return cache;
}

function createRedirectCache(db: Database): RedirectCache {
  const links = new Map<string, LinkTarget>();
  const domains = new Map<string, DomainSettings>();
  /** Bumped by every change: a lookup started under an older generation is not remembered. */
  let generation = 0;
  db.onRedirectChange(() => {
    generation += 1;
    links.clear();
    domains.clear();
  });

  async function remember<T>(map: Map<string, T>, key: string, lookup: Promise<T | undefined>): Promise<T | undefined> {
    const started = generation;
    const value = await lookup;
    if (value === undefined || started !== generation) return value;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, value);
    return value;
  }

  return {
    peekLink(domain, keyword) {
      db.pollChanges();
      return links.get(`${domain}/${keyword}`);
    },
    peekDomain(name) {
      db.pollChanges();
      return domains.get(name);
    },
    link(domain, keyword) {
      db.pollChanges();
      const key = `${domain}/${keyword}`;
      const found = links.get(key);
      if (found) return Promise.resolve(found);
      return remember(links, key, db.get<LinkTarget>('SELECT id, long_url, active FROM links WHERE domain = ? AND keyword = ?', [domain, keyword]));
    },
    domain(name) {
      db.pollChanges();
      const found = domains.get(name);
      if (found) return Promise.resolve(found);
      return remember(domains, name, db.get<DomainSettings>('SELECT http_to_https, domain_setupped FROM domains WHERE domain = ?', [name]));
    },
  };
}
