import type { Db } from '../db/open';

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
 * costs 5 to 10 µs in WAL mode (its read lock alone is two system calls),
 * more than the rest of a redirect; test/bench/redirect.bench.ts measures it.
 *
 * Never stale for changes made by this process: TEMP triggers on this
 * connection (they exist on no other) call back into JavaScript in the very
 * statement that updates or deletes a link or a domain, and the cache is
 * emptied. Changes committed by other connections (another process, the click
 * writer thread) show in `PRAGMA data_version`, checked at most every
 * OUTSIDE_CHECK_MS. Only what was found is kept: an unknown keyword is looked
 * up each time, so guessing keywords cannot fill memory.
 */
export interface RedirectCache {
  link(domain: string, keyword: string): LinkTarget | undefined;
  domain(name: string): DomainSettings | undefined;
}

const OUTSIDE_CHECK_MS = 100;
const MAX_ENTRIES = 50_000;
const caches = new WeakMap<Db, RedirectCache>();

/** One cache per database connection, shared by the redirect's fast path and its Hono route. */
export function redirectCache(db: Db): RedirectCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createRedirectCache(db);
    caches.set(db, cache);
  }
  return cache;
}

function createRedirectCache(db: Db): RedirectCache {
  const linkByKey = db.prepare<[string, string], LinkTarget>(
    'SELECT id, long_url, active FROM links WHERE domain = ? AND keyword = ?',
  );
  const domainByName = db.prepare<[string], DomainSettings>(
    'SELECT http_to_https, domain_setupped FROM domains WHERE domain = ?',
  );
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const links = new Map<string, LinkTarget>();
  const domains = new Map<string, DomainSettings>();
  const clear = () => {
    links.clear();
    domains.clear();
  };

  db.function('redirect_cache_clear', () => {
    clear();
    return null;
  });
  db.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS redirect_cache_link_update AFTER UPDATE OF domain, keyword, long_url, active ON main.links
      BEGIN SELECT redirect_cache_clear(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS redirect_cache_link_delete AFTER DELETE ON main.links
      BEGIN SELECT redirect_cache_clear(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS redirect_cache_domain_update AFTER UPDATE ON main.domains
      BEGIN SELECT redirect_cache_clear(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS redirect_cache_domain_delete AFTER DELETE ON main.domains
      BEGIN SELECT redirect_cache_clear(); END;
  `);

  let version = dataVersion.get();
  let checkedAt = Date.now();
  function checkOutside(): void {
    const now = Date.now();
    if (now - checkedAt < OUTSIDE_CHECK_MS) return;
    checkedAt = now;
    const current = dataVersion.get();
    if (current !== version) {
      version = current;
      clear();
    }
  }

  function remember<T>(map: Map<string, T>, key: string, value: T | undefined): T | undefined {
    if (value === undefined) return undefined;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, value);
    return value;
  }

  return {
    link(domain, keyword) {
      checkOutside();
      const key = `${domain}/${keyword}`;
      return links.get(key) ?? remember(links, key, linkByKey.get(domain, keyword));
    },
    domain(name) {
      checkOutside();
      return domains.get(name) ?? remember(domains, name, domainByName.get(name));
    },
  };
}
