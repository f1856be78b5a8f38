import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseInserts } from './test-database';
import { errorOf, startHarness, type Harness } from './harness';

let nowMs = Date.parse('2026-04-01T00:00:00Z');
let h: Harness;
let token: string;
let otherToken: string;
const ws = 'limit-ws';
const body = { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://example.com/' };

beforeAll(async () => {
  h = await startHarness({ createRateLimitPerMinute: 3, bodyLimitBytes: 2048 }, { now: () => new Date(nowMs) });
  token = await h.token(ws);
  otherToken = await h.token(ws, 'second');
});
afterAll(() => h.close());

describe('link creation rate limit (per token)', () => {
  it('429 RATE_LIMITED with Retry-After once the minute’s allowance is spent; refills over time', async () => {
    const key = randomUUID();
    expect((await h.call('POST', '/link', { token, body, headers: { 'Idempotency-Key': key } })).status).toBe(200);
    expect((await h.call('POST', '/link', { token, body })).status).toBe(200);
    expect((await h.call('POST', '/link', { token, body })).status).toBe(200);
    const before = (await h.count('links'));
    const limited = await h.call('POST', '/link', { token, body });
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    // 3 per minute: one unit back every 20 s.
    expect(limited.headers.get('retry-after')).toBe('20');
    expect((await h.count('links'))).toBe(before);

    // A replay is not a new creation: it is answered even now.
    const replay = await h.call('POST', '/link', { token, body, headers: { 'Idempotency-Key': key } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // Another token has its own allowance; invalid requests do not spend it.
    expect((await h.call('POST', '/link', { token: otherToken, body })).status).toBe(200);
    // Other operations are not limited.
    expect((await h.call('POST', '/tag', { token, body: { workspaceId: ws, tag: 'still-fine' } })).status).toBe(200);

    nowMs += 5_000;
    expect((await h.call('POST', '/link', { token, body })).headers.get('retry-after')).toBe('15');
    nowMs += 15_000;
    expect((await h.call('POST', '/link', { token, body })).status).toBe(200);
    expect((await h.call('POST', '/link', { token, body })).status).toBe(429);
  });
});

describe('the rate limit counts only links really created', () => {
  it('keyWordExist and failed creations spend nothing; a real creation still does', async () => {
    const ws2 = 'limit-ws-2';
    const t = await h.token(ws2, 'keywords');
    const custom = { workspaceId: ws2, keywordType: 'CUSTOM', keyword: 'taken-one', longUrl: 'https://example.com/' };
    const first = await h.call('POST', '/link', { token: t, body: custom });
    expect(first.status).toBe(200);
    expect((first.json.data as { keyWordExist: boolean }).keyWordExist).toBe(false);
    // 3 per minute, 2 left: far more refusals than that in a row.
    for (let i = 0; i < 6; i += 1) {
      const again = await h.call('POST', '/link', { token: t, body: custom });
      expect(again.status).toBe(200);
      expect((again.json.data as { keyWordExist: boolean }).keyWordExist).toBe(true);
    }
    // A creation that fails with a 500 is not counted either.
    const allow = await refuseInserts(h.server.ctx.db, 'links');
    for (let i = 0; i < 4; i += 1) expect((await h.call('POST', '/link', { token: t, body: { ...body, workspaceId: ws2 } })).status).toBe(500);
    await allow();
    const hash = { ...body, workspaceId: ws2 };
    expect((await h.call('POST', '/link', { token: t, body: hash })).status).toBe(200);
    expect((await h.call('POST', '/link', { token: t, body: hash })).status).toBe(200);
    // Three links really created: the allowance is spent.
    expect((await h.call('POST', '/link', { token: t, body: hash })).status).toBe(429);
  });
});

describe('headers and limits on every answer', () => {
  it.each([
    ['a success', () => h.call('GET', '/tag', { token, query: { workspaceId: ws } }), 200],
    ['a validation error', () => h.call('GET', '/tag', { token, query: {} }), 400],
    ['a missing token', () => h.call('GET', '/tag', { query: { workspaceId: ws } }), 401],
    ['an unknown API route', () => h.call('GET', '/nothing-here', { token }), 404],
  ])('X-Content-Type-Options: nosniff and Cache-Control: no-store on %s', async (_label, call, status) => {
    const answer = await call();
    expect(answer.status).toBe(status);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('nosniff on redirects and short-link 404s too', async () => {
    const res = await fetch(`${h.server.url}/no-such-keyword`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a body over the limit is 413 even without Content-Length (chunked)', async () => {
    const chunk = JSON.stringify({ ...body, longUrl: `https://example.com/${'a'.repeat(4000)}` });
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${h.api}/link`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      for (let i = 0; i < chunk.length; i += 500) req.write(chunk.slice(i, i + 500));
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ status: false, errors: [{ code: 'PAYLOAD_TOO_LARGE' }] });
  });

  it('a body over the limit with Content-Length is refused before auth reads anything', async () => {
    const answer = await h.call('POST', '/link', { body: { ...body, longUrl: `https://example.com/${'a'.repeat(4000)}` } });
    expect(answer.status).toBe(413);
    expect(errorOf(answer).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('an unexpected failure is the INTERNAL_ERROR envelope, and the service keeps working', async () => {
    const db = h.server.ctx.db;
    await db.exec('ALTER TABLE tags RENAME TO tags_moved');
    try {
      const broken = await h.call('GET', '/tag', { token, query: { workspaceId: ws } });
      expect(broken.status).toBe(500);
      expect(errorOf(broken).code).toBe('INTERNAL_ERROR');
      expect(JSON.stringify(broken.body)).not.toMatch(/tags_moved|sqlite|at /i);
    } finally {
      await db.exec('ALTER TABLE tags_moved RENAME TO tags');
    }
  });
});
