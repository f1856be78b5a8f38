import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { leaveForPage } from '../../../lib/browser/first-script';
import { writeCachedAnalytics } from '../../../lib/storage/analytics-cache';
import { linkCacheKey, localName, type LinkScope } from '../../../lib/storage/keys';
import { saveConnection } from '../../../lib/storage/settings';
import { PANEL_READS, startPanel, type FirstOpenReads } from '../../../lib/sidepanel/early-start';
import { PANEL_FIRST_SCRIPT, takeEarlyPanel } from '../../../lib/sidepanel/early-slot';
import { firstReads } from '../../../lib/sidepanel/first-reads';
import { linkIdParam } from '../../../lib/sidepanel/link-param';

const scope = { baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' };
const link = { linkId: 'l1', shortUrl: 'http://s.test/abc', longUrl: 'https://a.example/', createdDate: '2026-01-01T00:00:00Z' };

/** The real reads, each call counted; the scope last opened with is `hint`, and what the first script keeps is noted. */
function counted(hint: LinkScope | null = null) {
  const calls = { scope: 0, openCache: 0, cached: [] as string[], known: 0, scopeWith: 0, keepScope: 0 };
  const kept: (LinkScope | null)[] = [];
  const reads: FirstOpenReads = {
    scope: () => (calls.scope++, PANEL_READS.scope()),
    openCache: () => (calls.openCache++, PANEL_READS.openCache()),
    cached: (s, id) => (calls.cached.push(`${s.workspaceId}/${id}`), PANEL_READS.cached(s, id)),
    known: (s, id) => (calls.known++, PANEL_READS.known(s, id)),
    scopeWith: (keys) => (calls.scopeWith++, PANEL_READS.scopeWith(keys)),
    lastScope: () => hint,
    keepScope: (kept1) => {
      calls.keepScope++;
      kept.push(kept1);
    },
  };
  return { reads, calls, kept };
}

beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ ...scope, token: 'tok' });
  await writeCachedAnalytics(scope, 'l1', { data: { n: 1 }, fetchedAt: 5 });
  await fakeBrowser.storage.local.set({ [localName(linkCacheKey(scope))]: { recent: [link] } });
});

