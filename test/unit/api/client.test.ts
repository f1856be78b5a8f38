import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../../lib/api/client';
import {
  ApiError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  ServiceError,
  TimeoutError,
  UnauthorizedError,
  UnsafeShortUrlError,
  isRetryable,
} from '../../../lib/api/errors';
import { fakeFetch, json, type Responder } from '../fixtures/fake-fetch';
import {
  BASE_URL,
  TOKEN,
  WORKSPACE,
  createLinkData,
  domainRecord,
  emptyAnalytics,
  errorBody,
  linkRecord,
  pageInfo,
} from '../fixtures/wire';

function clientWith(responder: Responder, over: { baseUrl?: string; timeoutMs?: number; token?: string } = {}) {
  const fake = fakeFetch(responder);
  const client = createApiClient({
    baseUrl: over.baseUrl ?? BASE_URL,
    getToken: () => over.token ?? TOKEN,
    fetch: fake.fetch,
    timeoutMs: over.timeoutMs,
  });
  return { client, calls: fake.calls };
}

const ok = (data: unknown) => () => json({ status: true, data });
const KEY = '0b7c1e9a-4a53-4f7b-9e0f-8f1d2f3c4b5a';

describe('every operation: request and validated answer', () => {
  it('listLinks sends the list query and returns pageInfo and list', async () => {
    const { client, calls } = clientWith(ok({ pageInfo: pageInfo(1), list: [linkRecord()] }));
    const page = await client.listLinks({ workspaceId: WORKSPACE, pageSize: 20, cursor: 40, orderType: 'asc', orderBy: 'totalClicks' });
    expect(page.list[0]?.shortUrl).toBe('http://127.0.0.1:8787/Ab3dE7x');
    expect(page.pageInfo.totalCount).toBe(1);
    const url = new URL(calls[0]!.url);
    expect(calls[0]!.method).toBe('GET');
    expect(url.pathname).toBe('/api/link');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      workspaceId: WORKSPACE, pageSize: '20', cursor: '40', orderType: 'asc', orderBy: 'totalClicks',
    });
  });

  it('listLinks leaves out the parameters not given', async () => {
    const { client, calls } = clientWith(ok({ pageInfo: pageInfo(0), list: [] }));
    await client.listLinks({ workspaceId: WORKSPACE });
    expect(new URL(calls[0]!.url).search).toBe(`?workspaceId=${WORKSPACE}`);
  });

  it('createLink posts the body with the given idempotency key', async () => {
    const { client, calls } = clientWith(ok(createLinkData()));
    const body = { workspaceId: WORKSPACE, keywordType: 'HASH' as const, longUrl: 'https://example.com/a', customDomain: null };
    const data = await client.createLink(body, { idempotencyKey: KEY });
    expect(data).toEqual(createLinkData());
    expect(calls[0]).toMatchObject({ method: 'POST', url: `${BASE_URL}/link`, body });
    expect(calls[0]!.headers['idempotency-key']).toBe(KEY);
  });

  it.each([
    ['updateLink', '/api/link'],
    ['updateTagsViaTag', '/api/tag'],
  ] as const)('%s sends PATCH to %s and returns the link', async (method, path) => {
    const { client, calls } = clientWith(ok(linkRecord({ tags: ['news'] })));
    const link = await client[method]({ workspaceId: WORKSPACE, linkId: 'lnk_1', tags: ['news'] });
    expect(link.tags).toEqual(['news']);
    expect(calls[0]!.method).toBe('PATCH');
    expect(new URL(calls[0]!.url).pathname).toBe(path);
    expect(calls[0]!.body).toEqual({ workspaceId: WORKSPACE, linkId: 'lnk_1', tags: ['news'] });
  });

  it('getAnalytics encodes both path parameters, and asks for days in the zone given', async () => {
    const { client, calls } = clientWith(ok({ ...emptyAnalytics(), timeZone: 'America/New_York' }));
    const data = await client.getAnalytics('a/b?c', 'w s', 'America/New_York');
    expect(data.linkDetailsData.clickTrends.data.totalClicks).toBe(0);
    expect(data.timeZone).toBe('America/New_York');
    expect(calls[0]!.url).toBe(`${BASE_URL}/link/a%2Fb%3Fc/w%20s?timeZone=America%2FNew_York`);
  });

  it('analytics: the browser\'s zone when none is given; an answer without a zone, or with a broken one, still reads', async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { client, calls } = clientWith(ok({ ...emptyAnalytics(), timeZone: 7 }));
    const data = await client.getAnalytics('lnk_1', WORKSPACE);
    expect(data.timeZone).toBeUndefined();
    expect(new URL(calls[0]!.url).searchParams.get('timeZone')).toBe(browserZone);
    const plain = clientWith(ok(emptyAnalytics()));
    await expect(plain.client.getAnalyticsData('lnk_1', WORKSPACE, 'Asia/Kolkata')).resolves.not.toHaveProperty('timeZone');
    expect(new URL(plain.calls[0]!.url).searchParams.get('timeZone')).toBe('Asia/Kolkata');
  });

  it('analytics: botClicks when a whole number of 0 or more; anything else is read as absent, and the rest still reads', async () => {
    const { client } = clientWith(ok({ ...emptyAnalytics(), botClicks: 12 }));
    expect((await client.getAnalytics('lnk_1', WORKSPACE)).botClicks).toBe(12);
    for (const broken of [-1, 2.5, '12', null, 2 ** 53, { n: 1 }]) {
      const other = clientWith(ok({ ...emptyAnalytics(), botClicks: broken }));
      const data = await other.client.getAnalytics('lnk_1', WORKSPACE);
      expect(data.botClicks, JSON.stringify(broken)).toBeUndefined();
      expect(data.freeUserData.scoreCardDetails.data.totalClicks).toBe(0);
    }
    const plain = clientWith(ok(emptyAnalytics()));
    await expect(plain.client.getAnalytics('lnk_1', WORKSPACE)).resolves.not.toHaveProperty('botClicks');
  });

  it('listDomains returns custom domain records', async () => {
    const { client, calls } = clientWith(ok({ pageInfo: pageInfo(1), list: [domainRecord()] }));
    const page = await client.listDomains({ workspaceId: WORKSPACE, orderBy: 'domain' });
    expect(page.list[0]?.domain).toBe('go.example.com');
    expect(new URL(calls[0]!.url).pathname).toBe('/api/customDomain');
  });

  it('createDomain returns the DNS records to set', async () => {
    const record = { pointsTo: 'x', recordType: 'CNAME', hostname: 'go' };
    const { client, calls } = clientWith(ok({ linkId: 'dom_1', mandatory: record, optional: { ...record, recordType: 'TXT' } }));
    const data = await client.createDomain({ workspaceId: WORKSPACE, domain: 'go.example.com' }, { idempotencyKey: KEY });
    expect(data.mandatory.recordType).toBe('CNAME');
    expect(calls[0]).toMatchObject({ method: 'POST', body: { workspaceId: WORKSPACE, domain: 'go.example.com' } });
  });

  it('updateDomain sends PATCH and returns the sentence', async () => {
    const { client, calls } = clientWith(ok('Domain updated'));
    await expect(client.updateDomain({ workspaceId: WORKSPACE, customDomainId: 'dom_1', httpToHttps: true })).resolves.toBe('Domain updated');
    expect(calls[0]!.method).toBe('PATCH');
  });

  it('listTags passes the workspace in the query', async () => {
    const { client, calls } = clientWith(ok(['news', 'blog']));
    await expect(client.listTags(WORKSPACE)).resolves.toEqual(['news', 'blog']);
    expect(calls[0]!.url).toBe(`${BASE_URL}/tag?workspaceId=${WORKSPACE}`);
  });

  it('createTag posts the tag', async () => {
    const { client, calls } = clientWith(ok('news'));
    await expect(client.createTag({ workspaceId: WORKSPACE, tag: 'news' })).resolves.toBe('news');
    expect(calls[0]).toMatchObject({ method: 'POST', url: `${BASE_URL}/tag` });
  });

  it.each([
    ['trackLead', '/api/track/lead', {}],
    ['trackSale', '/api/track/sale', { amount: 1999, currency: 'EUR' }],
  ] as const)('%s posts to %s and returns success and timestamp', async (method, path, extra) => {
    const { client, calls } = clientWith(() => json({ status: true, success: true, timestamp: '2026-11-22T05:00:00.000Z' }));
    const body = { workspaceId: WORKSPACE, linkId: 'lnk_1', eventName: 'signup', customerId: 'c1', ...extra };
    // The two bodies differ; the call shape is the same.
    const answer = await (client[method] as ApiClient['trackSale'])(body as Parameters<ApiClient['trackSale']>[0]);
    expect(answer).toEqual({ success: true, timestamp: '2026-11-22T05:00:00.000Z' });
    expect(new URL(calls[0]!.url).pathname).toBe(path);
    expect(calls[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('headers and URLs', () => {
  it('sends the bearer token, JSON content type and an idempotency key on mutations', async () => {
    const { client, calls } = clientWith(ok(createLinkData()));
    await client.createLink({ workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'https://e.com' });
    const h = calls[0]!.headers;
    expect(h.authorization).toBe(`Bearer ${TOKEN}`);
    expect(h['content-type']).toBe('application/json');
    expect(h['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sends no body headers and no idempotency key on reads', async () => {
    const { client, calls } = clientWith(ok([]));
    await client.listTags(WORKSPACE);
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls[0]!.headers['idempotency-key']).toBeUndefined();
    expect(calls[0]!.headers['content-type']).toBeUndefined();
  });

  it('makes a fresh key per call when none is given', async () => {
    const { client, calls } = clientWith(ok('t'));
    await client.createTag({ workspaceId: WORKSPACE, tag: 't' });
    await client.createTag({ workspaceId: WORKSPACE, tag: 't' });
    expect(calls[0]!.headers['idempotency-key']).not.toBe(calls[1]!.headers['idempotency-key']);
  });

  it.each(['http://h:1/api', 'http://h:1/api/', 'http://h:1/api//', '  http://h:1/api/ '])('joins base URL %j without double slashes', async (baseUrl) => {
    const { client, calls } = clientWith(ok([]), { baseUrl });
    await client.listTags('w');
    expect(calls[0]!.url).toBe('http://h:1/api/tag?workspaceId=w');
  });

  it('reads the token on every request', async () => {
    let token = 'first-token';
    const fake = fakeFetch(ok([]));
    const client = createApiClient({ baseUrl: BASE_URL, getToken: async () => token, fetch: fake.fetch });
    await client.listTags('w');
    token = 'second-token';
    await client.listTags('w');
    expect(fake.calls.map((c) => c.headers.authorization)).toEqual(['Bearer first-token', 'Bearer second-token']);
  });

  it('refuses to send without a token', async () => {
    const { client, calls } = clientWith(ok([]), { token: '  ' });
    await expect(client.listTags('w')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(calls).toHaveLength(0);
  });
});

describe('error answers map to error classes', () => {
  it('400 envelope → ServiceError with the service code and message', async () => {
    const { client } = clientWith(() => json(errorBody('INVALID_URL', 'longUrl must be an http or https URL'), 400));
    const err = await client.createLink({ workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'ftp://x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ kind: 'service', status: 400, code: 'INVALID_URL', message: 'longUrl must be an http or https URL' });
  });

  it('keeps every envelope entry', async () => {
    const body = { status: false, errors: [{ code: 'A', errorMessage: 'a' }, { code: 'B', errorMessage: 'b' }] };
    const { client } = clientWith(() => json(body, 400));
    const err = (await client.listTags('w').catch((e: unknown) => e)) as ServiceError;
    expect(err.errors).toEqual(body.errors);
  });

  it('401 → UnauthorizedError pointing at Options', async () => {
    const { client } = clientWith(() => json(errorBody('UNAUTHORIZED', 'invalid token'), 401));
    const err = await client.listTags('w').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(err).toMatchObject({ kind: 'unauthorized', status: 401, serviceMessage: 'invalid token' });
    expect((err as Error).message).toBe('The token was refused: check it in Options.');
  });

  it.each([
    ['7', 7000],
    ['0', 0],
    [null, null],
    ['soon', null],
  ])('429 with Retry-After %j → RateLimitedError(retryAfterMs=%j)', async (header, expected) => {
    const headers: Record<string, string> = header === null ? {} : { 'Retry-After': header };
    const { client } = clientWith(() => json(errorBody('RATE_LIMITED', 'slow down'), 429, headers));
    const err = await client.listTags('w').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(expected);
  });

  it('429 with an HTTP-date Retry-After waits until that date', async () => {
    const at = new Date(Date.now() + 60_000).toUTCString();
    const { client } = clientWith(() => json(errorBody('RATE_LIMITED', 'slow down'), 429, { 'Retry-After': at }));
    const err = (await client.listTags('w').catch((e: unknown) => e)) as RateLimitedError;
    expect(err.retryAfterMs).toBeGreaterThan(55_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('500 with the envelope → ServiceError 500', async () => {
    const { client } = clientWith(() => json(errorBody('INTERNAL_ERROR', 'Something broke'), 500));
    await expect(client.listTags('w')).rejects.toMatchObject({ kind: 'service', status: 500, code: 'INTERNAL_ERROR' });
  });

  it.each([
    [502, '<html><body>Bad Gateway</body></html>'],
    [503, ''],
    [404, 'Not Found'],
    [400, '{"message":"not an envelope"}'],
  ])('%i with a non-envelope body → clear ServiceError', async (status, body) => {
    const { client } = clientWith(() => new Response(body, { status }));
    const err = (await client.listTags('w').catch((e: unknown) => e)) as ServiceError;
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.status).toBe(status);
    expect(err.code).toBe(`HTTP_${status}`);
    expect(err.message).toContain(`HTTP ${status}`);
    expect(err.message).not.toContain('<html>');
  });

  it('a 200 carrying the error envelope is an error, not a crash', async () => {
    const { client } = clientWith(() => json(errorBody('LINK_NOT_FOUND', 'no such link')));
    await expect(client.updateLink({ workspaceId: 'w', linkId: 'x', tags: [] })).rejects.toMatchObject({
      kind: 'service', code: 'LINK_NOT_FOUND', message: 'no such link',
    });
  });

  it('fetch throwing → NetworkError naming the origin, not the path', async () => {
    const { client } = clientWith(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = (await client.listTags('w').catch((e: unknown) => e)) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.kind).toBe('network');
    expect(err.message).toContain('http://127.0.0.1:8787');
    expect(err.cause).toBeInstanceOf(TypeError);
  });

  describe('timeout', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('aborts a request that never answers → TimeoutError', async () => {
      vi.useFakeTimers();
      // Make the fake fetch honour the abort signal, as real fetch does.
      const fake = fakeFetch(() => new Promise<Response>(() => undefined));
      const aborting: typeof fetch = (input, init) =>
        new Promise((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          void fake.fetch(input, init).then(resolve, reject);
        });
      const timed = createApiClient({ baseUrl: BASE_URL, getToken: () => TOKEN, fetch: aborting, timeoutMs: 5000 });
      const pending = timed.listTags('w').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(4999);
      expect(fake.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      const err = await pending;
      expect(err).toBeInstanceOf(TimeoutError);
      expect(err).toMatchObject({ kind: 'timeout', timeoutMs: 5000 });
    });

    it('a body that stalls past the timeout is a timeout too', async () => {
      const stalled: typeof fetch = async (_input, init) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200 });
      };
      const client = createApiClient({ baseUrl: BASE_URL, getToken: () => TOKEN, fetch: stalled, timeoutMs: 30 });
      await expect(client.listTags('w')).rejects.toBeInstanceOf(TimeoutError);
    });
  });
});

describe('malformed answers → InvalidResponseError naming the path', () => {
  it.each([
    ['missing field', createLinkData({ shortUrl: undefined }), 'data.shortUrl: missing'],
    ['wrong type', createLinkData({ shortUrl: 42 }), 'data.shortUrl: expected string, received 42'],
    ['wrong nested type', createLinkData({ recommendedUrls: [1] }), 'data.recommendedUrls.0: expected string'],
  ])('%s', async (_name, data, detail) => {
    const { client } = clientWith(() => json({ status: true, data }));
    const err = (await client.createLink({ workspaceId: 'w', keywordType: 'HASH', longUrl: 'https://e.com' }).catch((e: unknown) => e)) as InvalidResponseError;
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(err.kind).toBe('invalid-response');
    expect(err.detail).toContain(detail);
    expect(err.message).toContain(detail);
  });

  it('a list item with a bad field names its index', async () => {
    const bad = { ...linkRecord(), totalClicks: 'many' };
    const { client } = clientWith(ok({ pageInfo: pageInfo(2), list: [linkRecord(), bad] }));
    await expect(client.listLinks({ workspaceId: 'w' })).rejects.toMatchObject({ detail: expect.stringContaining('data.list.1.totalClicks') });
  });

  it('a body cut off mid-read: the service answered, so the outcome is unknown, not a network error', async () => {
    const { client } = clientWith(() => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"status":true,"da'));
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(body, { status: 200 });
    });
    await expect(client.listTags('w')).rejects.toMatchObject({ kind: 'invalid-response', status: 200, detail: 'the answer was cut off' });
  });

  it('a 200 that is not JSON', async () => {
    const { client } = clientWith(() => new Response('<html>captive portal</html>', { status: 200 }));
    await expect(client.listTags('w')).rejects.toMatchObject({ kind: 'invalid-response', detail: 'the body is not JSON' });
  });

  it('a 200 with no data at all', async () => {
    const { client } = clientWith(() => json({ status: true }));
    await expect(client.listTags('w')).rejects.toMatchObject({ detail: expect.stringContaining('data: missing') });
  });
});

describe('the token never appears in an error', () => {
  const answers: [string, Responder][] = [
    ['400 echoing the token', () => json(errorBody('VALIDATION_FAILED', `bad header Bearer ${TOKEN}`), 400)],
    ['401 echoing the token', () => json(errorBody('UNAUTHORIZED', `token ${TOKEN} is unknown`), 401)],
    ['429', () => json(errorBody('RATE_LIMITED', 'slow'), 429, { 'Retry-After': '3' })],
    ['500 html', () => new Response(`<pre>${TOKEN}</pre>`, { status: 500 })],
    ['network', () => { throw new TypeError(`connect failed ${TOKEN}`); }],
    ['malformed', () => json({ status: true, data: { token: TOKEN } })],
  ];

  it.each(answers)('%s', async (_name, responder) => {
    const { client } = clientWith(responder);
    const err = await client.createTag({ workspaceId: 'w', tag: 't' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError & { serviceMessage?: string; errors?: unknown };
    const visible = JSON.stringify({ message: e.message, serviceMessage: e.serviceMessage, errors: e.errors, code: e.code });
    expect(visible).not.toContain(TOKEN);
  });
});

describe('a made link is checked before it is used', () => {
  it.each(['javascript:alert(1)', 'https://s.rt/a"><img src=x onerror=alert(1)>', 'https://s.rt/a b', '/relative', "https://s.rt/a'b"])(
    'createLink refuses a shortUrl of %j, for good: sent again, the service would answer the same',
    async (shortUrl) => {
      const { client } = clientWith(ok(createLinkData({ shortUrl })));
      const err = await client.createLink({ workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'https://a.example/' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnsafeShortUrlError);
      expect((err as UnsafeShortUrlError).code).toBe('UNSAFE_SHORT_URL');
      expect(isRetryable(err)).toBe(false);
    },
  );

  it('an answer without a link (keyword taken, no hash) carries an empty shortUrl, and is not refused for it', async () => {
    const { client } = clientWith(ok(createLinkData({ shortUrl: '', keyWordExist: true, recommendedUrls: ['https://s.rt/promo-2'] })));
    const data = await client.createLink({ workspaceId: WORKSPACE, keywordType: 'CUSTOM', keyword: 'promo', longUrl: 'https://a.example/' });
    expect(data.keyWordExist).toBe(true);
  });
});
