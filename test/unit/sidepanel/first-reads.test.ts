import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { leaveForPage } from '../../../lib/browser/first-script';
import { writeCachedAnalytics } from '../../../lib/storage/analytics-cache';
import { linkCacheKey, localName } from '../../../lib/storage/keys';
import { saveConnection } from '../../../lib/storage/settings';
import { PANEL_READS, startPanel, type PanelReads } from '../../../lib/sidepanel/early-start';
import { PANEL_FIRST_SCRIPT, takeEarlyPanel } from '../../../lib/sidepanel/early-slot';
import { firstReads } from '../../../lib/sidepanel/first-reads';
import { linkIdParam } from '../../../lib/sidepanel/link-param';

const scope = { baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' };
const link = { linkId: 'l1', shortUrl: 'http://s.test/abc', longUrl: 'https://a.example/', createdDate: '2026-01-01T00:00:00Z' };

/** The real reads, each call counted. */
function counted(): { reads: PanelReads; calls: Record<keyof PanelReads, number> } {
  const calls = { scope: 0, openCache: 0, cached: 0, known: 0 };
  const reads: PanelReads = {
    scope: () => (calls.scope++, PANEL_READS.scope()),
    openCache: () => (calls.openCache++, PANEL_READS.openCache()),
    cached: (s, id) => (calls.cached++, PANEL_READS.cached(s, id)),
    known: (s, id) => (calls.known++, PANEL_READS.known(s, id)),
  };
  return { reads, calls };
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

  it('started by the first script: the scope, then the link\'s cached figures and header', async () => {
    const { reads, calls } = counted();
    const early = startPanel('?linkId=l1', reads);
    expect(early.linkId).toBe('l1');
    expect(await early.scope).toEqual(scope);
    expect(await early.cached).toEqual({ data: { n: 1 }, fetchedAt: 5 });
    expect((await early.known)?.shortUrl).toBe(link.shortUrl);
    expect(calls).toEqual({ scope: 1, openCache: 1, cached: 1, known: 1 });
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
    expect(calls).toEqual({ scope: 1, openCache: 0, cached: 0, known: 0 });
  });

  it('the controller\'s first asks for the page\'s link take the early reads; later ones read afresh', async () => {
    const { reads, calls } = counted();
    const early = startPanel('?linkId=l1', reads);
    const first = firstReads(early);
    expect(await first.readCache('l1')).toEqual({ data: { n: 1 }, fetchedAt: 5 });
    expect((await first.knownLink('l1'))?.linkId).toBe('l1');
    expect(await first.serviceHost()).toBe('127.0.0.1:8787');
    expect(calls).toEqual({ scope: 1, openCache: 1, cached: 1, known: 1 });
    // The background wrote newer figures meanwhile: the next ask sees them, with the same scope read.
    await writeCachedAnalytics(scope, 'l1', { data: { n: 2 }, fetchedAt: 9 });
    expect(await first.readCache('l1')).toEqual({ data: { n: 2 }, fetchedAt: 9 });
    expect(await first.readCache('other')).toBeNull();
    expect(calls).toEqual({ scope: 1, openCache: 3, cached: 3, known: 1 });
  });

  it('a failed early read of the scope is asked again, not kept for the page\'s life', async () => {
    const { reads, calls } = counted();
    let fail = true;
    const flaky: PanelReads = { ...reads, scope: () => (fail ? Promise.reject(new Error('storage')) : reads.scope()) };
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
