/**
 * The service's JSON log lines: every line of a request carries its id, and
 * no token, Authorization header or idempotency key ever reaches the log,
 * whichever route it is sent to and however (header, query, body).
 */
import type { DestinationStream } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppParts } from '../../server/app';
import { openDatabase } from '../../server/db/open';
import { createLogger } from '../../server/ops/logger';
import { startHarness, type Harness } from './harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  status?: number;
}

function capture(): { stream: DestinationStream; text: () => string; lines: () => Line[] } {
  const chunks: string[] = [];
  return {
    stream: { write: (chunk: string) => void chunks.push(chunk) },
    text: () => chunks.join(''),
    lines: () => chunks.join('').trim().split('\n').map((line) => JSON.parse(line) as Line),
  };
}

describe('request logs', () => {
  it('hold no token, Authorization header or idempotency key, from any route', async () => {
    const log = capture();
    harness = await startHarness({ logLevel: 'trace' }, { log: createLogger('trace', log.stream) });
    const token = await harness.token('logs');
    const otherToken = await harness.token('elsewhere');
    const wrongToken = 'Zx9-made-up-bearer-token-that-is-not-stored-0001';
    const idempotencyKey = 'idem-key-4f2a9c7d-never-in-logs';
    const secrets = [token, otherToken, wrongToken, idempotencyKey];

    const made = await harness.call('POST', '/link', {
      token, body: { workspaceId: 'logs', keywordType: 'CUSTOM', keyword: 'logkw', longUrl: 'https://example.com/page' },
    });
    expect(made.status).toBe(200);
    const linkId = (made.json.data as { linkId: string }).linkId;

    const routes = createAppParts(harness.server.ctx).app.routes.filter((r) => r.method !== 'ALL');
    expect(routes.length).toBeGreaterThan(12);
    let requests = 0;
    for (const route of routes) {
      const path = route.path.replace(':linkId', linkId).replace(':workspaceId', 'logs').replace(':keyword', 'logkw');
      const body = route.method === 'GET' ? undefined : JSON.stringify({
        workspaceId: 'logs', linkId, keywordType: 'CUSTOM', keyword: `k${requests}`, longUrl: `https://example.com/?t=${token}`,
        token, authorization: `Bearer ${token}`, tags: ['x'], customDomain: 'links.example', domain: 'links.example', idempotencyKey,
      });
      for (const authorization of [`Bearer ${token}`, `Bearer ${wrongToken}`, `Bearer ${otherToken}`]) {
        const url = new URL(`${harness.server.url}${path}`);
        url.searchParams.set('workspaceId', 'logs');
        url.searchParams.set('token', token);
        url.searchParams.set('access_token', wrongToken);
        const res = await fetch(url, {
          method: route.method, body, redirect: 'manual',
          headers: { Authorization: authorization, 'Idempotency-Key': idempotencyKey, 'Content-Type': 'application/json', Cookie: `session=${token}` },
        });
        await res.arrayBuffer();
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
        requests += 1;
      }
    }
    await harness.server.ctx.metadata.idle();
    await harness.server.ctx.clicks.flush();

    const text = log.text();
    for (const secret of secrets) expect(text).not.toContain(secret);
    const lines = log.lines();
    const requestLines = lines.filter((line) => line.msg === 'request');
    // One line per request, the redirect fast path's included, each with its own id.
    expect(requestLines.length).toBeGreaterThanOrEqual(requests);
    expect(requestLines.every((line) => typeof line.reqId === 'string')).toBe(true);
    expect(new Set(requestLines.map((line) => line.reqId)).size).toBe(requestLines.length);
    expect(requestLines.some((line) => line.status === 302)).toBe(true);
    expect(requestLines.some((line) => line.status === 401)).toBe(true);
  });

  it('puts the request id on every line a request writes, at its level', async () => {
    const log = capture();
    const db = await openDatabase(':memory:');
    harness = await startHarness({ logLevel: 'info' }, { db, log: createLogger('info', log.stream) });
    const token = await harness.token('logs');
    expect((await harness.call('GET', '/tag', { token, query: { workspaceId: 'logs' } })).status).toBe(200);
    await db.close();
    const failed = await fetch(`${harness.api}/tag?workspaceId=logs`, { headers: { Authorization: `Bearer ${token}` } });
    expect(failed.status).toBe(500);
    const reqId = failed.headers.get('x-request-id');
    const lines = log.lines().filter((line) => line.reqId === reqId);
    expect(lines.map((line) => [line.level, line.msg.split(' ')[0]])).toEqual([[50, 'GET'], [30, 'request']]);
    expect(log.text()).not.toContain(token);
    // Health probes are debug lines: not at info.
    await fetch(`${harness.server.url}/healthz`);
    expect(log.lines().filter((line) => line.msg === 'request').length).toBe(2);
  });
});
