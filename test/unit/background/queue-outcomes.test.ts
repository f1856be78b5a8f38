/** What the user hears about queued work that finished or failed while no page watched it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Clipboard } from '../../../lib/background/clipboard';
import { MAX_WAIT_MS, QUIET_MS, createQueueOutcomes } from '../../../lib/background/queue/queue-outcomes';
import type { QueueItem, QueueItemOf } from '../../../lib/queue/queue';
import { useCatalogue } from '../fixtures/catalogue';
import { WORKSPACE } from '../fixtures/wire';

let copied: string[];
const clipboard: Clipboard = {
  copy: vi.fn(async (text: string) => {
    copied.push(text);
    return true;
  }),
};

function item<K extends 'track-lead' | 'track-sale'>(kind: K, payload: QueueItemOf<K>['payload']): QueueItemOf<K> {
  return { id: 'q1', kind, createdAt: 0, attempts: 1, nextAttemptAt: 0, idempotencyKey: 'k', payload, progress: null, state: 'pending' } as QueueItemOf<K>;
}

const sale = item('track-sale', {
  workspaceId: WORKSPACE, linkId: 'L1', eventName: 'renewal', customerId: 'c-7', amount: 1999, currency: 'USD',
});
const lead = item('track-lead', { workspaceId: WORKSPACE, linkId: 'L1', eventName: 'signup', customerId: 'c-8' });

function shorten(n: number, opts: { copy?: boolean; notify?: boolean } = {}): QueueItemOf<'create-link'> {
  return {
    id: `q${n}`, kind: 'create-link', createdAt: 0, attempts: 1, nextAttemptAt: 0, idempotencyKey: `k${n}`, progress: null, state: 'pending',
    payload: { body: { workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: `https://example.com/${n}` }, copy: opts.copy ?? true, notify: opts.notify ?? true },
  };
}
const made = (n: number) => ({
  link: { shortUrl: `http://s.test/k${n}`, linkId: `lnk_${n}`, createdDate: '2026-11-23T02:00:00Z', workspaceId: WORKSPACE, longUrl: `https://example.com/${n}` },
});

let shown: { id: string; title: string; message: string }[];

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
  shown = [];
  copied = [];
  vi.mocked(clipboard.copy).mockClear();
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: string, options: { title: string; message: string }) => {
    shown.push({ id, title: options.title, message: options.message });
    return id;
  }) as never);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('queued links', () => {
  it('one link finished alone is announced with its short link, copied', async () => {
    vi.useFakeTimers();
    const outcomes = createQueueOutcomes(clipboard);
    await outcomes.onDone(shorten(1), made(1), { ranNow: false });
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(copied).toEqual(['http://s.test/k1']);
    expect(shown).toEqual([{ id: 'shortlink-queue-q1', title: 'Short link created', message: 'http://s.test/k1 → https://example.com/1 (copied to the clipboard)' }]);
  });

  it('a drain of many is one notification with the newest link, and only that one is copied', async () => {
    vi.useFakeTimers();
    const outcomes = createQueueOutcomes(clipboard);
    for (let n = 1; n <= 20; n += 1) {
      await outcomes.onDone(shorten(n), made(n), { ranNow: false });
      await vi.advanceTimersByTimeAsync(QUIET_MS / 4);
    }
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(copied).toEqual(['http://s.test/k20']);
    expect(shown).toEqual([{ id: 'shortlink-queue-q20', title: '20 short links created', message: 'http://s.test/k20 → https://example.com/20 (copied to the clipboard)' }]);
  });

  it('a drain longer than MAX_WAIT_MS still says how far it got on the way', async () => {
    vi.useFakeTimers();
    const outcomes = createQueueOutcomes(clipboard);
    const step = QUIET_MS / 2;
    const count = MAX_WAIT_MS / step + 4;
    for (let n = 1; n <= count; n += 1) {
      await outcomes.onDone(shorten(n), made(n), { ranNow: false });
      await vi.advanceTimersByTimeAsync(step);
    }
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(shown.map((s) => s.title)).toEqual([`${MAX_WAIT_MS / step} short links created`, '4 short links created']);
    expect(copied).toHaveLength(2);
  });

  it('copies only what asked for a copy, and notifies only when asked', async () => {
    const outcomes = createQueueOutcomes(clipboard);
    await outcomes.onDone(shorten(1, { copy: true, notify: false }), made(1), { ranNow: false });
    await outcomes.onDone(shorten(2, { copy: false, notify: true }), made(2), { ranNow: false });
    await outcomes.flush();
    expect(copied).toEqual(['http://s.test/k1']);
    // The one shown was not the one copied: it does not say "copied".
    expect(shown).toEqual([{ id: 'shortlink-queue-q2', title: '2 short links created', message: 'http://s.test/k2 → https://example.com/2' }]);
  });

  it('a link made for a page that waits for it is not announced', async () => {
    const outcomes = createQueueOutcomes(clipboard);
    await outcomes.onDone(shorten(1), made(1), { ranNow: true });
    await outcomes.flush();
    expect(shown).toEqual([]);
    expect(copied).toEqual([]);
  });

  it('links refused together are one notification, with the first and why', async () => {
    const outcomes = createQueueOutcomes(clipboard);
    await outcomes.onFailed(shorten(1), { code: 'KEYWORD_TAKEN', values: ['promo', 'http://s.test/alt1'] });
    await outcomes.onFailed(shorten(2), { code: 'KEYWORD_TAKEN', values: ['promo', 'http://s.test/alt1'] });
    await outcomes.flush();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ id: 'shortlink-queue-q1', title: "2 waiting links couldn't be made" });
    expect(shown[0]?.message).toMatch(/^https:\/\/example\.com\/1\n/);
  });
});

describe('queued conversions', () => {
  it('a queued sale recorded later is announced with what it was', async () => {
    await createQueueOutcomes(clipboard).onDone(sale, { success: true, timestamp: '2026-11-23T02:00:00Z' }, { ranNow: false });
    expect(shown).toEqual([{ id: 'shortlink-queue-q1', title: 'Conversion recorded', message: expect.stringContaining('renewal') }]);
    expect(shown[0]?.message).toContain('19.99');
  });

  it('a sale recorded for a page that waits for it is not announced twice', async () => {
    await createQueueOutcomes(clipboard).onDone(sale, { success: true, timestamp: '2026-11-23T02:00:00Z' }, { ranNow: true });
    expect(shown).toEqual([]);
  });

  it('a queued lead the service refused says which and why', async () => {
    await createQueueOutcomes(clipboard).onFailed(lead as QueueItem, { code: 'LINK_NOT_FOUND', message: 'linkId does not name a link of this workspace' });
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe("A waiting conversion couldn't be recorded");
    expect(shown[0]?.message).toContain('signup');
    expect(clipboard.copy).not.toHaveBeenCalled();
  });
});
