import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateDomainResponseSchema, CreateLinkResponseSchema, DomainListResponseSchema, LinkListResponseSchema, UpdateDomainResponseSchema } from '../../lib/contract/schemas';
import type { DomainVerifier } from '../../server/domains/verifier-port';
import { errorOf, startHarness, type Harness } from './harness';

/**
 * Custom domains against a service at http://localhost:PORT. DNS itself is the
 * outside world, so the verifier is replaced by one whose answers the test
 * sets (the real one is used in api-bad-input, where real DNS cannot confirm).
 */

let nowMs = Date.parse('2026-05-01T00:00:00Z');
/** Domains whose routing record reaches the service. */
const configured = new Set<string>();
/** TXT values published at each domain's _shortlink-challenge name. */
const proofs = new Map<string, Set<string>>();
const asked: string[] = [];
const verifier: DomainVerifier = {
  verify({ domain, verifyToken }) {
    asked.push(domain);
    if (domain === 'throws.verify.test') return Promise.reject(new Error('resolver exploded'));
    const proven = proofs.get(domain)?.has(verifyToken) ?? false;
    return Promise.resolve({ dnsConfigured: configured.has(domain), pingVerified: proven, sslConfigured: false });
  },
};
const publish = (domain: string, value: string) => proofs.set(domain, new Set([...(proofs.get(domain) ?? []), value]));

let h: Harness;
let token: string;
const ws = 'dom-ws';

beforeAll(async () => {
  h = await startHarness({ publicUrl: 'http://localhost:0' }, { now: () => new Date(nowMs), dns: verifier });
  token = await h.token(ws);
  await h.token('dom-other');
});
afterAll(() => h.close());

