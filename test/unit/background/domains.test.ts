import { describe, expect, it } from 'vitest';
import type { CustomDomain } from '../../../lib/contract/schemas';
import { createDomainHandlers } from '../../../lib/background/links/domains';
import { reachService } from '../../../lib/background/reach-service';
import { checklistOf, registrarLink, stageOf, toDomainView } from '../../../lib/domains/view';
import type { Connection } from '../../../lib/storage/settings';
import { SETTINGS_DEFAULTS } from '../../../lib/storage/keys';
import { fakeFetch, json, type Responder } from '../fixtures/fake-fetch';
import { BASE_URL, TOKEN, WORKSPACE, domainRecord, errorBody } from '../fixtures/wire';

const CONN: Connection = { baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE };

function setup(responder: Responder, over: { conn?: Connection; permitted?: boolean; defaultDomain?: string | null } = {}) {
  const fake = fakeFetch(responder);
  const handlers = createDomainHandlers({
    reach: () => reachService(over.conn ?? CONN, { hasHostPermission: async () => over.permitted ?? true, fetch: fake.fetch }),
    getPreferences: async () => ({ ...SETTINGS_DEFAULTS.preferences, defaultDomain: over.defaultDomain ?? null }),
  });
  return { handlers, calls: fake.calls };
}

const page = (list: unknown[], info: Partial<{ cursor: number; hasNext: boolean; totalCount: number }> = {}) =>
  json({
    status: true,
    data: {
      pageInfo: { cursor: info.cursor ?? list.length, hasNext: info.hasNext ?? false, pageNumber: 1, pageSize: 10, totalCount: info.totalCount ?? list.length, totalPages: 1 },
      list,
    },
  });

const domain = (over: Partial<CustomDomain> = {}): CustomDomain => ({ ...domainRecord(), ...over });

describe('domain state mapping', () => {
  it('maps the service record to the view pages draw', () => {
    const view = toDomainView(domain({ registrarName: 'Reg', registrarWebsite: 'https://reg.example/', nameservers: ['ns1.reg.example'] }));
    expect(view).toEqual({
      id: 'dom_1',
      domain: 'go.example.com',
      isSubDomain: true,
      setUp: true,
      dnsConfigured: true,
      sslConfigured: false,
      pingVerified: true,
      nameservers: ['ns1.reg.example'],
      registrarName: 'Reg',
      registrarWebsite: 'https://reg.example/',
      httpToHttps: false,
      record: { pointsTo: 'short.example.net', recordType: 'CNAME', hostname: 'go' },
      createdDate: '2026-11-01T10:00:00.000Z',
    });
    expect(checklistOf(view)).toEqual([
      { step: 'dns', done: true },
      { step: 'ssl', done: false },
      { step: 'ping', done: true },
      { step: 'setup', done: true },
    ]);
  });

  it.each([
    [{ domainSetupped: true }, 'ready'],
    [{ domainSetupped: false, dnsConfigured: false, pingVerified: false }, 'add-records'],
    [{ domainSetupped: false, dnsConfigured: true, pingVerified: false }, 'add-proof'],
    [{ domainSetupped: false, dnsConfigured: false, pingVerified: true }, 'add-routing'],
  ] as const)('%j is at stage %s', (flags, stage) => {
    expect(stageOf(toDomainView(domain(flags)))).toBe(stage);
  });

  it.each([
    ['https://reg.example/', 'https://reg.example/'],
    ['javascript:alert(1)', null],
    ['', null],
    ['reg.example', null],
  ])('links the registrar %j only as http(s): %s', (website, link) => {
    expect(registrarLink(toDomainView(domain({ registrarWebsite: website })))).toBe(link);
  });
});

