import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../server/config';
import { startServer, type RunningServer } from '../../server/start';
import { seedDomain, seedLink, totalClicks } from './clicks-fixtures';
import { testLocation, type TestLocation } from './test-database';
import { BOT_AGENTS, PERSON_AGENTS } from './user-agents';

/** The redirect through the whole service (startServer: every middleware, the real app), over HTTP. */
let server: RunningServer;
let port: number;
let where: TestLocation;

beforeAll(async () => {
  where = await testLocation();
  server = await startServer({
    ...DEFAULT_CONFIG, port: 0, ...where.config, dataDir: ':memory:', publicUrl: '', geoHeaders: { country: 'x-country', state: 'x-region' },
  });
  port = Number(new URL(server.url).port);
  const { db } = server.ctx;
  await seedLink(db, { id: 'l1', keyword: 'go', longUrl: 'https://example.com/landing' });
  await seedLink(db, { id: 'l2', keyword: 'off', longUrl: 'https://example.com/off', active: false });
  await seedLink(db, { id: 'l3', keyword: 'go', longUrl: 'https://brand.example/', domain: 'links.brand.test' });
  await seedDomain(db, { id: 'd1', domain: 'links.brand.test', setUp: true, httpToHttps: true });
});
afterAll(async () => {
  await server.close();
  await where.remove();
});

function send(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('redirect through the running service', () => {
  it('302s to the long URL, records the click with its labels, and counts it after a flush', async () => {
    const res = await send('/go', {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'x-country': 'IN',
      'x-region': 'Kerala',
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://example.com/landing');
    expect(res.headers['cache-control']).toBe('private, max-age=0');
    await server.ctx.clicks.flush();
    expect(await totalClicks(server.ctx.db, 'l1')).toBe(1);
    expect(await server.ctx.db.get("SELECT device, platform, country, state FROM click_rows WHERE link_id = 'l1'")).toEqual({
      device: 'Mobile', platform: 'iOS', country: 'IN', state: 'Kerala',
    });
  });

  it('answers the same whether the fast path or the app serves the request, and tells bots apart on both', async () => {
    // "/go?x=1" is answered before Hono; "/%67o" (percent-encoded "go") is decoded and answered by the app.
    for (const path of ['/go?x=1', '/%67o']) {
      for (const userAgent of [PERSON_AGENTS.firefoxLinux, BOT_AGENTS.slack]) {
        const res = await send(path, { 'user-agent': userAgent });
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe('https://example.com/landing');
        expect(res.headers['cache-control']).toBe('private, max-age=0');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    await server.ctx.clicks.flush();
    expect(await totalClicks(server.ctx.db, 'l1')).toBe(3);
    expect(Number((await server.ctx.db.get<{ n: number }>("SELECT bot_clicks AS n FROM links WHERE id = 'l1'"))?.n)).toBe(2);
  });

  it('answers HEAD without counting', async () => {
    const res = await send('/go', {}, 'HEAD');
    expect(res.status).toBe(302);
    await server.ctx.clicks.flush();
    expect(await totalClicks(server.ctx.db, 'l1')).toBe(3);
  });

  it.each(['/nope', '/off', '/a%20b'])('404s %s with the JSON envelope', async (path) => {
    const res = await send(path);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ status: false, errors: [{ code: 'ROUTE_NOT_FOUND' }] });
  });

  it('serves a custom domain by Host, sending plain HTTP to HTTPS first', async () => {
    const plain = await send('/go', { host: 'links.brand.test' });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://links.brand.test/go');
    const secure = await send('/go', { host: 'links.brand.test', 'x-forwarded-proto': 'https' });
    expect(secure.status).toBe(302);
    expect(secure.headers.location).toBe('https://brand.example/');
  });
});
