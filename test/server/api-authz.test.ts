import { randomBytes, randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkListResponseSchema, TagListResponseSchema } from '../../lib/contract/schemas';
import { errorOf, startHarness, type Answer, type Harness } from './harness';

/**
 * Workspace A holds a link, a tag, a domain and an event. Workspace B's token,
 * given A's ids, must learn nothing and change nothing: every answer is the
 * same as for ids that do not exist at all.
 */

let h: Harness;
let tokenA: string;
let tokenB: string;
let linkA: string;
let domainA: string;
const A = 'alpha';
const B = 'bravo';

beforeAll(async () => {
  h = await startHarness({ trustDomains: true });
  tokenA = await h.token(A);
  tokenB = await h.token(B);
  const link = await h.call('POST', '/link', { token: tokenA, body: { workspaceId: A, keywordType: 'CUSTOM', keyword: 'alpha-secret', longUrl: 'https://alpha.example/secret' } });
  linkA = (link.json.data as { linkId: string }).linkId;
  const domain = await h.call('POST', '/customDomain', { token: tokenA, body: { workspaceId: A, domain: 'go.alpha.example' } });
  domainA = (domain.json.data as { linkId: string }).linkId;
  await h.call('PATCH', '/link', { token: tokenA, body: { workspaceId: A, linkId: linkA, tags: ['alpha-tag'] } });
  await h.call('POST', '/track/lead', { token: tokenA, body: { workspaceId: A, linkId: linkA, eventName: 'signup', customerId: 'c1' } });
  expect((await h.count('links'))).toBe(1);
  expect((await h.count('events'))).toBe(1);
});
afterAll(() => h.close());

async function snapshot(): Promise<string> {
  const db = h.server.ctx.db;
  return JSON.stringify([
    await db.all('SELECT * FROM links ORDER BY id'),
    await db.all('SELECT * FROM tags ORDER BY workspace_id, name'),
    await db.all('SELECT id, workspace_id, domain, http_to_https FROM domains ORDER BY id'),
    await db.all('SELECT * FROM events ORDER BY id'),
  ]);
}

function expectError(answer: Answer, code: string): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  const error = errorOf(answer);
  expect(error.code).toBe(code);
  // Nothing of A's in the message.
  for (const secret of [linkA, domainA, 'alpha-secret', 'alpha-tag', 'go.alpha.example', 'alpha.example']) {
    expect(error.errorMessage).not.toContain(secret);
  }
  return error.errorMessage;
}

const json = (body: unknown) => ({ token: tokenB, body, headers: { 'Idempotency-Key': randomUUID() } });

