import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../server/config';
import { routingRecord } from '../../server/domains/dns-records';
import { challengeRecord, challengeValue } from '../../server/domains/domain-challenge';
import { apexOf, checkDomainName } from '../../server/domains/domain-name';
import { ApiError } from '../../server/http/errors';
import { pageInfo } from '../../server/http/paging';
import { createRateLimiter, type LimitedCreation, type RateLimiter } from '../../server/http/rate-limit';
import { createSharedRateLimiter } from '../../server/http/rate-limit-postgres';
import { newId, randomBase62 } from '../../server/links/random-keyword';
import { shortUrl } from '../../server/links/short-url';
import { ON_POSTGRES, openTestDatabase } from './test-database';

describe('randomBase62', () => {
  it.each([1, 7, 16, 64])('makes %i base62 characters', (length) => {
    for (let i = 0; i < 50; i += 1) expect(randomBase62(length)).toMatch(new RegExp(`^[0-9A-Za-z]{${length}}$`));
  });

  it('uses every character about equally (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const text = randomBase62(62 * 2000);
    for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 2000 each; with modulo bias the first 8 characters would get ~25% more.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(1700);
      expect(n).toBeLessThan(2300);
    }
  });

  it('ids are 16 characters and do not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId()));
    expect(ids.size).toBe(10_000);
    for (const id of [...ids].slice(0, 10)) expect(id).toMatch(/^[0-9A-Za-z]{16}$/);
  });
});

