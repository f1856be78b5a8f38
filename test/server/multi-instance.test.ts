import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type ServerConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { RECHECK_AFTER_MS } from '../../server/domains/domain-checks';
import type { DomainVerifier } from '../../server/domains/verifier-port';
import { createToken } from '../../server/http/auth';
import { startServer, type RunningServer } from '../../server/start';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';
import { PERSON_AGENTS } from './user-agents';

/**
 * Two instances of the service on one PostgreSQL database, as behind a load
 * balancer: each has its own pool, redirect cache, rate limiter and click
 * writer; they share only the database. (SQLite serves one process: these run
 * in the postgres project only.)
 */
const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
const WS = 'multi-ws';
let where: TestLocation;
let a: RunningServer;
let b: RunningServer;
let token: string;

async function instance(extra: Partial<ServerConfig> = {}, overrides: Partial<AppContext> = {}): Promise<RunningServer> {
  return startServer({ ...DEFAULT_CONFIG, port: 0, publicUrl: '', ...where.config, createRateLimitPerMinute: 100_000, domainRateLimitPerMinute: 100_000, ...extra }, overrides);
}

async function api(server: RunningServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 32 });
function visit(server: RunningServer, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { agent: keepAlive, headers: { 'user-agent': PERSON_AGENTS.firefoxLinux } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function createLink(server: RunningServer, keyword?: string): Promise<{ linkId: string; shortUrl: string }> {
  const body = keyword
    ? { workspaceId: WS, keywordType: 'CUSTOM', keyword, longUrl: `https://example.com/${keyword}` }
    : { workspaceId: WS, keywordType: 'HASH', longUrl: 'https://example.com/hash' };
  const made = await api(server, 'POST', '/link', body);
  expect(made.status).toBe(200);
  return made.json.data as { linkId: string; shortUrl: string };
}

const pathOf = (shortUrl: string) => new URL(shortUrl).pathname;

describe.skipIf(!ON_POSTGRES)('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    where = await testLocation();
    // Frequent small flushes, so the two click writers often write into the same rollup rows at once.
    a = await instance({ clickFlushMs: 25 });
    b = await instance({ clickFlushMs: 25 });
    token = await createToken(a.ctx.db, WS, 'multi');
  });
  afterAll(async () => {
    keepAlive.destroy();
    await a?.close();
    await b?.close();
    await where?.remove();
  });

  it('a link created on A redirects on B', async () => {
    const { shortUrl } = await createLink(a, 'made-on-a');
    expect(await visit(b, pathOf(shortUrl))).toBe(302);
  });

  it('a link deleted on A is 404 on B within 1 s, although B had it cached', async () => {
    const { linkId, shortUrl } = await createLink(a, 'gone-soon');
    expect(await visit(b, pathOf(shortUrl))).toBe(302);
    expect(await visit(b, pathOf(shortUrl))).toBe(302);
    const deleted = await api(a, 'PATCH', '/link', { workspaceId: WS, linkId, deleteLink: true });
    expect(deleted.status).toBe(200);
    const started = Date.now();
    let status = 302;
    while (status === 302 && Date.now() - started < 1000) {
      status = await visit(b, pathOf(shortUrl));
      if (status === 302) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(404);
  });

  it('the same Idempotency-Key sent to A and B at once makes one link, and both answer it', async () => {
    const key = randomUUID();
    const body = { workspaceId: WS, keywordType: 'HASH', longUrl: 'https://example.com/once' };
    const count = async () => (await a.ctx.db.get<{ n: number }>("SELECT count(*) AS n FROM links WHERE long_url = 'https://example.com/once'"))?.n;
    const before = await count();
    const answers = await Promise.all([
      api(a, 'POST', '/link', body, { 'Idempotency-Key': key }),
      api(b, 'POST', '/link', body, { 'Idempotency-Key': key }),
      api(a, 'POST', '/link', body, { 'Idempotency-Key': key }),
      api(b, 'POST', '/link', body, { 'Idempotency-Key': key }),
    ]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((x) => x.json.data.linkId)).size).toBe(1);
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it('10,000 clicks spread over both instances give analytics of exactly 10,000', async () => {
    const { linkId, shortUrl } = await createLink(a, 'counted');
    const path = pathOf(shortUrl);
    const CLICKS = 10_000;
    let next = 0;
    const worker = async () => {
      while (next < CLICKS) {
        const n = next;
        next += 1;
        expect(await visit(n % 2 === 0 ? a : b, path)).toBe(302);
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    await Promise.all([a.ctx.clicks.flush(), b.ctx.clicks.flush()]);
    const analytics = await api(b, 'GET', `/link/${linkId}/${WS}`);
    const data = analytics.json.data as { freeUserData: { scoreCardDetails: { data: { totalClicks: number } } } };
    expect(data.freeUserData.scoreCardDetails.data.totalClicks).toBe(CLICKS);
    const stored = await a.ctx.db.get<{ raw: number; total: number }>(
      'SELECT (SELECT count(*) FROM click_rows WHERE link_id = ?) AS raw, (SELECT total_clicks FROM links WHERE id = ?) AS total',
      [linkId, linkId],
    );
    expect(stored).toEqual({ raw: CLICKS, total: CLICKS });
    // Both writers upsert into the same rollup rows (one day, one hour, one browser, one place): every rollup adds up.
    for (const table of ['click_daily', 'click_hours', 'click_browsers', 'click_places']) {
      const sum = await a.ctx.db.get<{ n: number }>(`SELECT coalesce(sum(clicks), 0)::int AS n FROM ${table} WHERE link_id = ?`, [linkId]);
      expect({ table, clicks: sum?.n }).toEqual({ table, clicks: CLICKS });
    }
  }, 120_000);

  it('the link-creation rate limit holds across instances', async () => {
    const limitedA = await instance({ createRateLimitPerMinute: 3 });
    const limitedB = await instance({ createRateLimitPerMinute: 3 });
    try {
      const limitedToken = await createToken(a.ctx.db, WS, 'limited');
      const create = (server: RunningServer) =>
        fetch(`${server.url}/api/link`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${limitedToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ workspaceId: WS, keywordType: 'HASH', longUrl: 'https://example.com/limited' }),
        }).then((res) => res.status);
      expect([await create(limitedA), await create(limitedB), await create(limitedA)]).toEqual([200, 200, 200]);
      expect(await create(limitedB)).toBe(429);
      expect(await create(limitedA)).toBe(429);
    } finally {
      await limitedA.close();
      await limitedB.close();
    }
  });

  it('the domain-creation rate limit holds across instances, apart from the link one', async () => {
    const limitedA = await instance({ domainRateLimitPerMinute: 3, trustDomains: true });
    const limitedB = await instance({ domainRateLimitPerMinute: 3, trustDomains: true });
    try {
      const limitedToken = await createToken(a.ctx.db, WS, 'domains-limited');
      const post = (server: RunningServer, path: string, body: unknown) =>
        fetch(`${server.url}/api${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${limitedToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).then((res) => res.status);
      const domain = (server: RunningServer, n: number) => post(server, '/customDomain', { workspaceId: WS, domain: `d${n}.limited.test` });
      expect([await domain(limitedA, 1), await domain(limitedB, 2), await domain(limitedA, 3)]).toEqual([200, 200, 200]);
      expect(await domain(limitedB, 4)).toBe(429);
      expect(await domain(limitedA, 5)).toBe(429);
      expect(await post(limitedB, '/link', { workspaceId: WS, keywordType: 'HASH', longUrl: 'https://example.com/still' })).toBe(200);
    } finally {
      await limitedA.close();
      await limitedB.close();
    }
  });

  it("a due custom-domain check runs once, not once per instance, and a failed one is asked again", async () => {
    // One clock for both instances, moved by the test; DNS answers slowly, so listings on A and B overlap.
    let nowMs = Date.parse('2026-06-01T00:00:00Z');
    const asked: string[] = [];
    let failNext = false;
    const dnsOf = (name: string): DomainVerifier => ({
      async verify({ domain }) {
        asked.push(`${name}:${domain}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
        if (failNext) {
          failNext = false;
          throw new Error('resolver down');
        }
        return { dnsConfigured: true, pingVerified: true, sslConfigured: false };
      },
    });
    const overrides = (name: string): Partial<AppContext> => ({ now: () => new Date(nowMs), dns: dnsOf(name) });
    const checkedA = await instance({ trustDomains: true }, overrides('A'));
    const checkedB = await instance({ trustDomains: true }, overrides('B'));
    try {
      const domainWs = 'multi-domains';
      const domainToken = await createToken(a.ctx.db, domainWs, 'domains');
      const call = (server: RunningServer, method: string, body?: unknown) =>
        fetch(`${server.url}/api/customDomain${method === 'GET' ? `?workspaceId=${domainWs}` : ''}`, {
          method,
          headers: { Authorization: `Bearer ${domainToken}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then(async (res) => ({ status: res.status, json: (await res.json()) as { data: { list?: { domain: string }[] } } }));
      const made = await call(checkedA, 'POST', { workspaceId: domainWs, domain: 'go.multi.test' });
      expect(made.status).toBe(200);
      // Creating checks it once, on the instance that made it.
      expect(asked).toEqual(['A:go.multi.test']);
      const listAll = async () => {
        const answers = await Promise.all([checkedA, checkedB, checkedA, checkedB, checkedA, checkedB].map((server) => call(server, 'GET')));
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          expect(answer.json.data.list?.map((d) => d.domain)).toEqual(['go.multi.test']);
        }
      };
      // Within the minute nobody asks again.
      await listAll();
      expect(asked).toHaveLength(1);
      // Due: six listings at once over both instances ask DNS once between them.
      nowMs += RECHECK_AFTER_MS + 1;
      await listAll();
      expect(asked).toHaveLength(2);
      // A check that fails gives its claim back: the next listing, on either instance, asks again.
      nowMs += RECHECK_AFTER_MS + 1;
      failNext = true;
      await call(checkedB, 'GET');
      expect(asked).toHaveLength(3);
      await listAll();
      expect(asked).toHaveLength(4);
    } finally {
      await checkedA.close();
      await checkedB.close();
    }
  });

  it('an instance killed with SIGKILL loses no link it acknowledged', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--database', where.location], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const first = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
      const origin = /(http:\/\/\S+)\/api/.exec(String(first.value))?.[1] ?? '';
      expect(origin).not.toBe('');
      const victim = { url: origin } as RunningServer;
      const made = await Promise.all(Array.from({ length: 20 }, () => createLink(victim)));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      for (const link of made) expect(await visit(b, pathOf(link.shortUrl))).toBe(302);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
