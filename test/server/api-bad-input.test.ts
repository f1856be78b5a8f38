import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../lib/contract/error-codes';
import { errorOf, startHarness, type Harness } from './harness';

/**
 * Every operation, fed what it must refuse. Each case checks the status, the
 * envelope, the code, that the message names the field, and that no table
 * changed (the failed request wrote nothing, not even an idempotent answer).
 */

interface Setup {
  linkId: string;
  domainId: string;
  /** The service's own origin, e.g. http://sho.localhost:41234. */
  self: string;
}

interface BadCase {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string | ((s: Setup) => string);
  body?: (s: Setup) => unknown;
  raw?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  code: ErrorCode;
  /** Text the message must contain: the field (or header) at fault. */
  field: string;
}

const W = 'bad-ws';
const link = (extra: Record<string, unknown>) => (): unknown => ({ workspaceId: W, keywordType: 'HASH', longUrl: 'https://example.com/', ...extra });
const custom = (keyword: unknown) => link({ keywordType: 'CUSTOM', keyword });
const patch = (extra: Record<string, unknown>) => (s: Setup): unknown => ({ workspaceId: W, linkId: s.linkId, tags: ['a'], ...extra });
const domain = (name: unknown) => (): unknown => ({ workspaceId: W, domain: name });
const patchDomain = (extra: Record<string, unknown>) => (s: Setup): unknown => ({ workspaceId: W, customDomainId: s.domainId, httpToHttps: true, ...extra });
const lead = (extra: Record<string, unknown>) => (s: Setup): unknown => ({ workspaceId: W, linkId: s.linkId, eventName: 'signup', customerId: 'c1', ...extra });
const sale = (extra: Record<string, unknown>) => (s: Setup): unknown => ({ workspaceId: W, linkId: s.linkId, eventName: 'buy', customerId: 'c1', amount: 500, currency: 'EUR', ...extra });
const without = (make: (s: Setup) => unknown, field: string) => (s: Setup): unknown => {
  const body = { ...(make(s) as Record<string, unknown>) };
  delete body[field];
  return body;
};