describe('checkDomainName', () => {
  it.each([
    ['example.com', 'example.com', false],
    ['go.example.com', 'go.example.com', true],
    ['  GO.Example.COM  ', 'go.example.com', true],
    ['example.com.', 'example.com', false],
    ['münchen.de', 'xn--mnchen-3ya.de', false],
    ['links.bücher.example', 'links.xn--bcher-kva.example', true],
    ['a-b.c-d.example', 'a-b.c-d.example', true],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`, false],
    ['123.example', '123.example', false],
    ['xn--mnchen-3ya.de', 'xn--mnchen-3ya.de', false],
  ])('accepts %j as %s (subdomain: %s)', (raw, domain, isSubDomain) => {
    expect(checkDomainName(raw)).toEqual({ ok: true, domain, isSubDomain });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['com', 'two labels'],
    ['localhost', 'two labels'],
    ['http://example.com', 'bare host'],
    ['example.com/path', 'bare host'],
    ['example.com:443', 'bare host'],
    ['user@example.com', 'bare host'],
    ['*.example.com', 'bare host'],
    ['exa mple.com', 'bare host'],
    ['%65xample.com', 'bare host'],
    ['example.com?x', 'bare host'],
    ['a..example.com', 'labels'],
    ['-a.example.com', 'labels'],
    ['a-.example.com', 'labels'],
    ['a_b.example.com', 'labels'],
    [`${'a'.repeat(64)}.com`, 'labels'],
    [`${'abcdefghi.'.repeat(26)}com`, '253'],
    ['192.168.0.1', 'IP address'],
    ['[::1]', 'bare host'],
    ['xn--a.com', 'not a valid domain'],
    ['example..', 'labels'],
  ])('refuses %j (%s)', (raw, why) => {
    const verdict = checkDomainName(raw);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) {
      expect(verdict.reason).toContain(why);
      expect(verdict.reason.startsWith('domain')).toBe(true);
    }
  });

  it('apexOf takes the last two labels', () => {
    expect(apexOf('a.b.example.com')).toBe('example.com');
    expect(apexOf('example.com')).toBe('example.com');
  });
});

describe('DNS records', () => {
  it.each([
    ['go.example.com', true, 'sho.rt', '203.0.113.5', { recordType: 'CNAME', hostname: 'go.example.com', pointsTo: 'sho.rt' }],
    ['example.com', false, 'sho.rt', '203.0.113.5', { recordType: 'A', hostname: 'example.com', pointsTo: '203.0.113.5' }],
    ['go.example.com', true, '203.0.113.5', '203.0.113.5', { recordType: 'A', hostname: 'go.example.com', pointsTo: '203.0.113.5' }],
    ['example.com', false, 'sho.rt', null, { recordType: 'ALIAS', hostname: 'example.com', pointsTo: 'sho.rt' }],
  ] as const)('%s (subdomain %s) on %s', (domain, sub, host, ip, record) => {
    expect(routingRecord(domain, sub, host, ip)).toEqual(record);
  });

  it('the TXT ownership proof is _shortlink-challenge.<domain>', () => {
    expect(challengeRecord('go.example.com', 'abc')).toEqual({ recordType: 'TXT', hostname: '_shortlink-challenge.go.example.com', pointsTo: 'abc' });
  });

  it('the proof value is stable, and differs per workspace, per domain and per database (its secret)', async () => {
    const db = await openTestDatabase();
    const other = await openTestDatabase();
    try {
      const value = await challengeValue(db, 'ws-a', 'go.example.com');
      expect(value).toMatch(/^[0-9a-f]{64}$/);
      expect(await challengeValue(db, 'ws-a', 'go.example.com')).toBe(value);
      expect(await challengeValue(db, 'ws-b', 'go.example.com')).not.toBe(value);
      expect(await challengeValue(db, 'ws-a', 'go2.example.com')).not.toBe(value);
      // The workspace id and the domain cannot be shifted into each other.
      expect(await challengeValue(db, 'ws-ag', 'o.example.com')).not.toBe(value);
      expect(await challengeValue(other, 'ws-a', 'go.example.com')).not.toBe(value);
    } finally {
      await db.closeAndRemove();
      await other.closeAndRemove();
    }
  });
});

describe('shortUrl', () => {
  const config = { ...DEFAULT_CONFIG, publicUrl: 'http://127.0.0.1:8787' };
  it.each([
    [false, '', 'http://127.0.0.1:8787/kw'],
    [false, 'go.example.com', 'https://go.example.com/kw'],
    [true, 'go.localhost', 'http://go.localhost:8787/kw'],
    [true, '', 'http://127.0.0.1:8787/kw'],
  ])('trustDomains %s, domain %j -> %s', (trustDomains, domain, expected) => {
    expect(shortUrl({ ...config, trustDomains }, domain, 'kw')).toBe(expected);
  });
});

describe('pageInfo', () => {
  it.each([
    [0, 10, 10, 23, { cursor: 10, hasNext: true, pageNumber: 1, pageSize: 10, totalCount: 23, totalPages: 3 }],
    [20, 10, 3, 23, { cursor: 23, hasNext: false, pageNumber: 3, pageSize: 10, totalCount: 23, totalPages: 3 }],
    [0, 10, 0, 0, { cursor: 0, hasNext: false, pageNumber: 1, pageSize: 10, totalCount: 0, totalPages: 0 }],
    [5, 10, 10, 30, { cursor: 15, hasNext: true, pageNumber: 1, pageSize: 10, totalCount: 30, totalPages: 3 }],
    [100, 10, 0, 30, { cursor: 100, hasNext: false, pageNumber: 11, pageSize: 10, totalCount: 30, totalPages: 3 }],
  ])('cursor %i, pageSize %i, %i items of %i', (cursor, size, items, total, expected) => {
    expect(pageInfo(cursor, size, items, total)).toEqual(expected);
  });
});

describe('rate limiter', () => {
  // On SQLite the buckets are in memory; on PostgreSQL they are rows every instance shares.
  let db: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  afterEach(async () => {
    await db?.closeAndRemove();
    db = undefined;
  });
  async function limiterOf(perMinute: number, now: () => Date, what: LimitedCreation = 'links'): Promise<RateLimiter> {
    if (!ON_POSTGRES) return createRateLimiter(perMinute, now, what);
    db ??= await openTestDatabase();
    return createSharedRateLimiter(db, perMinute, now, what);
  }
  const refused = async (limiter: RateLimiter, tokenId: number): Promise<unknown> =>
    limiter.reserve(tokenId).then(
      () => undefined,
      (error: unknown) => error,
    );

  it('allows a burst of perMinute, then refills evenly and says when to retry', async () => {
    let now = 0;
    const limiter = await limiterOf(60, () => new Date(now));
    for (let i = 0; i < 60; i += 1) await limiter.reserve(1);
    const error = await refused(limiter, 1);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('RATE_LIMITED');
    expect((error as ApiError).headers['Retry-After']).toBe('1');
    await limiter.reserve(2);
    now += 1000;
    await limiter.reserve(1);
    expect(await refused(limiter, 1)).toBeInstanceOf(ApiError);
  });

  it('link and domain creations have buckets of their own, and say which ran out', async () => {
    const links = await limiterOf(1, () => new Date(0), 'links');
    const domains = await limiterOf(1, () => new Date(0), 'domains');
    await links.reserve(3);
    await domains.reserve(3);
    expect(((await refused(links, 3)) as ApiError).message).toMatch(/^Too many links created with this token/);
    expect(((await refused(domains, 3)) as ApiError).message).toMatch(/^Too many domains created with this token/);
  });

  it('gives a refunded unit back, once, and never beyond the burst', async () => {
    const limiter = await limiterOf(2, () => new Date(0));
    const first = await limiter.reserve(1);
    await limiter.reserve(1);
    expect(await refused(limiter, 1)).toBeInstanceOf(ApiError);
    await first.refund();
    await first.refund();
    await limiter.reserve(1);
    expect(await refused(limiter, 1)).toBeInstanceOf(ApiError);
    // Units held by requests still running count against a burst: refunds cannot overfill the bucket.
    const other = await limiterOf(2, () => new Date(0));
    const held = [await other.reserve(7), await other.reserve(7)];
    expect(await refused(other, 7)).toBeInstanceOf(ApiError);
    for (const unit of held) await unit.refund();
    await other.reserve(7);
    await other.reserve(7);
    expect(await refused(other, 7)).toBeInstanceOf(ApiError);
  });
});