describe("another workspace's token", () => {
  it.each([
    ['GET /link', () => h.call('GET', '/link', { token: tokenB, query: { workspaceId: A } })],
    ['POST /link', () => h.call('POST', '/link', json({ workspaceId: A, keywordType: 'HASH', longUrl: 'https://x.example/' }))],
    ['PATCH /link', () => h.call('PATCH', '/link', json({ workspaceId: A, linkId: linkA, deleteLink: true }))],
    ['PATCH /tag', () => h.call('PATCH', '/tag', json({ workspaceId: A, linkId: linkA, tags: ['x'] }))],
    ['GET /tag', () => h.call('GET', '/tag', { token: tokenB, query: { workspaceId: A } })],
    ['POST /tag', () => h.call('POST', '/tag', json({ workspaceId: A, tag: 'x' }))],
    ['GET /customDomain', () => h.call('GET', '/customDomain', { token: tokenB, query: { workspaceId: A } })],
    ['POST /customDomain', () => h.call('POST', '/customDomain', json({ workspaceId: A, domain: 'new.alpha.example' }))],
    ['PATCH /customDomain', () => h.call('PATCH', '/customDomain', json({ workspaceId: A, customDomainId: domainA, deleteDomain: true }))],
    ['POST /track/lead', () => h.call('POST', '/track/lead', json({ workspaceId: A, linkId: linkA, eventName: 'e', customerId: 'c' }))],
    ['POST /track/sale', () => h.call('POST', '/track/sale', json({ workspaceId: A, linkId: linkA, eventName: 'e', customerId: 'c', amount: 1, currency: 'USD' }))],
  ])('naming workspace A: %s -> WORKSPACE_NOT_GRANTED, same as a workspace that does not exist', async (_name, call) => {
    const before = await snapshot();
    const message = expectError(await call(), 'WORKSPACE_NOT_GRANTED');
    expect(await snapshot()).toBe(before);
    // The same request for a workspace nobody has gives the same message.
    const tokenOfNobody = await h.token('lonely');
    const ghost = await h.call('GET', '/link', { token: tokenOfNobody, query: { workspaceId: 'no-such-workspace' } });
    expect(errorOf(ghost).errorMessage).toBe(message);
  });

  it.each([
    ['PATCH /link delete', (id: string) => h.call('PATCH', '/link', json({ workspaceId: B, linkId: id, deleteLink: true })), 'LINK_NOT_FOUND'],
    ['PATCH /link tags', (id: string) => h.call('PATCH', '/link', json({ workspaceId: B, linkId: id, tags: ['bravo'] })), 'LINK_NOT_FOUND'],
    ['PATCH /tag', (id: string) => h.call('PATCH', '/tag', json({ workspaceId: B, linkId: id, tags: ['bravo'] })), 'LINK_NOT_FOUND'],
    ['analytics', (id: string) => h.call('GET', `/link/${id}/${B}`, { token: tokenB }), 'LINK_NOT_FOUND'],
    ['track lead', (id: string) => h.call('POST', '/track/lead', json({ workspaceId: B, linkId: id, eventName: 'e', customerId: 'c' })), 'LINK_NOT_FOUND'],
    ['track sale', (id: string) => h.call('POST', '/track/sale', json({ workspaceId: B, linkId: id, eventName: 'e', customerId: 'c', amount: 1, currency: 'USD' })), 'LINK_NOT_FOUND'],
    ['PATCH /customDomain delete', (_id: string) => h.call('PATCH', '/customDomain', json({ workspaceId: B, customDomainId: domainA, deleteDomain: true })), 'DOMAIN_NOT_FOUND'],
    ['PATCH /customDomain https', (_id: string) => h.call('PATCH', '/customDomain', json({ workspaceId: B, customDomainId: domainA, httpToHttps: true })), 'DOMAIN_NOT_FOUND'],
    ['POST /link on A’s domain', (_id: string) => h.call('POST', '/link', json({ workspaceId: B, keywordType: 'HASH', longUrl: 'https://x.example/', customDomain: 'go.alpha.example' })), 'DOMAIN_NOT_FOUND'],
  ] as const)("with its own workspace and A's ids: %s answers as for an unknown id, and changes nothing", async (name, call, code) => {
    const before = await snapshot();
    const message = expectError(await call(linkA), code);
    expect(await snapshot()).toBe(before);
    if (name.includes('customDomain')) return;
    const unknown = expectError(await call('NoSuchLink0000000'), code);
    expect(unknown).toBe(message);
  });

  it("sees none of A's links or tags in its own lists", async () => {
    const links = v.parse(LinkListResponseSchema, (await h.call('GET', '/link', { token: tokenB, query: { workspaceId: B } })).body).data;
    expect(links.list).toEqual([]);
    expect(links.pageInfo.totalCount).toBe(0);
    const tags = v.parse(TagListResponseSchema, (await h.call('GET', '/tag', { token: tokenB, query: { workspaceId: B } })).body).data;
    expect(tags).toEqual([]);
    const domains = await h.call('GET', '/customDomain', { token: tokenB, query: { workspaceId: B } });
    expect((domains.json.data as { list: unknown[] }).list).toEqual([]);
  });

  it('a domain held by A is DOMAIN_TAKEN for B without saying by whom', async () => {
    const message = expectError(await h.call('POST', '/customDomain', json({ workspaceId: B, domain: 'GO.alpha.example' })), 'DOMAIN_TAKEN');
    expect(message).not.toContain(A);
  });

  it('an Idempotency-Key used by A is a different key for B: no replay of A’s answer', async () => {
    const key = randomUUID();
    const first = await h.call('POST', '/tag', { token: tokenA, body: { workspaceId: A, tag: 'keyed' }, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(200);
    const other = await h.call('POST', '/tag', { token: tokenB, body: { workspaceId: B, tag: 'keyed' }, headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    // And B reusing the key with A's exact body is refused before any replay.
    const steal = await h.call('POST', '/tag', { token: tokenB, body: { workspaceId: A, tag: 'keyed' }, headers: { 'Idempotency-Key': key } });
    expectError(steal, 'WORKSPACE_NOT_GRANTED');
  });
});

describe('missing or bad token', () => {
  const operations: [string, string, unknown?][] = [
    ['GET', `/link?workspaceId=${A}`],
    ['POST', '/link', { workspaceId: A, keywordType: 'HASH', longUrl: 'https://x.example/' }],
    ['PATCH', '/link', { workspaceId: A, linkId: 'x', deleteLink: true }],
    ['GET', `/link/x/${A}`],
    ['GET', `/tag?workspaceId=${A}`],
    ['POST', '/tag', { workspaceId: A, tag: 't' }],
    ['PATCH', '/tag', { workspaceId: A, linkId: 'x', tags: [] }],
    ['GET', `/customDomain?workspaceId=${A}`],
    ['POST', '/customDomain', { workspaceId: A, domain: 'x.example.com' }],
    ['PATCH', '/customDomain', { workspaceId: A, customDomainId: 'x', httpToHttps: true }],
    ['POST', '/track/lead', { workspaceId: A, linkId: 'x', eventName: 'e', customerId: 'c' }],
    ['POST', '/track/sale', { workspaceId: A, linkId: 'x', eventName: 'e', customerId: 'c', amount: 1, currency: 'USD' }],
  ];
  const badHeaders: [string, (() => Record<string, string>)][] = [
    ['no Authorization', () => ({})],
    ['empty bearer', () => ({ Authorization: 'Bearer ' })],
    ['unknown token', () => ({ Authorization: `Bearer ${randomBytes(32).toString('base64url')}` })],
    ['token with a trailing character', () => ({ Authorization: `Bearer ${tokenA}x` })],
    ['Basic scheme', () => ({ Authorization: `Basic ${Buffer.from(`user:${tokenA}`).toString('base64')}` })],
    ['token without scheme', () => ({ Authorization: tokenA })],
  ];

  it.each(operations.flatMap(([method, path, body]) => badHeaders.map(([label, headers]) => ({ method, path, body, label, headers }))))(
    '$method $path with $label -> 401 UNAUTHORIZED',
    async ({ method, path, body, headers }) => {
      const before = await snapshot();
      const [pathname, search] = path.split('?');
      const answer = await h.call(method, pathname ?? path, {
        headers: headers(),
        ...(body ? { body } : {}),
        ...(search ? { query: Object.fromEntries(new URLSearchParams(search)) } : {}),
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(errorOf(answer).code).toBe('UNAUTHORIZED');
      expect(JSON.stringify(answer.body)).not.toContain(tokenA);
      expect(await snapshot()).toBe(before);
    },
  );

  it('the token is stored only as a hash', async () => {
    const rows = await h.server.ctx.db.all('SELECT * FROM tokens');
    expect(JSON.stringify(rows)).not.toContain(tokenA);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('a lower-case "bearer" scheme works (schemes are case-insensitive)', async () => {
    const answer = await h.call('GET', '/tag', { query: { workspaceId: A }, headers: { Authorization: `bearer ${tokenA}` } });
    expect(answer.status).toBe(200);
  });
});
