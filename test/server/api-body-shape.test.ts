import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../server/http/canonical-json';
import { JSON_MAX_DEPTH, JSON_MAX_KEYS, jsonBoundsProblem } from '../../server/http/json-bounds';
import { errorOf, startHarness, type Harness } from './harness';

let h: Harness;
let token: string;
let linkId: string;
const ws = 'shape-ws';

beforeAll(async () => {
  h = await startHarness({ trustDomains: true });
  token = await h.token(ws);
  const made = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://shape.example/' } });
  linkId = (made.json.data as { linkId: string }).linkId;
});
afterAll(() => h.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const manyKeys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;

describe('body nesting and key count', () => {
  it.each([
    ['/link', () => `{"workspaceId":"${ws}","keywordType":"HASH","longUrl":"https://a.example/","extra":${nested(20_000)}}`],
    ['/track/lead', () => `{"workspaceId":"${ws}","linkId":"${linkId}","eventName":"e","customerId":"c","metadata":{"x":${nested(20_000)}}}`],
    ['/link', () => `{"workspaceId":"${ws}","keywordType":"HASH","longUrl":"https://a.example/","extra":${nested(JSON_MAX_DEPTH)}}`],
    ['/link', () => `{"workspaceId":"${ws}","keywordType":"HASH","longUrl":"https://a.example/","extra":${manyKeys(JSON_MAX_KEYS + 1)}}`],
  ])('POST %s with an over-deep or over-wide body -> 400 VALIDATION_FAILED, nothing written', async (path, raw) => {
    const before = [(await h.count('links')), (await h.count('events'))];
    const answer = await h.call('POST', path, { token, raw: raw(), headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(errorOf(answer).code).toBe('VALIDATION_FAILED');
    expect([(await h.count('links')), (await h.count('events'))]).toEqual(before);
  });

  it('a body just within the bounds is accepted', async () => {
    const raw = `{"workspaceId":"${ws}","keywordType":"HASH","longUrl":"https://a.example/within","extra":${nested(JSON_MAX_DEPTH - 1)}}`;
    const answer = await h.call('POST', '/link', { token, raw, headers: { 'Content-Type': 'application/json' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it.each([
    ['an empty object', {}, null],
    ['three levels', [[[]]], null],
    ['the deepest allowed', JSON.parse(nested(JSON_MAX_DEPTH)), null],
    ['one level too deep', JSON.parse(nested(JSON_MAX_DEPTH + 1)), `nests deeper than ${JSON_MAX_DEPTH} levels`],
    ['the most keys allowed', JSON.parse(manyKeys(JSON_MAX_KEYS)), null],
    ['one key too many', { a: JSON.parse(manyKeys(JSON_MAX_KEYS)) }, `has more than ${JSON_MAX_KEYS} keys`],
  ])('jsonBoundsProblem: %s -> %j', (_name, value, problem) => {
    expect(jsonBoundsProblem(value)).toBe(problem);
  });
});

describe('idempotency fingerprint', () => {
  it('canonicalJson sorts keys at every level and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ b: 1, a: 2 })).toBe(canonicalJson({ a: 2, b: 1 }));
  });

  it.each([
    ['/link', `{"workspaceId":"${ws}","keywordType":"HASH","longUrl":"https://a.example/order"}`, `{"longUrl":"https://a.example/order","keywordType":"HASH","workspaceId":"${ws}"}`],
    [
      '/track/lead',
      `{"workspaceId":"${ws}","linkId":"LINK","eventName":"e","customerId":"c","metadata":{"a":1,"b":{"c":2,"d":3}}}`,
      `{"metadata":{"b":{"d":3,"c":2},"a":1},"customerId":"c","eventName":"e","linkId":"LINK","workspaceId":"${ws}"}`,
    ],
  ])('POST %s: the same body with keys in another order replays', async (path, first, second) => {
    const key = randomUUID();
    const send = (raw: string) =>
      h.call('POST', path, { token, raw: raw.replace('LINK', linkId), headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key } });
    const a = await send(first);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const b = await send(second);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(b.body).toEqual(a.body);
  });
});
