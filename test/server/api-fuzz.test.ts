import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

/**
 * Property: whatever JSON body is sent to a POST or PATCH, the service never
 * answers 5xx, and always answers the envelope: `{status: true, …}` or
 * `{status: false, errors: [{code, errorMessage}]}`.
 */

let h: Harness;
let token: string;
let linkId = '';
let domainId = '';
const ws = 'fuzz-ws';

beforeAll(async () => {
  h = await startHarness({ trustDomains: true });
  token = await h.token(ws);
  const link = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://example.com/' } });
  linkId = (link.json.data as { linkId: string }).linkId;
  const domain = await h.call('POST', '/customDomain', { token, body: { workspaceId: ws, domain: 'go.fuzz.example' } });
  domainId = (domain.json.data as { linkId: string }).linkId;
});
afterAll(() => h.close());

/** Values that are sometimes right, often almost right, and sometimes anything at all. */
const nasty = fc.oneof(
  fc.constantFrom('', ' ', 'HASH', 'CUSTOM', 'USD', 'eur', 'api', 'https://example.com/', 'javascript:alert(1)', 'go.fuzz.example', '\u0000', 'a\r\nb', '🔥', '__proto__', 'constructor'),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 2 }),
);

const ids = () => fc.oneof(fc.constant(ws), fc.constant('other-ws'), nasty);

function bodyOf(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), nasty, { maxKeys: 6 }) },
  );
}

const operations: [string, string, () => fc.Arbitrary<unknown>][] = [
  ['POST', '/link', () => bodyOf({ workspaceId: ids(), keywordType: nasty, longUrl: nasty, customDomain: nasty, keyword: nasty })],
  ['PATCH', '/link', () => bodyOf({ workspaceId: ids(), linkId: fc.oneof(fc.constant(linkId), nasty), tags: fc.oneof(fc.array(nasty, { maxLength: 4 }), nasty), deleteLink: nasty })],
  ['PATCH', '/tag', () => bodyOf({ workspaceId: ids(), linkId: fc.oneof(fc.constant(linkId), nasty), tags: fc.oneof(fc.array(nasty, { maxLength: 4 }), nasty), deleteLink: fc.constant(false) })],
  ['POST', '/tag', () => bodyOf({ workspaceId: ids(), tag: nasty })],
  ['POST', '/customDomain', () => bodyOf({ workspaceId: ids(), domain: nasty })],
  ['PATCH', '/customDomain', () => bodyOf({ workspaceId: ids(), customDomainId: fc.oneof(fc.constant(domainId), nasty), httpToHttps: nasty, deleteDomain: fc.oneof(fc.constant(false), nasty) })],
  ['POST', '/track/lead', () => bodyOf({ workspaceId: ids(), linkId: fc.oneof(fc.constant(linkId), nasty), eventName: nasty, customerId: nasty, customerName: nasty, customerEmail: nasty, metadata: nasty })],
  ['POST', '/track/sale', () => bodyOf({ workspaceId: ids(), linkId: fc.oneof(fc.constant(linkId), nasty), eventName: nasty, customerId: nasty, amount: nasty, currency: nasty, invoiceId: nasty, paymentProcessor: nasty, metadata: nasty })],
];

function expectEnvelope(status: number, body: unknown): void {
  expect(status).toBeLessThan(500);
  expect(typeof body).toBe('object');
  const record = body as Record<string, unknown>;
  expect(typeof record.status).toBe('boolean');
  if (record.status === false) {
    expect(Array.isArray(record.errors)).toBe(true);
    const errors = record.errors as { code: unknown; errorMessage: unknown }[];
    expect(errors.length).toBe(1);
    expect(typeof errors[0]?.code).toBe('string');
    expect(typeof errors[0]?.errorMessage).toBe('string');
  }
}

describe('fuzzed request bodies', () => {
  it.each(operations)('%s %s: no 5xx, always the envelope', async (method, path, arbitrary) => {
    await fc.assert(
      fc.asyncProperty(arbitrary(), fc.boolean(), async (body, withKey) => {
        const answer = await h.call(method, path, {
          token,
          body,
          headers: withKey ? { 'Idempotency-Key': randomUUID() } : {},
        });
        expectEnvelope(answer.status, answer.body);
      }),
      { numRuns: 120 },
    );
  }, 60_000);

  it('raw bytes that are not JSON: no 5xx, always the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operations.map(([m, p]) => [m, p] as const)), fc.string({ unit: 'binary', maxLength: 200 }), async ([method, path], raw) => {
        const answer = await h.call(method, path, { token, raw, headers: { 'Content-Type': 'application/json' } });
        expectEnvelope(answer.status, answer.body);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('fuzzed query strings on the lists: no 5xx, always the envelope', async () => {
    const query = fc.dictionary(fc.constantFrom('workspaceId', 'pageSize', 'cursor', 'orderBy', 'orderType', 'x'), fc.oneof(fc.constant(ws), fc.string({ maxLength: 12 }), fc.integer().map(String)), { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/link', '/customDomain', '/tag'), query, async (path, q) => {
        const answer = await h.call('GET', path, { token, query: q });
        expectEnvelope(answer.status, answer.body);
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});