describe("the side panel's first reads", () => {
  it('the page\'s ?linkId=, trimmed; none when empty', () => {
    expect(linkIdParam('?linkId=%20l1%20')).toBe('l1');
    expect(linkIdParam('?linkId=')).toBeNull();
    expect(linkIdParam('')).toBeNull();
  });

  it('started by the first script, with no scope to guess: the scope, then the link\'s cached figures and header, which it keeps for next time', async () => {
    const { reads, calls, kept } = counted();
    const early = startPanel('?linkId=l1', reads);
    expect(early.linkId).toBe('l1');
    expect(await early.scope).toEqual(scope);
    expect(await early.cached).toEqual({ data: { n: 1 }, fetchedAt: 5 });
    expect((await early.known)?.shortUrl).toBe(link.shortUrl);
    expect(calls).toEqual({ scope: 0, openCache: 1, cached: ['demo/l1'], known: 1, scopeWith: 1, keepScope: 1 });
    expect(kept).toEqual([scope]);
  });

  it('the scope last opened with, still the stored one: figures and header read beside the scope, not after it', async () => {
    let storedScope!: () => void;
    const scopeHeld = new Promise<void>((resolve) => (storedScope = resolve));
    const { reads, calls, kept } = counted(scope);
    const early = startPanel('?linkId=l1', { ...reads, scopeWith: (keys) => scopeHeld.then(() => reads.scopeWith(keys)) });
    // The stored scope is not read yet, and the figures' read has started under the guessed one.
    expect(calls.cached).toEqual(['demo/l1']);
    storedScope();
    expect(await early.cached).toEqual({ data: { n: 1 }, fetchedAt: 5 });
    // The header came with the scope, in the same storage read.
    expect((await early.known)?.shortUrl).toBe(link.shortUrl);
    expect(calls).toEqual({ scope: 0, openCache: 1, cached: ['demo/l1'], known: 0, scopeWith: 1, keepScope: 0 });
    expect(kept).toEqual([]);
  });

  it('another profile chosen since: what was read under the old scope is never handed over', async () => {
    const old = { baseUrl: scope.baseUrl, workspaceId: 'old' };
    await writeCachedAnalytics(old, 'l1', { data: { n: 'old' }, fetchedAt: 1 });
    await fakeBrowser.storage.local.set({ [localName(linkCacheKey(old))]: { recent: [{ ...link, shortUrl: 'http://s.test/old' }] } });
    const { reads, calls, kept } = counted(old);
    const early = startPanel('?linkId=l1', reads);
    expect(await early.cached).toEqual({ data: { n: 1 }, fetchedAt: 5 });
    expect((await early.known)?.shortUrl).toBe(link.shortUrl);
    expect(calls.cached).toEqual(['old/l1', 'demo/l1']);
    expect(calls.known).toBe(1);
    expect(kept).toEqual([scope]);
  });

  it('no profile set up any more: nothing cached is shown, and the guess is dropped', async () => {
    fakeBrowser.reset();
    const { reads, kept } = counted(scope);
    const early = startPanel('?linkId=l1', reads);
    expect(await early.scope).toBeNull();
    expect(await early.cached).toBeNull();
    expect(await early.known).toBeNull();
    expect(kept).toEqual([null]);
  });

  it("the cached figures are handed over once the header's read has settled, not before", async () => {
    let answer!: (facts: null) => void;
    const slowKnown = new Promise<null>((resolve) => (answer = resolve));
    let figuresRead!: (read: Promise<unknown>) => void;
    const figuresReadDone = new Promise<unknown>((resolve) => (figuresRead = resolve));
    const early = startPanel('?linkId=l1', {
      ...PANEL_READS,
      known: () => slowKnown,
      cached: (s, id) => {
        const read = PANEL_READS.cached(s, id);
        figuresRead(read);
        return read;
      },
    });
    let handed = false;
    void early.cached.then(() => (handed = true));
    // The figures' own read has finished, and every callback queued behind it has run.
    await figuresReadDone;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handed).toBe(false);
    answer(null);
    expect(await early.cached).toEqual({ data: { n: 1 }, fetchedAt: 5 });
    // A failed header read holds nothing up either.
    const failing = startPanel('?linkId=l1', { ...PANEL_READS, known: () => Promise.reject(new Error('storage')) });
    expect(await failing.cached).toEqual({ data: { n: 1 }, fetchedAt: 5 });
  });

  it('no link named: only the scope is read', async () => {
    const { reads, calls } = counted();
    const early = startPanel('', reads);
    expect(await early.cached).toBeNull();
    expect(await early.known).toBeNull();
    expect(calls).toEqual({ scope: 1, openCache: 0, cached: [], known: 0, scopeWith: 0, keepScope: 0 });
  });

  it('the controller\'s first asks for the page\'s link take the early reads; later ones read afresh', async () => {
    const { reads, calls } = counted();
    const early = startPanel('?linkId=l1', reads);
    const first = firstReads(early);
    expect(await first.readCache('l1')).toEqual({ data: { n: 1 }, fetchedAt: 5 });
    expect((await first.knownLink('l1'))?.linkId).toBe('l1');
    expect(await first.serviceHost()).toBe('127.0.0.1:8787');
    expect(calls).toEqual({ scope: 0, openCache: 1, cached: ['demo/l1'], known: 1, scopeWith: 1, keepScope: 1 });
    // The background wrote newer figures meanwhile: the next ask sees them, with the same scope read.
    await writeCachedAnalytics(scope, 'l1', { data: { n: 2 }, fetchedAt: 9 });
    expect(await first.readCache('l1')).toEqual({ data: { n: 2 }, fetchedAt: 9 });
    expect(await first.readCache('other')).toBeNull();
    expect(calls).toEqual({ scope: 0, openCache: 3, cached: ['demo/l1', 'demo/l1', 'demo/other'], known: 1, scopeWith: 1, keepScope: 1 });
  });

  it('a failed early read of the scope is asked again, not kept for the page\'s life', async () => {
    const { reads, calls } = counted();
    let fail = true;
    const flaky: FirstOpenReads = { ...reads, scopeWith: (keys) => (fail ? Promise.reject(new Error('storage')) : reads.scopeWith(keys)) };
    const early = startPanel('?linkId=l1', flaky);
    const first = firstReads(early);
    await expect(first.readCache('l1')).rejects.toThrow('storage');
    fail = false;
    expect(await first.scope()).toEqual(scope);
    expect(await first.readCache('l1')).toEqual({ data: { n: 1 }, fetchedAt: 5 });
    expect(calls.scope).toBe(1);
  });

  it('the page takes what its first script left; without it, every read fails (the service still answers)', async () => {
    const slot = {};
    const left = startPanel('?linkId=l1');
    leaveForPage(PANEL_FIRST_SCRIPT, left, slot);
    expect(takeEarlyPanel('?linkId=l1', slot)).toBe(left);
    const none = takeEarlyPanel('?linkId=l1', {});
    expect(none.linkId).toBe('l1');
    await expect(none.cached).rejects.toThrow('first script');
    const first = firstReads(none);
    await expect(first.readCache('other')).rejects.toThrow('first script');
    await expect(first.serviceHost()).rejects.toThrow('first script');
  });
});
