/**
 * The local cache of short links (long URL → short link) and the list of
 * recent links, so the popup can show a link it already made with no network
 * request. One storage record per scope (base URL + workspace): switching
 * services or workspaces never serves another service's links, and a lookup is
 * a single storage read.
 *
 * Only the background writes here (it owns the caches, docs/design.md Data flow);
 * pages read and `watchRecent`.
 */
import { storage } from 'wxt/utils/storage';
import { cacheKeyOf, linkCacheKey, type LinkScope, type LocalKey } from './keys';
import type { LinkCache, ScopeSource } from './link-cache-port';
import { drop, dropMissing, isOwnEntry, put, trim, type ScopeRecord } from './link-record';
import { linkOfWire, type CachedLink } from './link-shape';

// Named with the cache by most of its users; defined with the keys made from it.
export type { LinkScope } from './keys';
// The record's shape and its operations live in ./link-record.ts, the cache's interface in
// ./link-cache-port.ts; their users know them by the cache.
export type { KnownOptions, LinkCache, ScopeSource } from './link-cache-port';
export { CACHE_MAX, RECENT_MAX, type ScopeRecord } from './link-record';
export { linkOfWire, type CachedLink } from './link-shape';

/** The background's gap between two writes of the cache (LinkCacheOptions.writeGapMs): a link made waits at most this long to be written. */
export const LINK_CACHE_WRITE_GAP_MS = 500;
/**
 * With a gap, the wait after a write is also at least this many times as long
 * as that write took (at most LINK_CACHE_WRITE_GAP_MAX_MS): a drain's record
 * of 500 links is ~90 KB, and each write of it cost the worker ~30 ms and the
 * browser its storage work and a change event to every open page, so under
 * load the writes kept to a tenth of the time (test/bench/queue-drain).
 */
export const LINK_CACHE_WRITE_SHARE_INVERSE = 10;
export const LINK_CACHE_WRITE_GAP_MAX_MS = 2_000;

export interface LinkCacheOptions {
  /**
   * Keep each scope's record in memory (the background, the only writer).
   * Every storage read is an IPC to the browser process, and on a new link
   * the lookup sits in front of the request: ~10 ms of the popup's budget
   * while the browser is busy opening the popup (test/bench/popup-timing).
   * Own writes update the copy; a change in storage that does not match it
   * (another writer, or an older write's late event) drops it.
   */
  memo?: boolean;
  /**
   * At least this long between two writes of the cache (ms; 0: each write as
   * soon as the one before it ends). Changes asked for meanwhile are written
   * together, and a read asks for them to be written at once. A drain of the
   * queue makes ~60 links a second; each rewrite of a scope's record (~50 KB
   * with 500 links) cost the worker 25 ms and sent every open page a storage
   * change (test/bench/queue-drain). A worker stopped in the gap loses the
   * links not yet written from the cache only: the queue removed their items
   * after the service answered, so the links exist once each, and a later
   * shorten of the same URL misses the cache (lib/background/queue/finished-work.ts).
   */
  writeGapMs?: number;
}

