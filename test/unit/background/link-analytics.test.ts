import { describe, expect, it } from 'vitest';
import { readCachedAnalytics, writeCachedAnalytics } from '../../../lib/storage/analytics-cache';
import { createLinkAnalytics } from '../../../lib/background/links/link-analytics';
import { reachService } from '../../../lib/background/reach-service';
import type { Connection } from '../../../lib/storage/settings';
import { fakeFetch, json, type Responder } from '../fixtures/fake-fetch';
import { BASE_URL, TOKEN, WORKSPACE, errorBody, linkRecord } from '../fixtures/wire';

const CONN: Connection = { baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE };
const SCOPE = { baseUrl: BASE_URL, workspaceId: WORKSPACE };

function setup(responder: Responder, over: { conn?: Connection; permitted?: boolean; now?: number } = {}) {
  const fake = fakeFetch(responder);
  const remembered: { scope: unknown; ids: string[]; newestPage: boolean }[] = [];
  const handlers = createLinkAnalytics({
    reach: () => reachService(over.conn ?? CONN, { hasHostPermission: async () => over.permitted ?? true, fetch: fake.fetch }),
    writeCache: writeCachedAnalytics,
    cache: {
      rememberLinks: async (scope, links, opts) => {
        remembered.push({ scope, ids: links.map((l) => l._id), newestPage: opts?.newestPage ?? false });
      },
    },
    now: () => over.now ?? 1_000,
  });
  return { handlers, calls: fake.calls, remembered };
}

describe('linkAnalytics (background, fake service)', () => {
  it('fetches GET /link/{linkId}/{workspaceId} and caches the answer with its fetch time', async () => {
    // A malformed block still arrives: the page reads blocks one by one.
    const data = { linkDetailsData: { topBrowsers: 'not an object' }, marker: 1 };
    const { handlers, calls } = setup(() => json({ status: true, data }), { now: 42 });
    await expect(handlers.linkAnalytics({ linkId: 'lnk_a' })).resolves.toEqual({ status: 'done', data, fetchedAt: 42 });
    expect(new URL(calls[0]!.url).pathname).toBe(`/api/link/lnk_a/${WORKSPACE}`);
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    await expect(readCachedAnalytics(SCOPE, 'lnk_a')).resolves.toEqual({ data, fetchedAt: 42 });
  });

  it('asks for the days in the page\'s zone; a name the browser does not know is not sent', async () => {
    const { handlers, calls } = setup(() => json({ status: true, data: { timeZone: 'Asia/Kolkata' } }));
    await handlers.linkAnalytics({ linkId: 'lnk_z', timeZone: 'Asia/Kolkata' });
    expect(new URL(calls[0]!.url).searchParams.get('timeZone')).toBe('Asia/Kolkata');
    // The cached answer keeps the zone it was counted in.
    await expect(readCachedAnalytics(SCOPE, 'lnk_z')).resolves.toMatchObject({ data: { timeZone: 'Asia/Kolkata' } });
    await handlers.linkAnalytics({ linkId: 'lnk_z', timeZone: 'Mars/Olympus_Mons' });
    expect(new URL(calls[1]!.url).searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('keeps each scope apart: another workspace does not read this one', async () => {
    const { handlers } = setup(() => json({ status: true, data: { n: 1 } }));
    await handlers.linkAnalytics({ linkId: 'lnk_s' });
    await expect(readCachedAnalytics({ baseUrl: BASE_URL, workspaceId: 'other' }, 'lnk_s')).resolves.toBeNull();
    await expect(readCachedAnalytics({ baseUrl: `${BASE_URL}/`, workspaceId: WORKSPACE }, 'lnk_s')).resolves.not.toBeNull();
  });

  it('a failed refresh answers an error code and leaves the cached figures alone', async () => {
    await writeCachedAnalytics(SCOPE, 'lnk_b', { data: { old: true }, fetchedAt: 7 });
    const { handlers } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const answer = await handlers.linkAnalytics({ linkId: 'lnk_b' });
    expect(answer).toMatchObject({ status: 'error', error: { kind: 'network' } });
    await expect(readCachedAnalytics(SCOPE, 'lnk_b')).resolves.toEqual({ data: { old: true }, fetchedAt: 7 });
  });

  it('the service refusing the link is a service error with its code', async () => {
    const { handlers } = setup(() => json(errorBody('LINK_NOT_FOUND', 'No such link'), 404));
    await expect(handlers.linkAnalytics({ linkId: 'lnk_x' })).resolves.toMatchObject({
      status: 'error',
      error: { kind: 'service', code: 'LINK_NOT_FOUND' },
    });
  });

  it('not configured, or no host permission: no request', async () => {
    const empty = setup(() => json({}), { conn: { baseUrl: '', token: '', workspaceId: '' } });
    await expect(empty.handlers.linkAnalytics({ linkId: 'l' })).resolves.toEqual({ status: 'not-configured' });
    const refused = setup(() => json({}), { permitted: false });
    await expect(refused.handlers.linkAnalytics({ linkId: 'l' })).resolves.toMatchObject({
      status: 'error',
      error: { code: 'NO_HOST_PERMISSION' },
    });
    expect(empty.calls.length + refused.calls.length).toBe(0);
  });
});

describe('linkPage (background, fake service)', () => {
  it('asks for a page at the cursor and answers the next cursor while there is more', async () => {
    const list = [linkRecord({ _id: 'a' }), linkRecord({ _id: 'b' })];
    const { handlers, calls, remembered } = setup((req) => {
      const cursor = Number(new URL(req.url).searchParams.get('cursor'));
      return json({
        status: true,
        data: { pageInfo: { cursor: cursor + 2, hasNext: cursor === 0, pageNumber: 1, pageSize: 30, totalCount: 4, totalPages: 1 }, list },
      });
    });
    const first = await handlers.linkPage({ cursor: 0 });
    expect(first).toMatchObject({ status: 'done', nextCursor: 2 });
    expect(first.status === 'done' && first.links.map((l) => l.linkId)).toEqual(['a', 'b']);
    await expect(handlers.linkPage({ cursor: 2 })).resolves.toMatchObject({ nextCursor: null });
    expect(new URL(calls[1]!.url).searchParams.get('workspaceId')).toBe(WORKSPACE);
    // Kept in the link cache: the panel can head these links when the service is out of reach.
    expect(remembered).toEqual([
      { scope: SCOPE, ids: ['a', 'b'], newestPage: true },
      { scope: SCOPE, ids: ['a', 'b'], newestPage: false },
    ]);
  });
});
