/**
 * An unknown outcome older than the service keeps its idempotency answers is
 * not resent blindly: the service's link list (newest first, back to the
 * item's time) is asked for the link; found, the item completes with it;
 * not found or no way to tell, it stops for the user ("Send again" or
 * "Discard"). A fake clock and a fake client drive it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../lib/api/client';
import { NetworkError } from '../../../lib/api/errors';
import type { Link } from '../../../lib/contract/schemas';
import { ASK_RESEND, DEFAULT_RETENTION_MS, LOOKUP_PAGES, LOOKUP_PAGE_SIZE } from '../../../lib/queue/stale-outcome';
import type { QueueItemOf } from '../../../lib/queue/types';
import { queueItemView } from '../../../lib/queue/view';
import { useCatalogue } from '../fixtures/catalogue';
import { WORKSPACE, createLinkData, linkRecord } from '../fixtures/wire';
import { T0, setup, store, useEmptyQueue } from './queue-setup';

useEmptyQueue();
useCatalogue();

const HOUR = 3_600_000;
const LONG_URL = 'https://example.com/weekend';

/** A fake client: the link list in pages of `pages`, and what it was asked. */
function fakeClient(pages: Link[][], opts: { listFails?: unknown } = {}) {
  const listLinks = vi.fn(async (q: { cursor?: number; pageSize?: number; orderBy?: string; orderType?: string }) => {
    if (opts.listFails !== undefined) throw opts.listFails;
    const index = Math.round((q.cursor ?? 0) / LOOKUP_PAGE_SIZE);
    const list = pages[index] ?? [];
    const hasNext = index + 1 < pages.length;
    return { pageInfo: { cursor: (index + 1) * LOOKUP_PAGE_SIZE, hasNext, pageNumber: index + 1, pageSize: LOOKUP_PAGE_SIZE, totalCount: 0, totalPages: pages.length }, list };
  });
  const createLink = vi.fn(async (_body: unknown, _opts?: unknown) => createLinkData({ linkId: 'lnk_new', shortUrl: 'http://127.0.0.1:8787/new' }));
  const updateLink = vi.fn(async (body: { linkId: string; tags?: string[] }) => linkRecord({ _id: body.linkId, tags: body.tags ?? [] }));
  const client = { baseUrl: 'http://127.0.0.1:8787/api', listLinks, createLink, updateLink } as unknown as ApiClient;
  return { client, listLinks, createLink, updateLink };
}

/** A link made at `at` (ms) to `longUrl`. */
const link = (id: string, at: number, longUrl = 'https://example.com/other') =>
  linkRecord({ _id: id, longUrl, shortUrl: `http://127.0.0.1:8787/${id}`, createdDate: new Date(at).toISOString() });

/** A shorten whose answer came back garbled at T0, waiting with its key. */
async function unknownOutcome(over: Partial<QueueItemOf<'create-link'>> = {}): Promise<QueueItemOf<'create-link'>> {
  const item: QueueItemOf<'create-link'> = {
    id: '0000000000-0000-weekend',
    kind: 'create-link',
    createdAt: T0,
    attempts: 1,
    nextAttemptAt: T0 + 1_000,
    idempotencyKey: 'key-weekend',
    payload: { body: { workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: LONG_URL, customDomain: null }, notify: true },
    progress: null,
    state: 'pending',
    lastError: { code: 'INVALID_RESPONSE' },
    ...over,
  };
  await store.put(item);
  return item;
}

