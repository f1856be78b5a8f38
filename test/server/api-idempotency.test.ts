import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppParts } from '../../server/app';
import { canonicalJson, requestFingerprint } from '../../server/http/canonical-json';
import { errorOf, startHarness, type Harness } from './harness';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

let nowMs = Date.parse('2026-03-01T12:00:00Z');
let h: Harness;
let token: string;
const ws = 'idem-ws';
const linkBody = (longUrl = 'https://example.com/idem') => ({ workspaceId: ws, keywordType: 'HASH', longUrl });

beforeAll(async () => {
  h = await startHarness({ trustDomains: true }, { now: () => new Date(nowMs) });
  token = await h.token(ws);
});
afterAll(() => h.close());

const post = (path: string, body: unknown, key: string) => h.call('POST', path, { token, body, headers: { 'Idempotency-Key': key } });

describe('Idempotency-Key', () => {
  it('replays the first answer (status and body) with Idempotent-Replayed, creating one link', async () => {
    const key = randomUUID();
    const before = (await h.count('links'));
    const first = await post('/link', linkBody(), key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await post('/link', linkBody(), key);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await h.count('links'))).toBe(before + 1);
  });

  it('the key is case-insensitive (a UUID is the same in either case)', async () => {
    const key = randomUUID();
    const first = await post('/link', linkBody(), key.toLowerCase());
    const second = await post('/link', linkBody(), key.toUpperCase());
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it('same key, different body or path -> IDEMPOTENCY_KEY_REUSED, nothing written', async () => {
    const key = randomUUID();
    await post('/link', linkBody(), key);
    const counts = [(await h.count('links')), (await h.count('tags'))];
    const otherBody = await post('/link', linkBody('https://example.com/other'), key);
    expect(otherBody.status).toBe(400);
    expect(errorOf(otherBody).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(errorOf(otherBody).errorMessage).toContain('Idempotency-Key');
    const otherPath = await post('/tag', { workspaceId: ws, tag: 'x' }, key);
    expect(errorOf(otherPath).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect([(await h.count('links')), (await h.count('tags'))]).toEqual(counts);
  });

  it('an optional field sent as null is the same request as without it: replayed, not IDEMPOTENCY_KEY_REUSED', async () => {
    const key = randomUUID();
    const before = await h.count('links');
    const withNull = await post('/link', { ...linkBody('https://example.com/null'), customDomain: null }, key);
    expect(withNull.status).toBe(200);
    const without = await post('/link', linkBody('https://example.com/null'), key);
    expect(without.status, JSON.stringify(without.body)).toBe(200);
    expect(without.headers.get('idempotent-replayed')).toBe('true');
    expect(without.body).toEqual(withNull.body);
    // And the other way round.
    const other = randomUUID();
    const first = await post('/link', linkBody('https://example.com/absent'), other);
    const again = await post('/link', { ...linkBody('https://example.com/absent'), customDomain: null }, other);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await h.count('links')).toBe(before + 2);
  });

  it('an answer stored before nulls were left out of the fingerprint still replays (the 24 h after an upgrade)', async () => {
    const key = randomUUID();
    const body = { ...linkBody('https://example.com/upgrade'), customDomain: null };
    const first = await post('/link', body, key);
    expect(first.status).toBe(200);
    const hashOf = (print: string) => createHash('sha256').update(`POST /api/link\n${print}`).digest('hex');
    const stored = await h.server.ctx.db.get<{ request_hash: string }>('SELECT request_hash FROM idempotency WHERE key = ?', [key]);
    // The hash as this version stores it, so the one below is the one an earlier version stored.
    expect(stored?.request_hash).toBe(hashOf(requestFingerprint(body)));
    await h.server.ctx.db.run('UPDATE idempotency SET request_hash = ? WHERE key = ?', [hashOf(canonicalJson(body)), key]);
    const retry = await post('/link', body, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
  });

  it('a null inside a value is data, not an absent field: another request', async () => {
    const linkId = ((await post('/link', linkBody('https://example.com/lead'), randomUUID())).json.data as { linkId: string }).linkId;
    const lead = (metadata: Record<string, unknown>) => ({ workspaceId: ws, linkId, eventName: 'signup', customerId: 'c1', metadata });
    const key = randomUUID();
    expect((await post('/track/lead', lead({ plan: null }), key)).status).toBe(200);
    expect(errorOf(await post('/track/lead', lead({}), key)).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('concurrent requests with one key create one link and all get the same answer', async () => {
    const key = randomUUID();
    const before = (await h.count('links'));
    const answers = await Promise.all(Array.from({ length: 12 }, () => post('/link', linkBody('https://example.com/race'), key)));
    expect((await h.count('links'))).toBe(before + 1);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(answers[0]?.body);
    }
  });

  it('a refused request stores nothing: the corrected request with the same key goes through', async () => {
    const key = randomUUID();
    const bad = await post('/link', { ...linkBody(), longUrl: 'javascript:alert(1)' }, key);
    expect(errorOf(bad).code).toBe('INVALID_URL');
    const good = await post('/link', linkBody('https://example.com/corrected'), key);
    expect(good.status).toBe(200);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a taken-keyword answer is replayed as it was, even after the keyword is freed', async () => {
    const made = await post('/link', { ...linkBody(), keywordType: 'CUSTOM', keyword: 'idem-kw' }, randomUUID());
    const linkId = (made.json.data as { linkId: string }).linkId;
    const key = randomUUID();
    const taken = await post('/link', { ...linkBody(), keywordType: 'CUSTOM', keyword: 'idem-kw' }, key);
    expect((taken.json.data as { keyWordExist: boolean }).keyWordExist).toBe(true);
    await h.call('PATCH', '/link', { token, body: { workspaceId: ws, linkId, deleteLink: true } });
    const replay = await post('/link', { ...linkBody(), keywordType: 'CUSTOM', keyword: 'idem-kw' }, key);
    expect(replay.body).toEqual(taken.body);
  });

  it('a retried PATCH delete replays its answer instead of LINK_NOT_FOUND', async () => {
    const made = await post('/link', linkBody('https://example.com/del'), randomUUID());
    const linkId = (made.json.data as { linkId: string }).linkId;
    const key = randomUUID();
    const del = () => h.call('PATCH', '/link', { token, body: { workspaceId: ws, linkId, deleteLink: true }, headers: { 'Idempotency-Key': key } });
    const first = await del();
    expect(first.status).toBe(200);
    const again = await del();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // Without the key, the retry learns the link is gone.
    const bare = await h.call('PATCH', '/link', { token, body: { workspaceId: ws, linkId, deleteLink: true } });
    expect(errorOf(bare).code).toBe('LINK_NOT_FOUND');
  });

  it.each([
    ['/tag', () => ({ workspaceId: ws, tag: 'replayed-tag' })],
    ['/customDomain', () => ({ workspaceId: ws, domain: 'idem.example.net' })],
  ])('POST %s replays too', async (path, body) => {
    const key = randomUUID();
    const first = await post(path, body(), key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await post(path, body(), key);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it('answers are kept 7 days by default (a browser closed over a weekend), then the key is free again and purged', async () => {
    const key = randomUUID();
    const first = await post('/link', linkBody('https://example.com/ttl'), key);
    expect(first.headers.get('idempotency-retention')).toBe('604800');
    // Monday after a Friday: the retry of an unknown outcome gets the first answer, not a second link.
    nowMs += 3 * DAY_MS;
    const monday = await post('/link', linkBody('https://example.com/ttl'), key);
    expect(monday.headers.get('idempotent-replayed')).toBe('true');
    expect(monday.body).toEqual(first.body);
    nowMs += WEEK_MS - 3 * DAY_MS - 1000;
    expect(errorOf(await post('/link', linkBody('https://example.com/ttl-2'), key)).code).toBe('IDEMPOTENCY_KEY_REUSED');
    nowMs += 2000;
    const fresh = await post('/link', linkBody('https://example.com/ttl-2'), key);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    const stale = (await h.count('idempotency'));
    expect(stale).toBeGreaterThan(1);
    // The purge the server runs every few minutes (its store, built from the default setting): a week less a second keeps the newest.
    const { idempotency } = createAppParts(h.server.ctx);
    nowMs += WEEK_MS - 1000;
    expect(await idempotency.purge()).toBe(stale - 1);
    nowMs += 1000;
    expect(await idempotency.purge()).toBe(1);
    expect((await h.count('idempotency'))).toBe(0);
  });

  it('every answer to a request with an Idempotency-Key says how long answers are kept, errors and replays included', async () => {
    const key = randomUUID();
    const answers = [
      await post('/link', linkBody('https://example.com/header'), key),
      await post('/link', linkBody('https://example.com/header'), key),
      await post('/link', linkBody('https://example.com/header-other'), key),
      await post('/link', { workspaceId: ws }, randomUUID()),
      await h.call('POST', '/link', { token, body: linkBody(), headers: { 'Idempotency-Key': 'not-a-uuid' } }),
      await h.call('POST', '/link', { token: 'wrong', body: linkBody(), headers: { 'Idempotency-Key': randomUUID() } }),
      await h.call('GET', '/link', { token, query: { workspaceId: ws }, headers: { 'Idempotency-Key': randomUUID() } }),
      await h.call('GET', '/no-such-path', { token, headers: { 'Idempotency-Key': randomUUID() } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 400, 400, 400, 401, 200, 404]);
    for (const answer of answers) expect(answer.headers.get('idempotency-retention')).toBe('604800');
    const bare = await h.call('POST', '/link', { token, body: linkBody('https://example.com/header-bare') });
    expect(bare.status).toBe(200);
    expect(bare.headers.get('idempotency-retention')).toBeNull();
  });
});

describe('--idempotency-days', () => {
  let short: Harness;
  let shortToken: string;
  let clock = Date.parse('2026-05-01T12:00:00Z');
  beforeAll(async () => {
    short = await startHarness({ trustDomains: true, idempotencyDays: 2 }, { now: () => new Date(clock) });
    shortToken = await short.token(ws);
  });
  afterAll(() => short.close());
  const shortPost = (body: unknown, key: string) => short.call('POST', '/link', { token: shortToken, body, headers: { 'Idempotency-Key': key } });

  it('keeps answers that many days: replayed up to then, the key free after, purged by the server on its own database', async () => {
    const key = randomUUID();
    const first = await shortPost(linkBody('https://example.com/short'), key);
    expect(first.headers.get('idempotency-retention')).toBe(String(2 * 86_400));
    clock += 2 * DAY_MS - 1000;
    const replayed = await shortPost(linkBody('https://example.com/short'), key);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.headers.get('idempotency-retention')).toBe('172800');
    clock += 2000;
    const fresh = await shortPost(linkBody('https://example.com/short-2'), key);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(await short.count('idempotency')).toBe(1);
    // The server's own purge (its store, built from the setting) removes answers past 2 days.
    clock += 2 * DAY_MS + 1;
    const { idempotency } = createAppParts(short.server.ctx);
    expect(await idempotency.purge()).toBe(1);
    expect(await short.count('idempotency')).toBe(0);
  });
});
