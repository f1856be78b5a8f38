import { request } from 'node:http';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateLinkResponseSchema } from '../../lib/contract/schemas';
import { parseHost } from '../../server/redirect/host';
import { errorOf, startHarness, type Harness } from './harness';

/**
 * Every spelling of one host is one host, on the service's side: a link to the
 * service itself or to any of its custom domains, however spelt, is refused
 * (it would loop), and the redirect finds a custom domain however the Host
 * header spells it. The service runs at http://localhost:PORT.
 */
let h: Harness;
let port: number;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  h = await startHarness({ publicUrl: 'http://localhost:0', trustDomains: true });
  port = Number(new URL(h.server.ctx.config.publicUrl).port);
  tokenA = await h.token('hosts-a');
  tokenB = await h.token('hosts-b');
  for (const domain of ['go.brand.test', 'Bücher.brand.test']) {
    const made = await h.call('POST', '/customDomain', { token: tokenA, body: { workspaceId: 'hosts-a', domain } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  }
});
afterAll(() => h.close());

const createLink = (token: string, workspaceId: string, longUrl: string, keyword?: string) =>
  h.call('POST', '/link', {
    token,
    body: keyword === undefined ? { workspaceId, keywordType: 'HASH', longUrl } : { workspaceId, keywordType: 'CUSTOM', keyword, longUrl },
  });

function get(path: string, host: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a destination on the service itself, however spelt, is refused', () => {
  it('a link to http://localhost.:PORT/loop on the service at localhost is refused: it would redirect to itself', async () => {
    const before = (await h.count('links'));
    const answer = await createLink(tokenA, 'hosts-a', `http://localhost.:${port}/loop`, 'loop');
    expect(errorOf(answer).code).toBe('INVALID_URL');
    expect((await h.count('links'))).toBe(before);
    // Why it would loop: the service takes `localhost.:PORT` for its own host, so /loop would be this very link.
    const seeded = await createLink(tokenA, 'hosts-a', 'https://example.com/target', 'loop');
    expect(seeded.status).toBe(200);
    expect(await get('/loop', `localhost.:${port}`)).toEqual({ status: 302, location: 'https://example.com/target' });
  });

  it.each([
    ['trailing dot', () => `http://localhost.:${port}/x`],
    ['upper case and trailing dot', () => `http://LOCALHOST.:${port}/x`],
    ['upper case', () => `http://LocalHost:${port}/x`],
  ])('own host with %s', async (_label, url) => {
    expect(errorOf(await createLink(tokenB, 'hosts-b', url())).code).toBe('INVALID_URL');
  });

  it.each([
    ['as stored', 'https://go.brand.test/x'],
    ['with a trailing dot', 'https://go.brand.test./x'],
    ['in upper case with a trailing dot', 'http://GO.BRAND.TEST./x'],
    ['with its default port', 'https://go.brand.test:443/x'],
    ['with another port', 'http://go.brand.test.:8080/x'],
    ['an IDN in unicode', 'https://bücher.brand.test/x'],
    ['an IDN in upper-case unicode with a trailing dot', 'https://BÜCHER.brand.test./x'],
    ['an IDN in punycode with a trailing dot', 'https://xn--bcher-kva.brand.test./x'],
  ])('a custom domain of another workspace, %s', async (_label, url) => {
    const before = (await h.count('links'));
    const answer = await createLink(tokenB, 'hosts-b', url);
    expect(errorOf(answer).code).toBe('INVALID_URL');
    expect(errorOf(answer).errorMessage).toMatch(/short link of this service/);
    expect((await h.count('links'))).toBe(before);
  });

  it('a host that only ends like a custom domain is still a destination', async () => {
    const answer = await createLink(tokenB, 'hosts-b', 'https://notgo.brand.test./x');
    expect(v.parse(CreateLinkResponseSchema, answer.body).data.linkId).not.toBe('');
  });
});

describe('the redirect finds a custom domain however the Host header spells it', () => {
  beforeAll(async () => {
    const made = await h.call('POST', '/link', {
      token: tokenA,
      body: { workspaceId: 'hosts-a', keywordType: 'CUSTOM', keyword: 'promo', longUrl: 'https://example.com/promo', customDomain: 'GO.brand.test.' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  });

  it.each(['go.brand.test', 'go.brand.test.', 'GO.BRAND.TEST.', 'go.brand.test:80', 'Go.Brand.Test.:80'])('Host: %s', async (host) => {
    expect(await get('/promo', host)).toEqual({ status: 302, location: 'https://example.com/promo' });
  });

  it.each([
    ['go.brand.test.', 'go.brand.test'],
    ['GO.BRAND.TEST.:80', 'go.brand.test'],
    ['bücher.brand.test', 'xn--bcher-kva.brand.test'],
    ['BÜCHER.brand.test.:8080', 'xn--bcher-kva.brand.test'],
    ['[::1]:8080', '[::1]'],
    ['not a/host', 'not a/host'],
  ])('parseHost(%j).hostname is %j', (raw, hostname) => {
    expect(parseHost(raw).hostname).toBe(hostname);
  });
});
