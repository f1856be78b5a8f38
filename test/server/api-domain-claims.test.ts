import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateDomainResponseSchema, DomainListResponseSchema } from '../../lib/contract/schemas';
import { UNPROVEN_DOMAINS_PER_WORKSPACE_MAX } from '../../lib/contract/workspace-limits';
import type { DomainVerifier } from '../../server/domains/verifier-port';
import { errorOf, startHarness, type Harness } from './harness';

/**
 * What a claim on a domain costs others, and what it costs the service. A
 * claim (POST /customDomain) is only a wish until its DNS proves it: it must
 * not stop another workspace from linking to that host, and one workspace
 * cannot pile up unproven claims or make the service ask DNS without end.
 * DNS is replaced by a verifier whose answers the test sets.
 */
let nowMs = Date.parse('2026-08-01T00:00:00Z');
/** Domains whose routing record and TXT proof are in DNS. */
const proven = new Set<string>();
const verifier: DomainVerifier = {
  verify: ({ domain }) => Promise.resolve({ dnsConfigured: proven.has(domain), pingVerified: proven.has(domain), sslConfigured: false }),
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ publicUrl: 'http://localhost:0' }, { now: () => new Date(nowMs), dns: verifier });
});
afterAll(() => h.close());

const createDomain = (token: string, workspaceId: string, domain: string, headers: Record<string, string> = {}) =>
  h.call('POST', '/customDomain', { token, body: { workspaceId, domain }, headers });
const createLink = (token: string, workspaceId: string, longUrl: string) =>
  h.call('POST', '/link', { token, body: { workspaceId, keywordType: 'HASH', longUrl } });
/** Lists a workspace's domains past the once-a-minute re-check, so their DNS is asked again. */
async function recheck(token: string, workspaceId: string) {
  nowMs += 61_000;
  const answer = await h.call('GET', '/customDomain', { token, query: { workspaceId, pageSize: '100' } });
  return v.parse(DomainListResponseSchema, answer.body).data.list;
}