async function createDomain(domain: string, workspaceId = ws) {
  const answer = await h.call('POST', '/customDomain', { token, body: { workspaceId, domain } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(CreateDomainResponseSchema, answer.body).data;
}

async function listDomains(query: Record<string, string> = {}) {
  const answer = await h.call('GET', '/customDomain', { token, query: { workspaceId: ws, ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(DomainListResponseSchema, answer.body).data;
}

const patchDomain = async (body: Record<string, unknown>) => {
  const answer = await h.call('PATCH', '/customDomain', { token, body: { workspaceId: ws, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(UpdateDomainResponseSchema, answer.body).data;
};

describe('POST /customDomain', () => {
  it('a subdomain gets the TXT ownership proof (mandatory) and a CNAME to the service host (optional)', async () => {
    const data = await createDomain('  Go.Example.TEST ');
    expect(data.linkId).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(data.mandatory.recordType).toBe('TXT');
    expect(data.mandatory.hostname).toBe('_shortlink-challenge.go.example.test');
    expect(data.mandatory.pointsTo).toMatch(/^[0-9a-f]{64}$/);
    expect(data.optional).toEqual({ recordType: 'CNAME', hostname: 'go.example.test', pointsTo: 'localhost' });
    const { list } = await listDomains();
    expect(list.find((d) => d._id === data.linkId)).toMatchObject({
      workspaceId: ws,
      domain: 'go.example.test',
      isSubDomain: true,
      domainSetupped: false,
      dnsConfigured: false,
      sslConfigured: false,
      pingVerified: false,
      nameservers: [],
      registrarName: '',
      registrarWebsite: '',
      deleteDomain: false,
      domainConfig: { httpToHttps: false },
      configDetails: { mandatory: data.mandatory },
    });
  });

  it('an apex gets an A record to the service’s IPv4', async () => {
    const data = await createDomain('apex.test');
    expect(data.optional).toEqual({ recordType: 'A', hostname: 'apex.test', pointsTo: '127.0.0.1' });
  });

  it('an IDN is stored as punycode', async () => {
    const data = await createDomain('Bücher.Example');
    const { list } = await listDomains({ pageSize: '100' });
    expect(list.find((d) => d._id === data.linkId)?.domain).toBe('xn--bcher-kva.example');
    expect(data.optional.hostname).toBe('xn--bcher-kva.example');
    expect(data.mandatory.hostname).toBe('_shortlink-challenge.xn--bcher-kva.example');
  });

  it.each([
    ['the same workspace again', 'go.example.test', ws],
    ['in another case', 'GO.EXAMPLE.test', ws],
    ['with a trailing dot', 'go.example.test.', ws],
    ['by another workspace', 'go.example.test', 'dom-other'],
    ['again in punycode form', 'xn--bcher-kva.example', ws],
  ])('DOMAIN_TAKEN when claimed %s', async (_label, domain, workspaceId) => {
    const t = workspaceId === ws ? token : await h.token(workspaceId);
    const before = (await h.count('domains'));
    const answer = await h.call('POST', '/customDomain', { token: t, body: { workspaceId, domain } });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('DOMAIN_TAKEN');
    expect((await h.count('domains'))).toBe(before);
  });

  it('the service’s own host cannot be added', async () => {
    const answer = await h.call('POST', '/customDomain', { token, body: { workspaceId: ws, domain: 'localhost.' } });
    expect(errorOf(answer).code).toBe('INVALID_DOMAIN');
  });
});

describe('verification and use', () => {
  it('is re-checked on listing at most once a minute; once DNS is right the domain can carry links', async () => {
    const { linkId: id, mandatory } = await createDomain('links.verify.test');
    const refused = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://example.com/', customDomain: 'links.verify.test' } });
    expect(errorOf(refused).code).toBe('DOMAIN_NOT_READY');

    configured.add('links.verify.test');
    publish('links.verify.test', mandatory.pointsTo);
    asked.length = 0;
    nowMs += 30_000;
    const early = await listDomains({ pageSize: '100' });
    expect(early.list.find((d) => d._id === id)?.domainSetupped).toBe(false);
    expect(asked).not.toContain('links.verify.test');

    nowMs += 31_000;
    const later = await listDomains({ pageSize: '100' });
    expect(later.list.find((d) => d._id === id)).toMatchObject({ domainSetupped: true, dnsConfigured: true, pingVerified: true });
    expect(asked.filter((d) => d === 'links.verify.test')).toHaveLength(1);

    const made = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'CUSTOM', keyword: 'promo', longUrl: 'https://example.com/', customDomain: 'links.verify.test' } });
    expect(made.status).toBe(200);
    // Not trust-domains mode: custom domains are served over HTTPS on the default port.
    expect(v.parse(CreateLinkResponseSchema, made.body).data.shortUrl).toBe('https://links.verify.test/promo');
  });

  it('a domain whose routing record reaches the service is not set up without its ownership proof', async () => {
    configured.add('unproven.verify.test');
    const { linkId: id, mandatory } = await createDomain('unproven.verify.test');
    const listed = (await listDomains({ pageSize: '100' })).list.find((d) => d._id === id);
    expect(listed).toMatchObject({ dnsConfigured: true, pingVerified: false, domainSetupped: false, configDetails: { mandatory } });
    // Another workspace's value (or any other) proves nothing.
    publish('unproven.verify.test', 'f'.repeat(64));
    nowMs += 61_000;
    expect((await listDomains({ pageSize: '100' })).list.find((d) => d._id === id)?.domainSetupped).toBe(false);
    publish('unproven.verify.test', mandatory.pointsTo);
    nowMs += 61_000;
    expect((await listDomains({ pageSize: '100' })).list.find((d) => d._id === id)).toMatchObject({ domainSetupped: true, pingVerified: true });
  });

  it('a verifier that fails leaves the flags as they were; creating and listing still answer', async () => {
    const { linkId: id } = await createDomain('throws.verify.test');
    nowMs += 61_000;
    const listed = await listDomains({ pageSize: '100' });
    expect(listed.list.find((d) => d._id === id)).toMatchObject({ domainSetupped: false, dnsConfigured: false });
  });

  it('httpToHttps toggles and is listed', async () => {
    const { linkId: id } = await createDomain('https.toggle.test');
    expect(await patchDomain({ customDomainId: id, httpToHttps: true })).toContain('on');
    expect((await listDomains({ pageSize: '100' })).list.find((d) => d._id === id)?.domainConfig.httpToHttps).toBe(true);
    expect(await patchDomain({ customDomainId: id, httpToHttps: false })).toContain('off');
    expect((await listDomains({ pageSize: '100' })).list.find((d) => d._id === id)?.domainConfig.httpToHttps).toBe(false);
  });

  it('deleteDomain deletes the domain and its links (and wins over httpToHttps); the name is free again', async () => {
    configured.add('gone.delete.test');
    const { linkId: id, mandatory } = await createDomain('gone.delete.test');
    publish('gone.delete.test', mandatory.pointsTo);
    nowMs += 61_000;
    await listDomains({ pageSize: '100' });
    const onDomain = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://example.com/x', customDomain: 'gone.delete.test' } });
    const onDefault = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://example.com/y' } });
    const onDomainId = v.parse(CreateLinkResponseSchema, onDomain.body).data.linkId;
    const onDefaultId = v.parse(CreateLinkResponseSchema, onDefault.body).data.linkId;

    const message = await patchDomain({ customDomainId: id, deleteDomain: true, httpToHttps: true });
    expect(message).toBe('Domain gone.delete.test deleted with its 1 link');
    expect((await listDomains({ pageSize: '100' })).list.some((d) => d._id === id)).toBe(false);
    const links = v.parse(LinkListResponseSchema, (await h.call('GET', '/link', { token, query: { workspaceId: ws, pageSize: '100' } })).body).data.list;
    expect(links.some((l) => l._id === onDomainId)).toBe(false);
    expect(links.some((l) => l._id === onDefaultId)).toBe(true);

    const again = await h.call('PATCH', '/customDomain', { token, body: { workspaceId: ws, customDomainId: id, deleteDomain: true } });
    expect(errorOf(again).code).toBe('DOMAIN_NOT_FOUND');
    await createDomain('gone.delete.test');
  });
});

describe('GET /customDomain paging', () => {
  it('orders by domain and pages with pageInfo', async () => {
    const all = await listDomains({ orderBy: 'domain', orderType: 'asc', pageSize: '100' });
    const names = all.list.map((d) => d.domain);
    expect(names).toEqual([...names].sort());
    const first = await listDomains({ orderBy: 'domain', orderType: 'asc', pageSize: '2' });
    expect(first.list.map((d) => d.domain)).toEqual(names.slice(0, 2));
    expect(first.pageInfo).toEqual({ cursor: 2, hasNext: true, pageNumber: 1, pageSize: 2, totalCount: names.length, totalPages: Math.ceil(names.length / 2) });
    const second = await listDomains({ orderBy: 'domain', orderType: 'asc', pageSize: '2', cursor: '2' });
    expect(second.list.map((d) => d.domain)).toEqual(names.slice(2, 4));
    expect(second.pageInfo.pageNumber).toBe(2);
  });
});

describe('trust-domains mode', () => {
  it('a new domain is set up at once, without DNS', async () => {
    const trusted = await startHarness({ trustDomains: true });
    try {
      const t = await trusted.token('trust-ws');
      await trusted.call('POST', '/customDomain', { token: t, body: { workspaceId: 'trust-ws', domain: 'go.localhost' } });
      const listed = v.parse(DomainListResponseSchema, (await trusted.call('GET', '/customDomain', { token: t, query: { workspaceId: 'trust-ws' } })).body).data;
      expect(listed.list[0]).toMatchObject({ domain: 'go.localhost', domainSetupped: true, dnsConfigured: true, sslConfigured: true, pingVerified: true });
    } finally {
      await trusted.close();
    }
  });
});