describe('domain messages (background, fake service)', () => {
  it('domainList reads one page, newest first, and says where the next one starts', async () => {
    const { handlers, calls } = setup(() => page([domain()], { hasNext: true, cursor: 10, totalCount: 12 }));
    const answer = await handlers.domainList({ cursor: 0 });
    expect(answer).toMatchObject({ status: 'done', totalCount: 12, nextCursor: 10, serviceHost: '127.0.0.1' });
    const url = new URL(calls[0]!.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ workspaceId: WORKSPACE, cursor: '0', pageSize: '10', orderBy: 'createdDate', orderType: 'desc' });
  });

  it.each([
    ['a field of the wrong type', [{ ...domainRecord(), domainSetupped: 'yes' }]],
    ['a record without its checklist', [{ _id: 'x', domain: 'go.example.com' }]],
    ['a list that is not a list', 'nope'],
  ])('a domain list with %s is refused as an invalid answer, not shown', async (_label, list) => {
    const { handlers } = setup(() => json({ status: true, data: { pageInfo: { cursor: 0, hasNext: false, pageNumber: 1, pageSize: 10, totalCount: 1, totalPages: 1 }, list } }));
    const answer = await handlers.domainList({ cursor: 0 });
    expect(answer).toMatchObject({ status: 'error', error: { kind: 'invalid-response', code: 'INVALID_RESPONSE' } });
    expect(await handlers.domainChoices()).toMatchObject({ status: 'error', error: { kind: 'invalid-response' } });
  });

  it('domainChoices walks every page and offers only set-up domains, with the default', async () => {
    const { handlers, calls } = setup(
      (req) => {
        const cursor = new URL(req.url).searchParams.get('cursor');
        return cursor === '0'
          ? page([domain({ _id: 'a', domain: 'a.example.com' }), domain({ _id: 'b', domain: 'b.example.com', domainSetupped: false })], { hasNext: true, cursor: 100 })
          : page([domain({ _id: 'c', domain: 'c.example.com' })]);
      },
      { defaultDomain: 'c.example.com' },
    );
    expect(await handlers.domainChoices()).toEqual({ status: 'done', domains: ['a.example.com', 'c.example.com'], defaultDomain: 'c.example.com' });
    expect(calls.map((c) => new URL(c.url).searchParams.get('cursor'))).toEqual(['0', '100']);
  });

  it('connectDomain refuses a bad name, the service’s own host, or a domain already there, sending no POST', async () => {
    const { handlers, calls } = setup(() => page([domain({ domain: 'go.example.com' })]));
    const key = 'k-1';
    expect(await handlers.connectDomain({ domain: 'https://x.example.com', idempotencyKey: key })).toEqual({ status: 'invalid', problem: 'scheme' });
    expect(await handlers.connectDomain({ domain: '127.0.0.1', idempotencyKey: key })).toEqual({ status: 'invalid', problem: 'ip-address' });
    expect(await handlers.connectDomain({ domain: 'GO.example.com.', idempotencyKey: key })).toEqual({ status: 'invalid', problem: 'already-connected' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const own = setup(() => page([]), { conn: { ...CONN, baseUrl: 'https://sho.rt.example/api' } });
    expect(await own.handlers.connectDomain({ domain: 'Sho.rt.example', idempotencyKey: key })).toEqual({ status: 'invalid', problem: 'own-domain' });
    expect(own.calls).toHaveLength(0);
  });

  it('connectDomain sends the punycode name with the page’s key and answers both records, the proof first', async () => {
    const mandatory = { recordType: 'TXT', hostname: '_shortlink-challenge.xn--bcher-kva.example', pointsTo: 'f'.repeat(64) };
    const optional = { recordType: 'A', hostname: 'xn--bcher-kva.example', pointsTo: '203.0.113.7' };
    const { handlers, calls } = setup((req) => (req.method === 'POST' ? json({ status: true, data: { linkId: 'dom_9', mandatory, optional } }) : page([])));
    expect(await handlers.connectDomain({ domain: 'Bücher.example', idempotencyKey: 'key-77' })).toEqual({
      status: 'done',
      id: 'dom_9',
      domain: 'xn--bcher-kva.example',
      records: [mandatory, optional],
    });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ workspaceId: WORKSPACE, domain: 'xn--bcher-kva.example' });
    expect(post?.headers['idempotency-key']).toBe('key-77');
  });

  it('a domain another workspace holds is a field problem; other refusals are errors', async () => {
    const taken = setup((req) => (req.method === 'POST' ? json(errorBody('DOMAIN_TAKEN', 'domain is already connected to a workspace'), 400) : page([])));
    expect(await taken.handlers.connectDomain({ domain: 'go.example.org', idempotencyKey: 'k' })).toEqual({ status: 'invalid', problem: 'taken' });
    const invalid = setup((req) => (req.method === 'POST' ? json(errorBody('INVALID_DOMAIN', "domain is this service's own host"), 400) : page([])));
    expect(await invalid.handlers.connectDomain({ domain: 'go.example.org', idempotencyKey: 'k' })).toMatchObject({
      status: 'error',
      error: { kind: 'service', code: 'INVALID_DOMAIN', message: "domain is this service's own host" },
    });
  });

  it('domainCheck finds the domain again, or says it is gone', async () => {
    const { handlers } = setup(() => page([domain({ _id: 'dom_1', domainSetupped: false })]));
    expect(await handlers.domainCheck({ id: 'dom_1' })).toMatchObject({ status: 'done', domain: { id: 'dom_1', setUp: false } });
    expect(await handlers.domainCheck({ id: 'dom_x' })).toEqual({ status: 'gone' });
  });

  it('domainHttps and domainDelete PATCH the domain', async () => {
    const { handlers, calls } = setup(() => json({ status: true, data: 'ok' }));
    expect(await handlers.domainHttps({ id: 'dom_1', httpToHttps: true })).toEqual({ status: 'done' });
    expect(await handlers.domainDelete({ id: 'dom_1' })).toEqual({ status: 'done' });
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['PATCH', { workspaceId: WORKSPACE, customDomainId: 'dom_1', httpToHttps: true }],
      ['PATCH', { workspaceId: WORKSPACE, customDomainId: 'dom_1', deleteDomain: true }],
    ]);
  });

  it('asks nothing without a connection or the host permission', async () => {
    const bare = setup(() => page([]), { conn: { baseUrl: '', token: '', workspaceId: '' } });
    expect(await bare.handlers.domainList({ cursor: 0 })).toEqual({ status: 'not-configured' });
    const denied = setup(() => page([]), { permitted: false });
    expect(await denied.handlers.domainDelete({ id: 'dom_1' })).toMatchObject({ status: 'error', error: { code: 'NO_HOST_PERMISSION' } });
    expect([...bare.calls, ...denied.calls]).toHaveLength(0);
  });
});
