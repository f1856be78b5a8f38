import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '../../../lib/api/client';
import { createRecentLinks, RECENT_PAGE_SIZE } from '../../../lib/background/links/recent-links';
import { reachService } from '../../../lib/background/reach-service';
import { createFinishedWork } from '../../../lib/background/queue/finished-work';
import { createLinkCache, type LinkScope } from '../../../lib/storage/links';
import { localPopupState, readLocalCache } from '../../../lib/popup/local';
import { createQueueRunner } from '../../../lib/queue/queue';
import type { QueueItem } from '../../../lib/queue/queue';
import type { Connection } from '../../../lib/storage/settings';
import { fakeFetch, json, type Responder } from '../fixtures/fake-fetch';
import { BASE_URL, linkRecord, pageInfo, TOKEN, WORKSPACE } from '../fixtures/wire';

const conn = { baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE } as Connection;
const scope: LinkScope = { baseUrl: BASE_URL, workspaceId: WORKSPACE };

beforeEach(() => {
  fakeBrowser.reset();
});

function setup(responder: Responder, opts: { queued?: QueueItem[]; online?: boolean } = {}) {
  const fake = fakeFetch(responder);
  const getClient = async () => createApiClient({ baseUrl: BASE_URL, getToken: () => TOKEN, fetch: fake.fetch });
  const cache = createLinkCache();
  const recordFinished = createFinishedWork({ cache, getConnection: async () => conn });
  const queue = createQueueRunner({ getClient, onDone: (item, result) => recordFinished(item, result) });
  const recent = createRecentLinks({
    reach: () => reachService(conn, { hasHostPermission: async () => true, fetch: fake.fetch }),
    runNow: queue.runNow,
    queued: async () => opts.queued ?? (await queue.list()),
    cache,
    newKey: () => crypto.randomUUID(),
  });
  return { recent, cache, queue, calls: fake.calls };
}

describe('linkList', () => {
  it('keeps the links it listed in the cache: the bulk page counts them as already shortened', async () => {
    const listed = linkRecord({ _id: 'lnk_pop', longUrl: 'https://acme-events.example/tickets', totalClicks: 1846 });
    const { recent, cache } = setup(() => json({ status: true, data: { pageInfo: pageInfo(1), list: [listed] } }));
    await recent.linkList({ cursor: 0 });
    await expect.poll(() => cache.lookup(scope, 'https://acme-events.example/tickets')).toMatchObject({ linkId: 'lnk_pop' });
  });

  it('asks the service for one page, newest first, and answers rows with title, clicks and tags', async () => {
    const links = [
      linkRecord({ _id: 'lnk_1', totalClicks: 4, tags: ['work'], destinationUrlMetaData: { title: '  A title ' } }),
      linkRecord({ _id: 'lnk_2', destinationUrlMetaData: {} }),
    ];
    const { recent, calls } = setup(() => json({ status: true, data: { pageInfo: { ...pageInfo(30), cursor: 20, hasNext: true }, list: links } }));
    const answer = await recent.linkList({ cursor: 0 });
    expect(answer).toEqual({
      status: 'done',
      rows: [
        { linkId: 'lnk_1', shortUrl: links[0]?.shortUrl, longUrl: links[0]?.longUrl, createdDate: links[0]?.createdDate, clicks: 4, tags: ['work'], title: 'A title' },
        { linkId: 'lnk_2', shortUrl: links[1]?.shortUrl, longUrl: links[1]?.longUrl, createdDate: links[1]?.createdDate, clicks: 0, tags: [] },
      ],
      nextCursor: 20,
    });
    const url = new URL(calls[0]?.url ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      workspaceId: WORKSPACE,
      cursor: '0',
      pageSize: String(RECENT_PAGE_SIZE),
      orderBy: 'createdDate',
      orderType: 'desc',
    });
  });

  it('keeps what the page lists of the links the cache holds, so the popup offline shows their titles and clicks', async () => {
    const links = [linkRecord({ _id: 'lnk_1', totalClicks: 97, tags: ['launch', 'newsletter'], destinationUrlMetaData: { title: 'Spring sale' } })];
    const { recent, cache } = setup(() => json({ status: true, data: { pageInfo: pageInfo(1), list: links } }));
    await cache.remember(scope, { linkId: 'lnk_1', shortUrl: links[0]?.shortUrl ?? '', longUrl: links[0]?.longUrl ?? '', createdDate: links[0]?.createdDate ?? '', workspaceId: WORKSPACE });
    await recent.linkList({ cursor: 0 });
    await vi.waitFor(async () => expect((await cache.recent(scope))[0]).toMatchObject({ title: 'Spring sale', clicks: 97, tags: ['launch', 'newsletter'] }));
  });

  it('says there is no next page when the service cursor does not move forward', async () => {
    const { recent } = setup(() => json({ status: true, data: { pageInfo: { ...pageInfo(99), cursor: 20, hasNext: true }, list: [] } }));
    expect(await recent.linkList({ cursor: 20 })).toMatchObject({ status: 'done', nextCursor: null });
  });

  it.each([
    ['a link without its id', { status: true, data: { pageInfo: pageInfo(1), list: [{ ...linkRecord(), _id: undefined }] } }],
    ['clicks as text', { status: true, data: { pageInfo: pageInfo(1), list: [{ ...linkRecord(), totalClicks: '3' }] } }],
    ['no page info', { status: true, data: { list: [linkRecord()] } }],
    ['a list that is not a list', { status: true, data: { pageInfo: pageInfo(1), list: 'links' } }],
  ])('answers a malformed page (%s) with an invalid-response error and leaves the cache alone', async (_name, body) => {
    const { recent, cache } = setup(() => json(body));
    await cache.remember(scope, { linkId: 'lnk_9', shortUrl: 'http://s.test/k9', longUrl: 'https://example.com/9', createdDate: '2026-11-01T00:00:00.000Z', workspaceId: WORKSPACE });
    expect(await recent.linkList({ cursor: 0 })).toMatchObject({ status: 'error', error: { kind: 'invalid-response' } });
    expect((await cache.recent(scope)).map((l) => l.linkId)).toEqual(['lnk_9']);
  });

  it('leaves out a link whose delete waits in the queue', async () => {
    const waiting = { kind: 'update-link', state: 'pending', payload: { workspaceId: WORKSPACE, linkId: 'lnk_1', deleteLink: true } } as QueueItem;
    const list = [linkRecord({ _id: 'lnk_1' }), linkRecord({ _id: 'lnk_2' })];
    const { recent } = setup(() => json({ status: true, data: { pageInfo: pageInfo(2), list } }), { queued: [waiting] });
    const answer = await recent.linkList({ cursor: 0 });
    expect(answer.status === 'done' && answer.rows.map((r) => r.linkId)).toEqual(['lnk_2']);
  });
});