describe('an unknown outcome within the retention', () => {
  it('is sent again under its key, without asking the list', async () => {
    const fake = fakeClient([]);
    const { clock, queue, onDone } = setup({ getClient: () => fake.client });
    await unknownOutcome();
    clock.t = T0 + 20 * HOUR;
    await queue.replay();
    expect(fake.createLink).toHaveBeenCalledTimes(1);
    expect(fake.createLink.mock.calls[0]).toEqual([expect.anything(), { idempotencyKey: 'key-weekend' }]);
    expect(fake.listLinks).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('uses the retention the service told: a 3-day-old one is resent when it keeps answers 7 days', async () => {
    const fake = fakeClient([]);
    const { clock, queue } = setup({ getClient: () => fake.client, retentionMs: async () => 7 * 24 * HOUR });
    await unknownOutcome();
    clock.t = T0 + 3 * 24 * HOUR;
    await queue.replay();
    expect(fake.createLink).toHaveBeenCalledTimes(1);
    expect(fake.listLinks).not.toHaveBeenCalled();
  });

  it('a waiting item that never reached an answer (network down) is not an unknown outcome', async () => {
    const fake = fakeClient([]);
    const { clock, queue } = setup({ getClient: () => fake.client });
    await unknownOutcome({ lastError: { code: 'NETWORK_ERROR' } });
    clock.t = T0 + 3 * 24 * HOUR;
    await queue.replay();
    expect(fake.createLink).toHaveBeenCalledTimes(1);
    expect(fake.listLinks).not.toHaveBeenCalled();
  });
});

describe('an unknown outcome older than the retention', () => {
  it('found on the list (second page, newest first): completes with that link, as if replayed, with no new link', async () => {
    const made = link('lnk_made', T0 + 2_000, LONG_URL);
    const newer = Array.from({ length: LOOKUP_PAGE_SIZE }, (_, i) => link(`n${i}`, T0 + 3 * 24 * HOUR - i * 60_000));
    const fake = fakeClient([newer, [made, link('old', T0 - HOUR, LONG_URL)]]);
    const { clock, queue, onDone, onFailed } = setup({ getClient: () => fake.client });
    await unknownOutcome();
    clock.t = T0 + 3 * 24 * HOUR;
    await queue.replay();
    expect(fake.createLink).not.toHaveBeenCalled();
    expect(fake.listLinks).toHaveBeenCalledTimes(2);
    expect(fake.listLinks.mock.calls[0]![0]).toMatchObject({ workspaceId: WORKSPACE, cursor: 0, orderBy: 'createdDate', orderType: 'desc' });
    expect(onFailed).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone.mock.calls[0]![1]).toEqual({
      link: { linkId: 'lnk_made', shortUrl: 'http://127.0.0.1:8787/lnk_made', createdDate: made.createdDate, workspaceId: WORKSPACE, longUrl: LONG_URL },
    });
    expect(await queue.list()).toEqual([]);
  });

  it('found, with tags still to set: only the tags are sent', async () => {
    const fake = fakeClient([[link('lnk_made', T0 + 2_000, LONG_URL)]]);
    const { clock, queue } = setup({ getClient: () => fake.client });
    await unknownOutcome({ payload: { body: { workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: LONG_URL, customDomain: null }, tags: ['news'] } });
    clock.t = T0 + 2 * 24 * HOUR;
    await queue.replay();
    expect(fake.createLink).not.toHaveBeenCalled();
    expect(fake.updateLink).toHaveBeenCalledWith(expect.objectContaining({ linkId: 'lnk_made', tags: ['news'] }));
    expect(await queue.list()).toEqual([]);
  });

  it('not on the list (the list reaches links older than the item): stops and asks the user', async () => {
    // A link to the same address made before the item is not its link.
    const fake = fakeClient([[link('x', T0 + HOUR), link('before', T0 - HOUR, LONG_URL)], [link('never-read', T0 - 2 * HOUR, LONG_URL)]]);
    const { clock, queue, onDone, onFailed } = setup({ getClient: () => fake.client });
    await unknownOutcome();
    clock.t = T0 + DEFAULT_RETENTION_MS + HOUR;
    await queue.replay();
    expect(fake.createLink).not.toHaveBeenCalled();
    expect(fake.listLinks).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    const [stopped] = await queue.list();
    expect(stopped).toMatchObject({ state: 'failed', idempotencyKey: 'key-weekend', lastError: { code: ASK_RESEND } });
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ id: stopped!.id }), { code: ASK_RESEND });
    // The options page asks the user about it, in words.
    expect(queueItemView(stopped!)).toMatchObject({ state: 'failed', askResend: true, lastError: expect.stringContaining('no longer remembers') });
    // It waits for the user: later replays leave it alone.
    clock.t += 24 * HOUR;
    await queue.replay();
    expect(fake.createLink).not.toHaveBeenCalled();
  });

  it('no way to tell (every page read is newer than the item): stops and asks, after a bounded read', async () => {
    const pages = Array.from({ length: LOOKUP_PAGES + 3 }, (_, p) =>
      Array.from({ length: LOOKUP_PAGE_SIZE }, (_, i) => link(`p${p}-${i}`, T0 + 3 * 24 * HOUR - (p * LOOKUP_PAGE_SIZE + i) * 1_000)),
    );
    const fake = fakeClient(pages);
    const { clock, queue } = setup({ getClient: () => fake.client });
    await unknownOutcome();
    clock.t = T0 + 3 * 24 * HOUR;
    await queue.replay();
    expect(fake.listLinks).toHaveBeenCalledTimes(LOOKUP_PAGES);
    expect(fake.createLink).not.toHaveBeenCalled();
    expect((await queue.list())[0]).toMatchObject({ state: 'failed', lastError: { code: ASK_RESEND } });
  });

  it('"Send again" sends it under its key without asking the list again; "Retry all" asks the list again', async () => {
    const fake = fakeClient([[link('before', T0 - HOUR)]]);
    const { clock, queue } = setup({ getClient: () => fake.client });
    const item = await unknownOutcome();
    clock.t = T0 + 3 * 24 * HOUR;
    await queue.replay();
    expect(fake.listLinks).toHaveBeenCalledTimes(1);

    await queue.retryNow();
    expect(fake.listLinks).toHaveBeenCalledTimes(2);
    expect(fake.createLink).not.toHaveBeenCalled();

    await queue.retryNow(item.id);
    expect(fake.listLinks).toHaveBeenCalledTimes(2);
    expect(fake.createLink).toHaveBeenCalledTimes(1);
    expect(fake.createLink.mock.calls[0]![1]).toEqual({ idempotencyKey: 'key-weekend' });
    expect(await queue.list()).toEqual([]);
  });

  it('a list that cannot be reached: the item waits and is looked up later, never resent blindly', async () => {
    const fake = fakeClient([], { listFails: new NetworkError('http://127.0.0.1:8787', new TypeError('Failed to fetch')) });
    const { clock, queue, onFailed } = setup({ getClient: () => fake.client });
    await unknownOutcome();
    clock.t = T0 + 3 * 24 * HOUR;
    await queue.replay();
    expect(fake.createLink).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
    expect((await queue.list())[0]).toMatchObject({ state: 'pending', lastError: { code: 'NETWORK_ERROR' } });
  });

  it('a send cut off with no answer recorded (the worker stopped mid-send) counts as unknown too', async () => {
    const fake = fakeClient([[link('before', T0 - HOUR)]]);
    const { clock, queue } = setup({ getClient: () => fake.client });
    await unknownOutcome({ lastError: undefined, attempts: 1 });
    clock.t = T0 + 3 * 24 * HOUR;
    await queue.replay();
    expect(fake.createLink).not.toHaveBeenCalled();
    expect((await queue.list())[0]).toMatchObject({ state: 'failed', lastError: { code: ASK_RESEND } });
  });
});