const cases: BadCase[] = [
  // POST /link: shape
  { name: 'link: workspaceId missing', method: 'POST', path: '/link', body: without(link({}), 'workspaceId'), code: 'VALIDATION_FAILED', field: 'workspaceId' },
  { name: 'link: workspaceId a number', method: 'POST', path: '/link', body: link({ workspaceId: 7 }), code: 'VALIDATION_FAILED', field: 'workspaceId' },
  { name: 'link: workspaceId empty', method: 'POST', path: '/link', body: link({ workspaceId: '' }), code: 'VALIDATION_FAILED', field: 'workspaceId' },
  { name: 'link: workspaceId huge', method: 'POST', path: '/link', body: link({ workspaceId: 'w'.repeat(5000) }), code: 'VALIDATION_FAILED', field: 'workspaceId' },
  { name: 'link: workspaceId with a slash', method: 'POST', path: '/link', body: link({ workspaceId: 'a/b' }), code: 'VALIDATION_FAILED', field: 'workspaceId' },
  { name: 'link: workspace not granted', method: 'POST', path: '/link', body: link({ workspaceId: 'someone-else' }), code: 'WORKSPACE_NOT_GRANTED', field: 'workspaceId' },
  { name: 'link: keywordType missing', method: 'POST', path: '/link', body: without(link({}), 'keywordType'), code: 'VALIDATION_FAILED', field: 'keywordType' },
  { name: 'link: keywordType unknown', method: 'POST', path: '/link', body: link({ keywordType: 'RANDOM' }), code: 'VALIDATION_FAILED', field: 'keywordType' },
  { name: 'link: keywordType lower-case', method: 'POST', path: '/link', body: link({ keywordType: 'hash' }), code: 'VALIDATION_FAILED', field: 'keywordType' },
  { name: 'link: keywordType null', method: 'POST', path: '/link', body: link({ keywordType: null }), code: 'VALIDATION_FAILED', field: 'keywordType' },
  { name: 'link: longUrl missing', method: 'POST', path: '/link', body: without(link({}), 'longUrl'), code: 'VALIDATION_FAILED', field: 'longUrl' },
  { name: 'link: longUrl empty', method: 'POST', path: '/link', body: link({ longUrl: '' }), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: longUrl blank', method: 'POST', path: '/link', body: link({ longUrl: '   ' }), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: longUrl an object', method: 'POST', path: '/link', body: link({ longUrl: { href: 'https://x.y' } }), code: 'VALIDATION_FAILED', field: 'longUrl' },
  { name: 'link: javascript: URL', method: 'POST', path: '/link', body: link({ longUrl: 'javascript:alert(1)' }), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: javascript: split by a newline', method: 'POST', path: '/link', body: link({ longUrl: 'java\nscript:alert(1)' }), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: data: URL', method: 'POST', path: '/link', body: link({ longUrl: 'data:text/html,<script>alert(1)</script>' }), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: file: URL', method: 'POST', path: '/link', body: link({ longUrl: 'file:///etc/passwd' }), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: ftp: URL', method: 'POST', path: '/link', body: link({ longUrl: 'ftp://example.com/x' }), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: not a URL', method: 'POST', path: '/link', body: link({ longUrl: 'not a url' }), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: URL with credentials', method: 'POST', path: '/link', body: link({ longUrl: 'https://user:pw@example.com/' }), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: URL over 2048 characters', method: 'POST', path: '/link', body: link({ longUrl: `https://example.com/${'a'.repeat(2100)}` }), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: URL on the service itself', method: 'POST', path: '/link', body: (s) => link({ longUrl: `${s.self}/abc` })(), code: 'INVALID_URL', field: 'longUrl' },
  { name: 'link: URL on the service, other case', method: 'POST', path: '/link', body: (s) => link({ longUrl: `${s.self.toUpperCase()}/abc` })(), code: 'INVALID_URL', field: 'longUrl' },
  // POST /link: keywords
  { name: 'link: CUSTOM without keyword', method: 'POST', path: '/link', body: link({ keywordType: 'CUSTOM' }), code: 'VALIDATION_FAILED', field: 'keyword' },
  { name: 'link: keyword empty', method: 'POST', path: '/link', body: custom(''), code: 'INVALID_KEYWORD', field: 'keyword' },
  { name: 'link: keyword a number', method: 'POST', path: '/link', body: custom(42), code: 'VALIDATION_FAILED', field: 'keyword' },
  { name: 'link: keyword with a space', method: 'POST', path: '/link', body: custom('my link'), code: 'INVALID_KEYWORD', field: 'keyword' },
  { name: 'link: keyword with a slash', method: 'POST', path: '/link', body: custom('a/b'), code: 'INVALID_KEYWORD', field: 'keyword' },
  { name: 'link: keyword with dots', method: 'POST', path: '/link', body: custom('..'), code: 'INVALID_KEYWORD', field: 'keyword' },
  { name: 'link: keyword with CR/LF', method: 'POST', path: '/link', body: custom('a\r\nSet-Cookie:x'), code: 'INVALID_KEYWORD', field: 'keyword' },
  { name: 'link: keyword with unicode', method: 'POST', path: '/link', body: custom('café'), code: 'INVALID_KEYWORD', field: 'keyword' },
  { name: 'link: keyword with emoji', method: 'POST', path: '/link', body: custom('🔥'), code: 'INVALID_KEYWORD', field: 'keyword' },
  { name: 'link: keyword of 51 characters', method: 'POST', path: '/link', body: custom('k'.repeat(51)), code: 'INVALID_KEYWORD', field: 'keyword' },
  { name: 'link: keyword huge', method: 'POST', path: '/link', body: custom('k'.repeat(30_000)), code: 'INVALID_KEYWORD', field: 'keyword' },
  { name: 'link: reserved keyword api', method: 'POST', path: '/link', body: custom('api'), code: 'RESERVED_KEYWORD', field: 'keyword' },
  { name: 'link: reserved keyword, other case', method: 'POST', path: '/link', body: custom('Admin'), code: 'RESERVED_KEYWORD', field: 'keyword' },
  // POST /link: domains
  { name: 'link: customDomain unknown', method: 'POST', path: '/link', body: link({ customDomain: 'nowhere.example.com' }), code: 'DOMAIN_NOT_FOUND', field: 'customDomain' },
  { name: 'link: customDomain empty', method: 'POST', path: '/link', body: link({ customDomain: '' }), code: 'DOMAIN_NOT_FOUND', field: 'customDomain' },
  { name: 'link: customDomain a number', method: 'POST', path: '/link', body: link({ customDomain: 3 }), code: 'VALIDATION_FAILED', field: 'customDomain' },
  { name: 'link: customDomain not set up', method: 'POST', path: '/link', body: link({ customDomain: 'pending.example.com' }), code: 'DOMAIN_NOT_READY', field: 'customDomain' },
  // POST /link: transport
  { name: 'link: malformed JSON', method: 'POST', path: '/link', raw: '{"workspaceId": "bad-ws",', code: 'INVALID_JSON', field: 'JSON' },
  { name: 'link: JSON array body', method: 'POST', path: '/link', raw: '[1,2]', code: 'VALIDATION_FAILED', field: 'body' },
  { name: 'link: JSON null body', method: 'POST', path: '/link', raw: 'null', code: 'VALIDATION_FAILED', field: 'body' },
  { name: 'link: empty body', method: 'POST', path: '/link', raw: '', code: 'INVALID_JSON', field: 'JSON' },
  { name: 'link: text/plain', method: 'POST', path: '/link', body: link({}), headers: { 'Content-Type': 'text/plain' }, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'Content-Type' },
  { name: 'link: form encoded', method: 'POST', path: '/link', raw: 'workspaceId=bad-ws', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'Content-Type' },
  { name: 'link: body over the limit', method: 'POST', path: '/link', body: link({ longUrl: `https://example.com/${'a'.repeat(70_000)}` }), code: 'PAYLOAD_TOO_LARGE', field: 'body' },
  { name: 'link: Idempotency-Key not a UUID', method: 'POST', path: '/link', body: link({}), headers: { 'Idempotency-Key': 'retry-1' }, code: 'INVALID_IDEMPOTENCY_KEY', field: 'Idempotency-Key' },
  // GET /link
  { name: 'list links: workspaceId missing', method: 'GET', path: '/link', query: {}, code: 'INVALID_QUERY', field: 'workspaceId' },
  { name: 'list links: workspace not granted', method: 'GET', path: '/link', query: { workspaceId: 'other' }, code: 'WORKSPACE_NOT_GRANTED', field: 'workspaceId' },
  { name: 'list links: pageSize 0', method: 'GET', path: '/link', query: { workspaceId: W, pageSize: '0' }, code: 'INVALID_QUERY', field: 'pageSize' },
  { name: 'list links: pageSize 101', method: 'GET', path: '/link', query: { workspaceId: W, pageSize: '101' }, code: 'INVALID_QUERY', field: 'pageSize' },
  { name: 'list links: pageSize negative', method: 'GET', path: '/link', query: { workspaceId: W, pageSize: '-1' }, code: 'INVALID_QUERY', field: 'pageSize' },
  { name: 'list links: pageSize not a number', method: 'GET', path: '/link', query: { workspaceId: W, pageSize: 'ten' }, code: 'INVALID_QUERY', field: 'pageSize' },
  { name: 'list links: pageSize in exponent form', method: 'GET', path: '/link', query: { workspaceId: W, pageSize: '1e1' }, code: 'INVALID_QUERY', field: 'pageSize' },
  { name: 'list links: pageSize a fraction', method: 'GET', path: '/link', query: { workspaceId: W, pageSize: '2.5' }, code: 'INVALID_QUERY', field: 'pageSize' },
  { name: 'list links: cursor negative', method: 'GET', path: '/link', query: { workspaceId: W, cursor: '-10' }, code: 'INVALID_QUERY', field: 'cursor' },
  { name: 'list links: cursor beyond int32', method: 'GET', path: '/link', query: { workspaceId: W, cursor: '99999999999' }, code: 'INVALID_QUERY', field: 'cursor' },
  { name: 'list links: cursor empty', method: 'GET', path: '/link', query: { workspaceId: W, cursor: '' }, code: 'INVALID_QUERY', field: 'cursor' },
  { name: 'list links: orderBy unknown', method: 'GET', path: '/link', query: { workspaceId: W, orderBy: 'password' }, code: 'INVALID_QUERY', field: 'orderBy' },
  { name: 'list links: orderBy of domains', method: 'GET', path: '/link', query: { workspaceId: W, orderBy: 'domain' }, code: 'INVALID_QUERY', field: 'orderBy' },
  { name: 'list links: orderType unknown', method: 'GET', path: '/link', query: { workspaceId: W, orderType: 'up' }, code: 'INVALID_QUERY', field: 'orderType' },
  { name: 'list links: orderType upper-case', method: 'GET', path: '/link', query: { workspaceId: W, orderType: 'DESC' }, code: 'INVALID_QUERY', field: 'orderType' },
  // PATCH /link and /tag
  { name: 'patch link: linkId missing', method: 'PATCH', path: '/link', body: without(patch({}), 'linkId'), code: 'VALIDATION_FAILED', field: 'linkId' },
  { name: 'patch link: linkId unknown', method: 'PATCH', path: '/link', body: patch({ linkId: 'NoSuchLink123456' }), code: 'LINK_NOT_FOUND', field: 'linkId' },
  { name: 'patch link: linkId with a space', method: 'PATCH', path: '/link', body: patch({ linkId: 'a b' }), code: 'VALIDATION_FAILED', field: 'linkId' },
  { name: 'patch link: neither tags nor deleteLink', method: 'PATCH', path: '/link', body: (s) => ({ workspaceId: W, linkId: s.linkId }), code: 'VALIDATION_FAILED', field: 'tags' },
  { name: 'patch link: tags a string', method: 'PATCH', path: '/link', body: patch({ tags: 'news' }), code: 'VALIDATION_FAILED', field: 'tags' },
  { name: 'patch link: tags holding a number', method: 'PATCH', path: '/link', body: patch({ tags: [1] }), code: 'VALIDATION_FAILED', field: 'tags' },
  { name: 'patch link: empty tag', method: 'PATCH', path: '/link', body: patch({ tags: ['ok', '  '] }), code: 'INVALID_TAG', field: 'tags' },
  { name: 'patch link: tag of 51 characters', method: 'PATCH', path: '/link', body: patch({ tags: ['t'.repeat(51)] }), code: 'INVALID_TAG', field: 'tags' },
  { name: 'patch link: tag with a control character', method: 'PATCH', path: '/link', body: patch({ tags: ['bell\u0007'] }), code: 'INVALID_TAG', field: 'tags' },
  { name: 'patch link: 51 tags', method: 'PATCH', path: '/link', body: patch({ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }), code: 'INVALID_TAG', field: 'tags' },
  { name: 'patch link: deleteLink a string', method: 'PATCH', path: '/link', body: patch({ deleteLink: 'yes' }), code: 'VALIDATION_FAILED', field: 'deleteLink' },
  { name: 'patch tag: linkId unknown', method: 'PATCH', path: '/tag', body: patch({ linkId: 'NoSuchLink123456', deleteLink: true }), code: 'LINK_NOT_FOUND', field: 'linkId' },
  { name: 'patch tag: workspace not granted', method: 'PATCH', path: '/tag', body: patch({ workspaceId: 'other' }), code: 'WORKSPACE_NOT_GRANTED', field: 'workspaceId' },
  { name: 'patch link: wrong content type', method: 'PATCH', path: '/link', body: patch({}), headers: { 'Content-Type': 'text/json' }, code: 'UNSUPPORTED_MEDIA_TYPE', field: 'Content-Type' },
  // POST and GET /tag
  { name: 'create tag: tag missing', method: 'POST', path: '/tag', body: () => ({ workspaceId: W }), code: 'VALIDATION_FAILED', field: 'tag' },
  { name: 'create tag: tag blank', method: 'POST', path: '/tag', body: () => ({ workspaceId: W, tag: '   ' }), code: 'INVALID_TAG', field: 'tag' },
  { name: 'create tag: tag a number', method: 'POST', path: '/tag', body: () => ({ workspaceId: W, tag: 5 }), code: 'VALIDATION_FAILED', field: 'tag' },
  { name: 'create tag: tag too long', method: 'POST', path: '/tag', body: () => ({ workspaceId: W, tag: 'x'.repeat(51) }), code: 'INVALID_TAG', field: 'tag' },
  { name: 'create tag: tag with a newline', method: 'POST', path: '/tag', body: () => ({ workspaceId: W, tag: 'a\nb' }), code: 'INVALID_TAG', field: 'tag' },
  { name: 'list tags: workspaceId missing', method: 'GET', path: '/tag', query: {}, code: 'INVALID_QUERY', field: 'workspaceId' },
  // POST /customDomain
  { name: 'domain: missing', method: 'POST', path: '/customDomain', body: () => ({ workspaceId: W }), code: 'VALIDATION_FAILED', field: 'domain' },
  { name: 'domain: empty', method: 'POST', path: '/customDomain', body: domain(''), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: with a scheme', method: 'POST', path: '/customDomain', body: domain('https://go.example.com'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: with a path', method: 'POST', path: '/customDomain', body: domain('go.example.com/x'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: with a port', method: 'POST', path: '/customDomain', body: domain('go.example.com:8443'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: wildcard', method: 'POST', path: '/customDomain', body: domain('*.example.com'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: one label', method: 'POST', path: '/customDomain', body: domain('intranet'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: label starting with -', method: 'POST', path: '/customDomain', body: domain('-go.example.com'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: label of 64 characters', method: 'POST', path: '/customDomain', body: domain(`${'a'.repeat(64)}.com`), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: over 253 characters', method: 'POST', path: '/customDomain', body: domain(`${'abcdefghi.'.repeat(26)}com`), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: an IPv4 address', method: 'POST', path: '/customDomain', body: domain('203.0.113.7'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: underscore', method: 'POST', path: '/customDomain', body: domain('my_site.example.com'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: empty label', method: 'POST', path: '/customDomain', body: domain('go..example.com'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: percent-encoded', method: 'POST', path: '/customDomain', body: domain('%67o.example.com'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: the service’s own host', method: 'POST', path: '/customDomain', body: domain('sho.localhost'), code: 'INVALID_DOMAIN', field: 'domain' },
  { name: 'domain: already connected', method: 'POST', path: '/customDomain', body: domain('pending.example.com'), code: 'DOMAIN_TAKEN', field: 'domain' },
  { name: 'domain: a boolean', method: 'POST', path: '/customDomain', body: domain(true), code: 'VALIDATION_FAILED', field: 'domain' },
  { name: 'list domains: orderBy of links', method: 'GET', path: '/customDomain', query: { workspaceId: W, orderBy: 'longUrl' }, code: 'INVALID_QUERY', field: 'orderBy' },
  { name: 'list domains: pageSize 1000', method: 'GET', path: '/customDomain', query: { workspaceId: W, pageSize: '1000' }, code: 'INVALID_QUERY', field: 'pageSize' },
  // PATCH /customDomain
  { name: 'patch domain: id unknown', method: 'PATCH', path: '/customDomain', body: patchDomain({ customDomainId: 'NoSuchDomain1234' }), code: 'DOMAIN_NOT_FOUND', field: 'customDomainId' },
  { name: 'patch domain: id missing', method: 'PATCH', path: '/customDomain', body: without(patchDomain({}), 'customDomainId'), code: 'VALIDATION_FAILED', field: 'customDomainId' },
  { name: 'patch domain: httpToHttps a string', method: 'PATCH', path: '/customDomain', body: patchDomain({ httpToHttps: 'true' }), code: 'VALIDATION_FAILED', field: 'httpToHttps' },
  { name: 'patch domain: nothing to change', method: 'PATCH', path: '/customDomain', body: (s) => ({ workspaceId: W, customDomainId: s.domainId }), code: 'VALIDATION_FAILED', field: 'httpToHttps' },
  { name: 'patch domain: deleteDomain a number', method: 'PATCH', path: '/customDomain', body: patchDomain({ deleteDomain: 1 }), code: 'VALIDATION_FAILED', field: 'deleteDomain' },
  // Tracking
  { name: 'lead: eventName missing', method: 'POST', path: '/track/lead', body: without(lead({}), 'eventName'), code: 'VALIDATION_FAILED', field: 'eventName' },
  { name: 'lead: customerId blank', method: 'POST', path: '/track/lead', body: lead({ customerId: ' ' }), code: 'VALIDATION_FAILED', field: 'customerId' },
  { name: 'lead: customerEmail not an email', method: 'POST', path: '/track/lead', body: lead({ customerEmail: 'not-an-email' }), code: 'VALIDATION_FAILED', field: 'customerEmail' },
  { name: 'lead: metadata an array', method: 'POST', path: '/track/lead', body: lead({ metadata: [1] }), code: 'VALIDATION_FAILED', field: 'metadata' },
  { name: 'lead: metadata too big', method: 'POST', path: '/track/lead', body: lead({ metadata: { blob: 'm'.repeat(5000) } }), code: 'VALIDATION_FAILED', field: 'metadata' },
  { name: 'lead: link unknown', method: 'POST', path: '/track/lead', body: lead({ linkId: 'NoSuchLink123456' }), code: 'LINK_NOT_FOUND', field: 'linkId' },
  { name: 'sale: amount negative', method: 'POST', path: '/track/sale', body: sale({ amount: -1 }), code: 'VALIDATION_FAILED', field: 'amount' },
  { name: 'sale: amount a fraction', method: 'POST', path: '/track/sale', body: sale({ amount: 12.5 }), code: 'VALIDATION_FAILED', field: 'amount' },
  { name: 'sale: amount a string', method: 'POST', path: '/track/sale', body: sale({ amount: '500' }), code: 'VALIDATION_FAILED', field: 'amount' },
  { name: 'sale: amount beyond safe integers', method: 'POST', path: '/track/sale', body: sale({ amount: 2 ** 60 }), code: 'VALIDATION_FAILED', field: 'amount' },
  { name: 'sale: currency unknown', method: 'POST', path: '/track/sale', body: sale({ currency: 'ABC' }), code: 'VALIDATION_FAILED', field: 'currency' },
  { name: 'sale: currency missing', method: 'POST', path: '/track/sale', body: without(sale({}), 'currency'), code: 'VALIDATION_FAILED', field: 'currency' },
  { name: 'sale: workspace not granted', method: 'POST', path: '/track/sale', body: sale({ workspaceId: 'other' }), code: 'WORKSPACE_NOT_GRANTED', field: 'workspaceId' },
  // GET /link/{linkId}/{workspaceId}: path ids meet the id rules on both databases (a NUL once reached PostgreSQL)
  { name: 'analytics: linkId a NUL', method: 'GET', path: `/link/%00/${W}`, code: 'VALIDATION_FAILED', field: 'linkId' },
  { name: 'analytics: linkId with a NUL inside', method: 'GET', path: (s) => `/link/${s.linkId}%00/${W}`, code: 'VALIDATION_FAILED', field: 'linkId' },
  { name: 'analytics: linkId with a space', method: 'GET', path: `/link/a%20b/${W}`, code: 'VALIDATION_FAILED', field: 'linkId' },
  { name: 'analytics: linkId over 100 characters', method: 'GET', path: `/link/${'l'.repeat(101)}/${W}`, code: 'VALIDATION_FAILED', field: 'linkId' },
  { name: 'analytics: workspaceId a NUL', method: 'GET', path: (s) => `/link/${s.linkId}/%00`, code: 'VALIDATION_FAILED', field: 'workspaceId' },
  { name: 'analytics: workspaceId with unicode', method: 'GET', path: (s) => `/link/${s.linkId}/caf%C3%A9`, code: 'VALIDATION_FAILED', field: 'workspaceId' },
  { name: 'analytics: link unknown', method: 'GET', path: `/link/NoSuchLink123456/${W}`, code: 'LINK_NOT_FOUND', field: 'linkId' },
  // Routes
  { name: 'unknown API route', method: 'GET', path: '/links', code: 'ROUTE_NOT_FOUND', field: '/api/links' },
  { name: 'unknown method on a route', method: 'PATCH', path: '/track/lead', body: lead({}), code: 'ROUTE_NOT_FOUND', field: '/api/track/lead' },
];

const TABLES = ['workspaces', 'tokens', 'links', 'tags', 'domains', 'events', 'idempotency'];

let h: Harness;
let token: string;
let setup: Setup;

beforeAll(async () => {
  h = await startHarness({ host: '127.0.0.1', publicUrl: 'http://sho.localhost:0', createRateLimitPerMinute: 100_000 });
  token = await h.token(W);
  await h.token('other');
  const made = await h.call('POST', '/link', { token, body: { workspaceId: W, keywordType: 'HASH', longUrl: 'https://example.com/' } });
  // Real DNS is asked for this one and cannot reach the service, so it stays "not set up".
  const pending = await h.call('POST', '/customDomain', { token, body: { workspaceId: W, domain: 'pending.example.com' } });
  setup = {
    linkId: (made.json.data as { linkId: string }).linkId,
    domainId: (pending.json.data as { linkId: string }).linkId,
    self: h.server.ctx.config.publicUrl,
  };
  expect(setup.linkId).not.toBe('');
  expect(setup.domainId).not.toBe('');
}, 30_000);
afterAll(() => h.close());

describe('bad input is refused with the envelope, names the field, and writes nothing', () => {
  it('has at least 50 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  it.each(cases)('$name -> $code', async (c) => {
    const counts = (await Promise.all(TABLES.map((t) => h.count(t))));
    const headers: Record<string, string> = { ...(c.method === 'GET' ? {} : { 'Idempotency-Key': randomUUID() }), ...c.headers };
    const answer = await h.call(c.method, typeof c.path === 'string' ? c.path : c.path(setup), {
      token,
      headers,
      ...(c.raw !== undefined ? { raw: c.raw, headers: { 'Content-Type': 'application/json', ...headers } } : {}),
      ...(c.body ? { body: c.body(setup) } : {}),
      ...(c.query ? { query: c.query } : {}),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(ERROR_CODES[c.code]);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(answer.json).sort()).toEqual(['errors', 'status']);
    const error = errorOf(answer);
    expect(error.code).toBe(c.code);
    expect(error.errorMessage).toContain(c.field);
    expect((await Promise.all(TABLES.map((t) => h.count(t))))).toEqual(counts);
  });
});