describe('deleteLink', () => {
  const cachedFor = (linkId: string) => ({
    linkId,
    shortUrl: 'http://127.0.0.1:8787/Ab3dE7x',
    longUrl: 'https://example.com/article',
    createdDate: '2026-11-01T10:00:00.000Z',
    workspaceId: WORKSPACE,
  });

  it('sends PATCH deleteLink and the popup no longer answers that URL from its cache', async () => {
    const { recent, cache, queue, calls } = setup(() => json({ status: true, data: { ...linkRecord(), linkActive: false } }));
    await cache.remember(scope, cachedFor('lnk_1'));
    await fakeBrowser.storage.local.set({ connection: { activeId: 'p1', profiles: [{ id: 'p1', name: 'Work', ...conn }] } });
    expect(localPopupState(await readLocalCache(browser.storage.local), 'https://example.com/article')).not.toBeNull();

    expect(await recent.deleteLink({ linkId: 'lnk_1' })).toEqual({ status: 'done' });
    await queue.settled();
    expect(calls.map((c) => [c.method, c.body])).toEqual([['PATCH', { workspaceId: WORKSPACE, linkId: 'lnk_1', deleteLink: true }]]);
    expect(await cache.lookup(scope, 'https://example.com/article')).toBeNull();
    expect(localPopupState(await readLocalCache(browser.storage.local), 'https://example.com/article')).toBeNull();
  });

  it('forgets the cached link at once even when the delete must wait (service unreachable)', async () => {
    const { recent, cache, queue } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await cache.remember(scope, cachedFor('lnk_1'));
    const answer = await recent.deleteLink({ linkId: 'lnk_1' });
    expect(answer.status).toBe('queued');
    expect(await cache.lookup(scope, 'https://example.com/article')).toBeNull();
    expect(await cache.recent(scope)).toEqual([]);
    const items = await queue.list();
    expect(items.map((i) => [i.kind, i.payload])).toEqual([['update-link', { workspaceId: WORKSPACE, linkId: 'lnk_1', deleteLink: true }]]);
  });

  it('takes a link the service no longer knows as deleted', async () => {
    const { recent } = setup(() => json({ status: false, errors: [{ code: 'LINK_NOT_FOUND', errorMessage: 'linkId names no link' }] }, 400));
    expect(await recent.deleteLink({ linkId: 'lnk_1' })).toEqual({ status: 'done' });
  });
});