export function createLinkCache(opts: LinkCacheOptions = {}): LinkCache {
  // Writes are read-modify-write: chain them so two quick creates cannot lose one (and gather them: change()).
  let writes: Promise<unknown> = Promise.resolve();
  const memo = new Map<string, Promise<ScopeRecord | null>>();
  const watched = new Set<string>();

  function stored(scope: LinkScope): Promise<ScopeRecord | null> {
    const key = linkCacheKey(scope);
    if (!opts.memo) return storage.getItem<ScopeRecord>(key);
    let hit = memo.get(key);
    if (hit === undefined) {
      if (!watched.has(key)) {
        watched.add(key);
        storage.watch<ScopeRecord>(key, (value) => resync(key, value));
      }
      hit = storage.getItem<ScopeRecord>(key);
      memo.set(key, hit);
      const read = hit;
      read.catch(() => {
        if (memo.get(key) === read) memo.delete(key);
      });
    }
    return hit;
  }

  function resync(key: string, value: ScopeRecord | null): void {
    const current = memo.get(key);
    if (current === undefined) return;
    current.then(
      (held) => {
        if (memo.get(key) === current && (held === null || value === null || held.rev === undefined || held.rev !== value.rev)) memo.delete(key);
      },
      () => undefined,
    );
  }

  async function read(scope: LinkScope): Promise<ScopeRecord> {
    const record = await stored(scope);
    if (record?.v !== 1) return { v: 1, byUrl: {}, recent: [] };
    // The memo's own copy is changed in place: every reader waits for the writes first (settled), and a
    // failed write drops it. Without the memo, a copy: some storage areas (the test fake) hand back their own object.
    return opts.memo ? record : structuredClone(record);
  }

  /**
   * Changes asked for while a write is under way wait for it together and
   * are then written together: one read-modify-write of each scope's record
   * for all of them. A drain of the offline queue remembers hundreds of
   * links in seconds; one write each rewrote the whole record (up to 500
   * links) every time. With `writeGapMs`, a write also waits out the gap
   * since the last one, gathering what is asked for meanwhile.
   */
  let gathering: { source: ScopeSource; fn: (record: ScopeRecord) => void }[] | null = null;
  let gathered: Promise<void> = Promise.resolve();
  const gapMs = opts.writeGapMs ?? 0;
  /** When the last write ended (-Infinity: none yet), and how to cut short the wait for the next one. */
  let lastWriteAt = -Infinity;
  /** How long the last write took (ms). */
  let lastWriteMs = 0;
  let writeNow: (() => void) | null = null;
  /** A read waits for the changes gathered now: their write skips the gap. */
  let hurry = false;

  /** Waits out the gap since the last write, unless a read asks for the changes first. */
  function gap(): Promise<void> {
    const wait = lastWriteAt + Math.max(gapMs, Math.min(LINK_CACHE_WRITE_GAP_MAX_MS, lastWriteMs * LINK_CACHE_WRITE_SHARE_INVERSE)) - Date.now();
    if (hurry || wait <= 0) {
      hurry = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, wait);
      function done(): void {
        clearTimeout(timer);
        writeNow = null;
        resolve();
      }
      writeNow = done;
    });
  }

  /** Every change asked for so far, written: what a read waits for. */
  function settled(): Promise<unknown> {
    if (writeNow !== null) writeNow();
    else if (gathering !== null) hurry = true;
    return writes;
  }

  function change(source: ScopeSource, fn: (record: ScopeRecord) => void): Promise<void> {
    if (gathering !== null) {
      gathering.push({ source, fn });
      return gathered;
    }
    const batch = [{ source, fn }];
    gathering = batch;
    // Chained now, even when the scope is still being read: a lookup asked for after this call waits for it.
    let started = 0;
    const run = writes.then(gap).then(async () => {
      started = Date.now();
      gathering = null;
      const scopes = new Map<LocalKey, { scope: LinkScope; fns: ((record: ScopeRecord) => void)[] }>();
      for (const asked of batch) {
        const scope = await asked.source;
        const key = linkCacheKey(scope);
        const entry = scopes.get(key) ?? { scope, fns: [] };
        entry.fns.push(asked.fn);
        scopes.set(key, entry);
      }
      for (const [key, { scope, fns }] of scopes) {
        const record = await read(scope);
        // A list page re-read on every popup opening mostly says what the cache holds: no write then.
        const before = JSON.stringify(record);
        for (const apply of fns) apply(record);
        if (JSON.stringify(record) === before) continue;
        const next = trim(record);
        next.rev = ((next.rev ?? 0) + 1) % Number.MAX_SAFE_INTEGER;
        try {
          await storage.setItem(key, next);
        } finally {
          // Written or not, storage is the truth: a failed write must not leave the memo ahead of it.
          memo.delete(key);
        }
        // The area copied it when called: the memo may keep this object and change it in place next time.
        if (opts.memo) memo.set(key, Promise.resolve(next));
      }
    }).finally(() => {
      lastWriteAt = Date.now();
      if (started > 0 && gapMs > 0) lastWriteMs = lastWriteAt - started;
    });
    gathered = run;
    writes = run.catch(() => undefined);
    return run;
  }

  return {
    async lookup(scope, longUrl) {
      // Reads see every write already asked for (the shortener answers before its write lands).
      await settled();
      const record = await stored(scope);
      return record?.v === 1 ? (record.byUrl[cacheKeyOf(longUrl)] ?? null) : null;
    },

    remember: (scope, link) =>
      change(scope, (record) => {
        put(record, link);
      }),

    rememberLinks: (scope, list, opts = {}) =>
      change(scope, (record) => {
        if (opts.newestPage) dropMissing(record, list);
        // Oldest first, so when one URL has several links the newest ends up in the cache.
        for (const link of [...list].reverse()) {
          if (link.linkActive) put(record, linkOfWire(link));
          else drop(record, link._id);
        }
      }),

    rememberAlias: (scope, url, link) =>
      change(scope, (record) => {
        const key = cacheKeyOf(url);
        // The URL's own link, made or found for it, wins over an alias.
        if (key === cacheKeyOf(link.longUrl) || isOwnEntry(key, record.byUrl[key])) return;
        record.byUrl[key] = link;
      }),

    forgetAliases: (scope) =>
      change(scope, (record) => {
        for (const [key, cached] of Object.entries(record.byUrl)) if (!isOwnEntry(key, cached)) delete record.byUrl[key];
      }),

    forget: (scope, linkId) =>
      change(scope, (record) => {
        drop(record, linkId);
      }),

    async recent(scope) {
      await settled();
      // A copy: the memo's record is changed in place by the next write.
      return [...(await read(scope)).recent];
    },

    async known(scope, opts = {}) {
      if (opts.waitForWrites !== false) await settled();
      const record = await read(scope);
      const byId = new Map<string, CachedLink>();
      for (const link of [...record.recent, ...Object.values(record.byUrl)]) if (!byId.has(link.linkId)) byId.set(link.linkId, link);
      return [...byId.values()];
    },

    watchRecent(scope, cb) {
      return storage.watch<ScopeRecord>(linkCacheKey(scope), (record) => cb(record?.recent ?? []));
    },

    async clear(scope) {
      // A change still waiting for its write would bring the record back.
      await settled();
      memo.delete(linkCacheKey(scope));
      await storage.removeItem(linkCacheKey(scope));
    },
  };
}

/** Records a short link; a full or failing storage must not turn a link that was made into an error. */
export async function rememberQuietly(cache: Pick<LinkCache, 'remember'>, scope: ScopeSource, link: CachedLink): Promise<void> {
  try {
    await cache.remember(scope, link);
  } catch (err) {
    console.error('could not cache the short link', err);
  }
}
