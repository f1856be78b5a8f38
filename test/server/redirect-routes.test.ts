import { serve, type ServerType } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClickRecorder } from '../../server/clicks/click-recorder';
import { DEFAULT_CONFIG } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openTestDatabase } from './test-database';
import { redirectRoutes } from '../../server/routes/redirect';
import { seedDomain, seedLink, storedClicks, totalClicks } from './clicks-fixtures';

const NOW = new Date('2026-11-20T10:00:00Z');

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let ctx: AppContext;

function makeContext(publicUrl: string): AppContext {
  return {
    db,
    config: { ...DEFAULT_CONFIG, dataDir: ':memory:', publicUrl, geoHeaders: { country: 'cf-ipcountry' } },
    clicks: createClickRecorder(db, { flushIntervalMs: 60_000 }),
    // The redirect never uses these two; they are here only to complete the context.
    metadata: { schedule: () => undefined, idle: () => Promise.resolve(), close: () => undefined },
    dns: { verify: () => Promise.resolve({ dnsConfigured: false, pingVerified: false, sslConfigured: false }) },
    now: () => NOW,
  };
}

beforeEach(async () => {
  db = await openTestDatabase();
  await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/page?q=1' });
  await seedLink(db, { id: 'l2', keyword: 'off', longUrl: 'https://example.com/off', active: false });
  await seedLink(db, { id: 'l3', keyword: 'abc', longUrl: 'https://custom.example/dest', domain: 'go.brand.test' });
  await seedLink(db, { id: 'l4', keyword: 'sec', longUrl: 'https://secure.example/', domain: 'secure.brand.test' });
  await seedLink(db, { id: 'l5', keyword: 'abc', longUrl: 'https://pending.example/', domain: 'pending.brand.test' });
  await seedDomain(db, { id: 'd1', domain: 'go.brand.test', setUp: true, httpToHttps: false });
  await seedDomain(db, { id: 'd2', domain: 'secure.brand.test', setUp: true, httpToHttps: true });
  await seedDomain(db, { id: 'd3', domain: 'pending.brand.test', setUp: false, httpToHttps: false });
  ctx = makeContext('http://sho.rt');
});
afterEach(async () => {
  await ctx.clicks.close();
  await db.closeAndRemove();
});

describe('redirect (in-process requests)', () => {
  it('answers 302 to the long URL and records one click, written on flush', async () => {
    const app = redirectRoutes(ctx);
    const res = await app.request('http://sho.rt/abc', {
      headers: {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
        referer: 'https://news.example/item?id=9',
        'cf-ipcountry': 'DE',
      },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/page?q=1');
    expect(res.headers.get('cache-control')).toBe('private, max-age=0');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(await storedClicks(db, 'l1')).toBe(0);
    await ctx.clicks.flush();
    expect(await totalClicks(db, 'l1')).toBe(1);
    expect(await db.get("SELECT at_ms, browser, platform, country, referrer FROM click_rows WHERE link_id = 'l1'")).toEqual({
      at_ms: NOW.getTime(), browser: 'Firefox', platform: 'Linux', country: 'DE', referrer: 'https://news.example',
    });
  });

  it.each([
    ['unknown keyword', 'http://sho.rt/nope'],
    ['inactive link', 'http://sho.rt/off'],
    ['keyword breaking the rules', 'http://sho.rt/a.b'],
    ['reserved keyword', 'http://sho.rt/api'],
    ['too long keyword', `http://sho.rt/${'a'.repeat(51)}`],
    ['keyword of another domain', 'http://sho.rt/sec'],
    ['unknown host', 'http://elsewhere.test/abc'],
    ['domain not set up', 'http://pending.brand.test/abc'],
  ])('404 for %s, no click', async (_name, url) => {
    const res = await redirectRoutes(ctx).request(url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: false, errors: [{ code: 'ROUTE_NOT_FOUND', errorMessage: 'No short link at this address' }] });
    await ctx.clicks.flush();
    expect((await db.get<{ n: number }>('SELECT count(*) AS n FROM clicks'))?.n).toBe(0);
  });

  it('treats a domain that is not set up as served when the service trusts domains (local use)', async () => {
    ctx.config.trustDomains = true;
    const res = await redirectRoutes(ctx).request('http://pending.brand.test/abc');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://pending.example/');
  });

  it('serves a custom domain by its host, case-insensitively, with any port and a trailing dot', async () => {
    const res = await redirectRoutes(ctx).request('http://GO.Brand.Test.:8080/abc');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://custom.example/dest');
    await ctx.clicks.flush();
    expect(await totalClicks(db, 'l3')).toBe(1);
    expect(await totalClicks(db, 'l1')).toBe(0);
  });

  it('sends plain-HTTP visitors of an httpToHttps domain to HTTPS first, without counting', async () => {
    const app = redirectRoutes(ctx);
    const plain = await app.request('http://secure.brand.test/sec?utm=x');
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://secure.brand.test/sec?utm=x');
    // Behind a TLS-terminating proxy the request itself is HTTP; the proxy's header says HTTPS.
    const proxied = await app.request('http://secure.brand.test/sec', { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.status).toBe(302);
    expect(proxied.headers.get('location')).toBe('https://secure.example/');
    const proxiedPlain = await app.request('https://secure.brand.test/sec', { headers: { 'x-forwarded-proto': 'http' } });
    expect(proxiedPlain.status).toBe(301);
    const direct = await app.request('https://secure.brand.test/sec');
    expect(direct.status).toBe(302);
    await ctx.clicks.flush();
    expect(await totalClicks(db, 'l4')).toBe(2);
  });

  it('answers HEAD with the redirect but counts no click', async () => {
    const res = await redirectRoutes(ctx).request('http://sho.rt/abc', { method: 'HEAD' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/page?q=1');
    await ctx.clicks.flush();
    expect(await totalClicks(db, 'l1')).toBe(0);
  });

  it('does not answer other methods', async () => {
    const res = await redirectRoutes(ctx).request('http://sho.rt/abc', { method: 'POST' });
    expect(res.status).toBe(404);
  });
});

describe('redirect over real HTTP', () => {
  let server: ServerType | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function listen(): Promise<number> {
    const app = redirectRoutes(ctx);
    return new Promise((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
    });
  }

  function get(port: number, path: string, headers: Record<string, string>, method = 'GET') {
    return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('routes by the Host header: own host, custom domain, unknown host; HEAD not counted', async () => {
    const port = await listen();
    // The service's public URL names the port it listens on, as startServer fills it in.
    ctx.config.publicUrl = `http://127.0.0.1:${port}`;
    expect(await get(port, '/abc', { host: `127.0.0.1:${port}` })).toEqual({ status: 302, location: 'https://example.com/page?q=1' });
    expect(await get(port, '/abc', { host: 'go.brand.test' })).toEqual({ status: 302, location: 'https://custom.example/dest' });
    expect(await get(port, '/sec', { host: 'secure.brand.test' })).toEqual({ status: 301, location: 'https://secure.brand.test/sec' });
    expect((await get(port, '/abc', { host: 'nobody.test' })).status).toBe(404);
    expect((await get(port, '/abc', { host: `127.0.0.1:${port}` }, 'HEAD')).status).toBe(302);
    await ctx.clicks.flush();
    expect(await totalClicks(db, 'l1')).toBe(1);
    expect(await totalClicks(db, 'l3')).toBe(1);
    expect(await totalClicks(db, 'l4')).toBe(0);
  });
});