describe('a claim blocks links to its host only once it is proven', () => {
  let one: string;
  let two: string;
  beforeAll(async () => {
    one = await h.token('claim-one');
    two = await h.token('claim-two');
    expect((await createDomain(one, 'claim-one', 'example.com')).status).toBe(200);
  });

  it('an unproven claim by one workspace does not stop another from shortening that host, however spelt', async () => {
    for (const url of ['https://example.com/page', 'https://EXAMPLE.com./page', 'http://example.com:80/page']) {
      const answer = await createLink(two, 'claim-two', url);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    // Nor the claimant itself: the domain does not redirect, so the link cannot loop.
    expect((await createLink(one, 'claim-one', 'https://example.com/mine')).status).toBe(200);
  });

  it('once set up (it redirects through the service) the host is refused to everyone; when the proof goes, it is free again', async () => {
    proven.add('example.com');
    expect((await recheck(one, 'claim-one'))[0]).toMatchObject({ domain: 'example.com', domainSetupped: true });
    const refused = await createLink(two, 'claim-two', 'https://EXAMPLE.com./page');
    expect(errorOf(refused).code).toBe('INVALID_URL');
    expect(errorOf(refused).errorMessage).toMatch(/short link of this service/);

    proven.delete('example.com');
    expect((await recheck(one, 'claim-one'))[0]).toMatchObject({ domainSetupped: false });
    expect((await createLink(two, 'claim-two', 'https://EXAMPLE.com./page')).status).toBe(200);
  });

  it('under --trust-domains every claim redirects, so every claim counts', async () => {
    const trusted = await startHarness({ trustDomains: true });
    try {
      const a = await trusted.token('trust-a');
      const b = await trusted.token('trust-b');
      expect((await trusted.call('POST', '/customDomain', { token: a, body: { workspaceId: 'trust-a', domain: 'go.trusted.test' } })).status).toBe(200);
      const answer = await trusted.call('POST', '/link', { token: b, body: { workspaceId: 'trust-b', keywordType: 'HASH', longUrl: 'https://GO.trusted.test./x' } });
      expect(errorOf(answer).code).toBe('INVALID_URL');
    } finally {
      await trusted.close();
    }
  });
});

describe(`at most ${UNPROVEN_DOMAINS_PER_WORKSPACE_MAX} unproven claims per workspace`, () => {
  const ws = 'claim-many';
  let token: string;
  let otherToken: string;
  const name = (i: number) => `d${i}.many.test`;
  beforeAll(async () => {
    token = await h.token(ws);
    otherToken = await h.token('claim-other');
    for (let i = 0; i < UNPROVEN_DOMAINS_PER_WORKSPACE_MAX; i += 1) {
      const answer = await createDomain(token, ws, name(i));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
  });

  it('one more is refused with DOMAIN_CLAIM_LIMIT_REACHED, saying the limit and what to do; nothing is written', async () => {
    const before = await h.count('domains');
    const answer = await createDomain(token, ws, 'one-more.many.test');
    expect(answer.status).toBe(400);
    const error = errorOf(answer);
    expect(error.code).toBe('DOMAIN_CLAIM_LIMIT_REACHED');
    expect(error.errorMessage).toContain(String(UNPROVEN_DOMAINS_PER_WORKSPACE_MAX));
    expect(error.errorMessage).toMatch(/set up|delete/);
    expect(await h.count('domains')).toBe(before);
    // Another workspace has its own allowance.
    expect((await createDomain(otherToken, 'claim-other', 'one-more.many.test')).status).toBe(200);
  });

  it('concurrent claims cannot together go past the limit', async () => {
    const racer = await h.token('claim-race');
    for (let i = 0; i < UNPROVEN_DOMAINS_PER_WORKSPACE_MAX - 2; i += 1) expect((await createDomain(racer, 'claim-race', `r${i}.race.test`)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => createDomain(racer, 'claim-race', `more${i}.race.test`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status !== 200).map((a) => errorOf(a).code)).toEqual(Array(4).fill('DOMAIN_CLAIM_LIMIT_REACHED'));
  });

  it('a claim proven in DNS, or deleted, makes room for another', async () => {
    proven.add(name(0));
    expect((await recheck(token, ws)).find((d) => d.domain === name(0))).toMatchObject({ domainSetupped: true });
    expect((await createDomain(token, ws, 'after-proof.many.test')).status).toBe(200);
    expect(errorOf(await createDomain(token, ws, 'after-delete.many.test')).code).toBe('DOMAIN_CLAIM_LIMIT_REACHED');

    const list = await recheck(token, ws);
    const victim = list.find((d) => d.domain === name(1));
    const deleted = await h.call('PATCH', '/customDomain', { token, body: { workspaceId: ws, customDomainId: victim?._id, deleteDomain: true } });
    expect(deleted.status).toBe(200);
    expect((await createDomain(token, ws, 'after-delete.many.test')).status).toBe(200);
  });
});

describe('domain creation is rate-limited per token (each one asks DNS about names the tenant chooses)', () => {
  let limited: Harness;
  let nowLimited = Date.parse('2026-08-02T00:00:00Z');
  let token: string;
  let otherToken: string;
  const ws = 'rate-domains';
  beforeAll(async () => {
    limited = await startHarness({ publicUrl: 'http://localhost:0', domainRateLimitPerMinute: 3 }, { now: () => new Date(nowLimited), dns: verifier });
    token = await limited.token(ws);
    otherToken = await limited.token(ws, 'second');
  });
  afterAll(() => limited.close());
  const create = (t: string, domain: string, headers: Record<string, string> = {}) =>
    limited.call('POST', '/customDomain', { token: t, body: { workspaceId: ws, domain }, headers });

  it('429 RATE_LIMITED with Retry-After once the minute’s allowance is spent; replays, other tokens and links are not limited', async () => {
    const key = randomUUID();
    const first = await create(token, 'r1.rate.test', { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    // Refusals that ask no DNS spend nothing: a bad name, or a domain this workspace already has.
    expect(errorOf(await create(token, 'not a domain')).code).toBe('INVALID_DOMAIN');
    expect(errorOf(await create(token, 'r1.rate.test')).code).toBe('DOMAIN_TAKEN');
    expect((await create(token, 'r2.rate.test')).status).toBe(200);
    expect((await create(token, 'r3.rate.test')).status).toBe(200);

    const before = await limited.count('domains');
    const refused = await create(token, 'r4.rate.test');
    expect(refused.status).toBe(429);
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
    expect(errorOf(refused).errorMessage).toMatch(/domains/);
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(await limited.count('domains')).toBe(before);

    const replay = await create(token, 'r1.rate.test', { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(v.parse(CreateDomainResponseSchema, replay.body)).toEqual(first.body);
    expect((await create(otherToken, 'r5.rate.test')).status).toBe(200);
    expect((await limited.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://example.com/' } })).status).toBe(200);

    nowLimited += 20_000;
    expect((await create(token, 'r4.rate.test')).status).toBe(200);
    expect((await create(token, 'r6.rate.test')).status).toBe(429);
  });
});
