/**
 * The link cache with a gap between writes (as the background makes it):
 * links made close together cost one storage write, reads never wait for the
 * gap, the size bound holds, and what a stopped worker had not yet written is
 * a missed hit only.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CACHE_MAX, LINK_CACHE_WRITE_GAP_MS, RECENT_MAX, createLinkCache, type CachedLink, type LinkScope, type ScopeRecord } from '../../../lib/storage/links';
import { linkCacheKey, localName } from '../../../lib/storage/keys';

const scope: LinkScope = { baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' };
const name = localName(linkCacheKey(scope));

function cached(n: number, over: Partial<CachedLink> = {}): CachedLink {
  return {
    shortUrl: `http://127.0.0.1:8787/k${n}`,
    linkId: `lnk_${n}`,
    createdDate: new Date(Date.UTC(2026, 10, 1, 0, 0, 0, n)).toISOString(),
    workspaceId: 'demo',
    longUrl: `https://example.com/page/${n}`,
    ...over,
  };
}

async function stored(): Promise<ScopeRecord | undefined> {
  return (await fakeBrowser.storage.local.get(name))[name] as ScopeRecord | undefined;
}

const cacheWrites = (set: { mock: { calls: unknown[][] } }) => set.mock.calls.filter(([items]) => Object.keys(items as object).includes(name)).length;

beforeEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('createLinkCache({ writeGapMs })', () => {
  it.each([false, true])('memo %s: 200 links made one after another within the gap are written in two writes, the first at once', async (memo) => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const cache = createLinkCache({ memo, writeGapMs: 1_000 });
    await cache.remember(scope, cached(0));
    expect(cacheWrites(set)).toBe(1);
    // One by one, as a drain's answers come: each waits in the gap since the first write.
    const rest: Promise<void>[] = [];
    for (let i = 1; i < 200; i += 1) {
      rest.push(cache.remember(scope, cached(i)));
      await Promise.resolve();
    }
    expect(cacheWrites(set)).toBe(1);
    expect(Object.keys((await stored())?.byUrl ?? {})).toHaveLength(1);
    await Promise.all(rest);
    expect(cacheWrites(set)).toBe(2);
    const record = await stored();
    expect(Object.keys(record?.byUrl ?? {})).toHaveLength(200);
    expect(record?.recent.map((l) => l.linkId)).toEqual(Array.from({ length: RECENT_MAX }, (_, i) => `lnk_${199 - i}`));
  });

  it('a read during the gap sees the links at once and writes them, without waiting out the gap', async () => {
    const cache = createLinkCache({ memo: true, writeGapMs: 60_000 });
    await cache.remember(scope, cached(1));
    void cache.remember(scope, cached(2));
    const started = Date.now();
    expect(await cache.lookup(scope, 'https://example.com/page/2')).toEqual(cached(2));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await stored())?.byUrl['https://example.com/page/2']).toEqual(cached(2));
  });

  it('a read asked for while a write is under way also skips the gap of the changes behind it', async () => {
    const cache = createLinkCache({ writeGapMs: 60_000 });
    await cache.remember(scope, cached(1));
    // The gap since the first write runs: this change waits in it; the next one rides along.
    void cache.remember(scope, cached(2));
    expect((await cache.recent(scope)).map((l) => l.linkId)).toEqual(['lnk_2', 'lnk_1']);
    void cache.remember(scope, cached(3));
    expect((await cache.known(scope)).map((l) => l.linkId).sort()).toEqual(['lnk_1', 'lnk_2', 'lnk_3']);
  });

  it('keeps the size bound: 600 links in one gap leave the newest 500 and the newest 50 recent', async () => {
    const cache = createLinkCache({ memo: true, writeGapMs: LINK_CACHE_WRITE_GAP_MS });
    await Promise.all(Array.from({ length: 600 }, (_, i) => cache.remember(scope, cached(i))));
    const record = await stored();
    const ids = Object.values(record?.byUrl ?? {}).map((l) => Number(l.linkId.slice(4)));
    expect(ids).toHaveLength(CACHE_MAX);
    expect(Math.min(...ids)).toBe(600 - CACHE_MAX);
    expect(record?.recent).toHaveLength(RECENT_MAX);
    expect(record?.recent[0]?.linkId).toBe('lnk_599');
    expect(await cache.lookup(scope, 'https://example.com/page/99')).toBeNull();
    expect(await cache.lookup(scope, 'https://example.com/page/100')).toEqual(cached(100));
  });

  it('clear waits for the changes gathered before it: the record does not come back', async () => {
    const cache = createLinkCache({ memo: true, writeGapMs: 60_000 });
    await cache.remember(scope, cached(1));
    void cache.remember(scope, cached(2));
    await cache.clear(scope);
    expect(await stored()).toBeUndefined();
    expect(await cache.lookup(scope, 'https://example.com/page/2')).toBeNull();
  });

  it('a worker stopped in the gap: the links not yet written are missed hits, the record stays whole', async () => {
    let stopped = false;
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    // A stopped worker writes nothing more.
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((items) => (stopped ? new Promise<void>(() => undefined) : set(items)));
    const before = createLinkCache({ memo: true, writeGapMs: 50 });
    await before.remember(scope, cached(1));
    void before.remember(scope, cached(2));
    stopped = true;
    await new Promise((resolve) => setTimeout(resolve, 120));
    stopped = false;

    const after = createLinkCache({ memo: true, writeGapMs: 50 });
    expect(await after.lookup(scope, 'https://example.com/page/1')).toEqual(cached(1));
    expect(await after.lookup(scope, 'https://example.com/page/2')).toBeNull();
    await after.remember(scope, cached(3));
    expect(Object.keys((await stored())?.byUrl ?? {}).sort()).toEqual(['https://example.com/page/1', 'https://example.com/page/3']);
  });
});

type Op = { kind: 'remember'; n: number; url: number; wait: boolean } | { kind: 'forget'; n: number; wait: boolean } | { kind: 'lookup'; url: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('remember' as const), n: fc.nat({ max: 40 }), url: fc.nat({ max: 8 }), wait: fc.boolean() }),
  fc.record({ kind: fc.constant('forget' as const), n: fc.nat({ max: 40 }), wait: fc.boolean() }),
  fc.record({ kind: fc.constant('lookup' as const), url: fc.nat({ max: 8 }) }),
);

describe('coalesced writes change nothing but their number', () => {
  it('any sequence of remember, forget and lookup gives the lookups and the record that one write per change gives', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 30 }), fc.boolean(), async (ops, memo) => {
        async function play(writeGapMs: number) {
          fakeBrowser.reset();
          const cache = createLinkCache({ memo, writeGapMs });
          const seen: (string | null)[] = [];
          const pending: Promise<void>[] = [];
          for (const op of ops) {
            if (op.kind === 'lookup') {
              seen.push((await cache.lookup(scope, `https://example.com/u${op.url}`))?.linkId ?? null);
              continue;
            }
            const done = op.kind === 'remember' ? cache.remember(scope, cached(op.n, { longUrl: `https://example.com/u${op.url}` })) : cache.forget(scope, `lnk_${op.n}`);
            if (op.wait) await done;
            else pending.push(done);
          }
          await Promise.all(pending);
          return { seen, record: (await stored()) ?? null };
        }
        const oneByOne = await play(0);
        const gathered = await play(5);
        expect(gathered).toEqual(oneByOne);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the gap after a slow write', () => {
  it('waits at least ten times as long as the last write took, however short the gap asked for', async () => {
    const area = fakeBrowser.storage.local;
    const original = area.set.bind(area);
    const ends: number[] = [];
    const starts: number[] = [];
    vi.spyOn(area, 'set').mockImplementation(async (items) => {
      starts.push(Date.now());
      await new Promise((r) => setTimeout(r, 60));
      await original(items);
      ends.push(Date.now());
    });
    const cache = createLinkCache({ memo: true, writeGapMs: 10 });
    await cache.remember(scope, cached(1));
    await cache.remember(scope, cached(2));
    expect(starts).toHaveLength(2);
    expect(starts[1]! - ends[0]!).toBeGreaterThanOrEqual(550);
    expect(Object.keys((await stored())!.byUrl)).toHaveLength(2);
  });

  it('a read still gets every change written at once, without waiting out the gap', async () => {
    const cache = createLinkCache({ memo: true, writeGapMs: 60_000 });
    await cache.remember(scope, cached(1));
    void cache.remember(scope, cached(2));
    expect((await cache.lookup(scope, cached(2).longUrl))?.linkId).toBe('lnk_2');
    expect((await cache.recent(scope)).map((l) => l.linkId)).toEqual(['lnk_2', 'lnk_1']);
  });
});

describe('known({ waitForWrites: false })', () => {
  it('reads what is written without bringing the waiting write forward', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const cache = createLinkCache({ memo: true, writeGapMs: 60_000 });
    await cache.remember(scope, cached(1));
    void cache.remember(scope, cached(2));
    const now = await cache.known(scope, { waitForWrites: false });
    expect(now.map((l) => l.linkId)).toEqual(['lnk_1']);
    await new Promise((r) => setTimeout(r, 20));
    expect(cacheWrites(set)).toBe(1);
    // A plain read still asks for it at once.
    expect((await cache.known(scope)).map((l) => l.linkId).sort()).toEqual(['lnk_1', 'lnk_2']);
    expect(cacheWrites(set)).toBe(2);
  });
});
