import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateDomainResponseSchema, CreateLinkResponseSchema, DomainListResponseSchema } from '../../lib/contract/schemas';
import { createDnsVerifier } from '../../server/domains/dns-verifier';
import { startDnsServer, type DnsFixture, type Zone } from './dns-fixture';
import { errorOf, startHarness, type Harness } from './harness';

/**
 * Custom domain ownership proof end to end: the real service with the real
 * DNS verifier, asking a DNS server on loopback whose zone the test edits as
 * a domain's owner would. The service is `sho.example` (publicUrl); a domain
 * is set up only when its CNAME reaches it AND its `_shortlink-challenge` TXT
 * holds the value made for the workspace that has it.
 */
const zone: Zone = {
  'sho.example': [{ type: 'A', value: '203.0.113.9' }],
  'go.proof.test': [{ type: 'CNAME', value: 'sho.example' }],
};
let dns: DnsFixture;
let h: Harness;
let nowMs = Date.parse('2026-07-01T00:00:00Z');
const A = 'proof-a';
const B = 'proof-b';
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  dns = await startDnsServer(zone);
  h = await startHarness(
    { publicUrl: 'http://sho.example:0' },
    { now: () => new Date(nowMs), dns: createDnsVerifier({ serviceHost: 'sho.example', servers: dns.servers, timeoutMs: 1000 }) },
  );
  tokenA = await h.token(A);
  tokenB = await h.token(B);
});
afterAll(async () => {
  await h.close();
  dns.close();
});

const publishTxt = (domain: string, ...values: string[]) => {
  zone[`_shortlink-challenge.${domain}`] = values.map((value) => ({ type: 'TXT', value: [value] }));
};
const createDomain = (token: string, workspaceId: string, domain: string) => h.call('POST', '/customDomain', { token, body: { workspaceId, domain } });
async function listed(token: string, workspaceId: string) {
  nowMs += 61_000; // past the once-a-minute re-check
  const answer = await h.call('GET', '/customDomain', { token, query: { workspaceId, pageSize: '100' } });
  return v.parse(DomainListResponseSchema, answer.body).data.list;
}

describe('ownership proof', () => {
  let proofA = '';
  let linkOfA = '';

  it('the first claim gets its own TXT value; the domain is set up only once that value is published', async () => {
    const made = v.parse(CreateDomainResponseSchema, (await createDomain(tokenA, A, 'go.proof.test')).body).data;
    expect(made.mandatory).toEqual({ recordType: 'TXT', hostname: '_shortlink-challenge.go.proof.test', pointsTo: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(made.optional).toEqual({ recordType: 'CNAME', hostname: 'go.proof.test', pointsTo: 'sho.example' });
    proofA = made.mandatory.pointsTo;

    // The CNAME already reaches the service, but that proves nothing about who owns the domain.
    expect((await listed(tokenA, A))[0]).toMatchObject({ domain: 'go.proof.test', dnsConfigured: true, pingVerified: false, domainSetupped: false });
    publishTxt('go.proof.test', proofA);
    expect((await listed(tokenA, A))[0]).toMatchObject({ dnsConfigured: true, pingVerified: true, domainSetupped: true, configDetails: { mandatory: made.mandatory } });

    const link = await h.call('POST', '/link', { token: tokenA, body: { workspaceId: A, keywordType: 'CUSTOM', keyword: 'a-link', longUrl: 'https://example.com/a', customDomain: 'go.proof.test' } });
    linkOfA = v.parse(CreateLinkResponseSchema, link.body).data.linkId;
  });

  let proofB = '';

  it('a second workspace without proof is refused with DOMAIN_TAKEN, told only its own value; nothing changes', async () => {
    const before = (await h.count('domains'));
    const answer = await createDomain(tokenB, B, 'GO.proof.test.');
    const error = errorOf(answer);
    expect(error.code).toBe('DOMAIN_TAKEN');
    proofB = /value ([0-9a-f]{64})/.exec(error.errorMessage)?.[1] ?? '';
    expect(proofB).toMatch(/^[0-9a-f]{64}$/);
    expect(proofB).not.toBe(proofA);
    for (const secret of [A, proofA, linkOfA, 'go.proof.test']) expect(error.errorMessage).not.toContain(secret);
    expect((await h.count('domains'))).toBe(before);
  });

  it('publishing the first workspace’s value does not let the second one in', async () => {
    publishTxt('go.proof.test', proofA);
    expect(errorOf(await createDomain(tokenB, B, 'go.proof.test')).code).toBe('DOMAIN_TAKEN');
  });

  it('with its own value published, the second workspace takes the domain over: set up for it, gone from the first with its links', async () => {
    publishTxt('go.proof.test', proofB);
    const answer = await createDomain(tokenB, B, 'go.proof.test');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const made = v.parse(CreateDomainResponseSchema, answer.body).data;
    expect(made.mandatory.pointsTo).toBe(proofB);

    expect(await listed(tokenA, A)).toEqual([]);
    expect((await listed(tokenB, B))[0]).toMatchObject({ domain: 'go.proof.test', workspaceId: B, domainSetupped: true, pingVerified: true });
    expect(await h.server.ctx.db.get('SELECT 1 FROM links WHERE id = ?', [linkOfA])).toBeUndefined();
    // The former holder is now the one without proof.
    expect(errorOf(await createDomain(tokenA, A, 'go.proof.test')).code).toBe('DOMAIN_TAKEN');
  });

  it('the holder whose proof is removed loses set-up at the next check', async () => {
    delete zone['_shortlink-challenge.go.proof.test'];
    expect((await listed(tokenB, B))[0]).toMatchObject({ pingVerified: false, domainSetupped: false });
  });
});

describe('trusted mode', () => {
  it('needs no proof to set up, and never hands a domain over (nothing is proven)', async () => {
    const trusted = await startHarness({ trustDomains: true });
    try {
      const ta = await trusted.token(A);
      const tb = await trusted.token(B);
      expect((await trusted.call('POST', '/customDomain', { token: ta, body: { workspaceId: A, domain: 'go.localhost' } })).status).toBe(200);
      const refused = await trusted.call('POST', '/customDomain', { token: tb, body: { workspaceId: B, domain: 'go.localhost' } });
      expect(errorOf(refused)).toEqual({ code: 'DOMAIN_TAKEN', errorMessage: 'domain is already connected to a workspace' });
    } finally {
      await trusted.close();
    }
  });
});
