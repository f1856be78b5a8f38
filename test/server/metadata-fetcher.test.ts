import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from './test-database';
import { createMetadataFetcher, type MetadataFetcherOptions } from '../../server/metadata/fetcher';
import { seedLink } from './clicks-fixtures';

const PAGE = '<html><head><title>Local &amp; real</title><meta property="og:image" content="img/a.png"></head></html>';

let server: Server;
let base: string;
let port: number;
let requests: string[] = [];
let inFlight = 0;
let maxInFlight = 0;
let hugeBytesSent = 0;

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  requests.push(path);
  const html = (body: string, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
    res.end(body);
  };
  switch (path) {
    case '/page':
      return html(PAGE);
    case '/dir/redirect':
      res.writeHead(302, { Location: '../page' });
      res.end();
      return;
    case '/loop':
      res.writeHead(301, { Location: '/loop' });
      res.end();
      return;
    case '/to-file':
      res.writeHead(302, { Location: 'file:///etc/passwd' });
      res.end();
      return;
    case '/slow':
      return; // never answers
    case '/json':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"title":"no"}');
      return;
    case '/error':
      res.writeHead(500, { 'Content-Type': 'text/html' });
      res.end('<title>Error page</title>');
      return;
    case '/gzip':
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(PAGE));
      return;
    case '/late-title':
      return html(`<html><head><!--${'x'.repeat(200_000)}--><title>Too late</title></head></html>`);
    case '/huge': {
      // Title first, then an endless body: the fetcher must stop reading at its cap.
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<title>Huge</title>');
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && hugeBytesSent < 50 * 1024 * 1024) {
          hugeBytesSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    case '/counted': {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        html('<title>Counted</title>');
      }, 60);
      return;
    }
    default:
      res.writeHead(404);
      res.end();
      return;
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let logs: string[];
beforeEach(async () => {
  db = await openTestDatabase();
  logs = [];
  requests = [];
  for (const id of ['l1', 'l2', 'l3', 'l4', 'l5']) await seedLink(db, { id, keyword: id, longUrl: 'https://example.com/' });
});
afterEach(() => db.closeAndRemove());

async function metadataOf(linkId: string): Promise<Record<string, string>> {
  const row = await db.get<{ metadata: string }>('SELECT metadata FROM links WHERE id = ?', [linkId]);
  return JSON.parse(row?.metadata ?? 'null') as Record<string, string>;
}

async function fetchOne(url: string, opts: Partial<MetadataFetcherOptions> = {}): Promise<Record<string, string>> {
  const fetcher = createMetadataFetcher(db, { allowPrivate: true, log: (m) => logs.push(m), ...opts });
  fetcher.schedule('l1', url);
  await fetcher.idle();
  fetcher.close();
  return metadataOf('l1');
}

describe('metadata fetcher against a real local server', () => {
  it('stores what the page says, with URLs made absolute', async () => {
    expect(await fetchOne(`${base}/page`)).toMatchObject({ title: 'Local & real', image: `${base}/img/a.png` });
    expect(logs).toEqual([]);
  });

  it('does not fetch on the caller’s turn', async () => {
    const fetcher = createMetadataFetcher(db, { allowPrivate: true });
    fetcher.schedule('l1', `${base}/page`);
    expect(requests).toEqual([]);
    await fetcher.idle();
    expect(requests).toEqual(['/page']);
    fetcher.close();
  });

  it('follows relative redirects and resolves URLs against the final page', async () => {
    expect(await fetchOne(`${base}/dir/redirect`)).toMatchObject({ title: 'Local & real', image: `${base}/img/a.png` });
    expect(requests).toEqual(['/dir/redirect', '/page']);
  });

  it('gives up after 5 redirects', async () => {
    expect(await fetchOne(`${base}/loop`)).toEqual({});
    expect(requests).toHaveLength(6);
    expect(logs.join('\n')).toMatch(/more than 5 redirects/);
  });

  it('refuses to follow a redirect to a non-http scheme', async () => {
    expect(await fetchOne(`${base}/to-file`)).toEqual({});
    expect(logs.join('\n')).toMatch(/refusing to fetch file: URL/);
  });

  it.each([
    ['/json', 'a page that is not HTML', null],
    ['/error', 'an HTTP error', /HTTP 500/],
    ['/missing', 'a 404', /HTTP 404/],
  ])('leaves {} for %s (%s)', async (path, _name, logged) => {
    expect(await fetchOne(`${base}${path}`)).toEqual({});
    if (logged) expect(logs.join('\n')).toMatch(logged);
  });

  it('decodes a gzip-compressed page', async () => {
    expect(await fetchOne(`${base}/gzip`)).toMatchObject({ title: 'Local & real' });
  });

  it('times out a page that never answers, and logs it', async () => {
    const started = Date.now();
    expect(await fetchOne(`${base}/slow`, { timeoutMs: 200 })).toEqual({});
    expect(Date.now() - started).toBeLessThan(2000);
    expect(logs.join('\n')).toMatch(/timed out after 200 ms/);
  });

  it('stops reading at the size cap', async () => {
    hugeBytesSent = 0;
    expect(await fetchOne(`${base}/huge`, { maxBytes: 256 * 1024 })).toMatchObject({ title: 'Huge' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Socket buffers hold a few megabytes at most; the page offered fifty.
    expect(hugeBytesSent).toBeLessThan(20 * 1024 * 1024);
  });

  it('finds nothing placed after the size cap', async () => {
    expect(await fetchOne(`${base}/late-title`, { maxBytes: 64 * 1024 })).not.toHaveProperty('title');
    expect(await fetchOne(`${base}/late-title`, { maxBytes: 2 * 1024 * 1024 })).toMatchObject({ title: 'Too late' });
  });

  it('fetches at most `concurrency` pages at once and idle() waits for all', async () => {
    maxInFlight = 0;
    const fetcher = createMetadataFetcher(db, { allowPrivate: true, concurrency: 2 });
    for (const id of ['l1', 'l2', 'l3', 'l4', 'l5']) fetcher.schedule(id, `${base}/counted`);
    await fetcher.idle();
    fetcher.close();
    expect(maxInFlight).toBe(2);
    for (const id of ['l1', 'l2', 'l3', 'l4', 'l5']) expect(await metadataOf(id)).toMatchObject({ title: 'Counted' });
  });
});

describe('private addresses', () => {
  it.each([
    ['loopback IPv4', () => `${base}/page`],
    ['loopback by name (localhost)', () => `http://localhost:${port}/page`],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${port}/page`],
    ['IPv6 loopback', () => `http://[::1]:${port}/page`],
    ['private 10/8', () => 'http://10.0.0.1/'],
    ['private 192.168/16', () => 'http://192.168.0.1/'],
    ['link-local IPv6', () => 'http://[fe80::1]/'],
    ['cloud metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
  ])('are refused without a request: %s', async (_name, url) => {
    expect(await fetchOne(url(), { allowPrivate: false, timeoutMs: 1000 })).toEqual({});
    expect(requests).toEqual([]);
    expect(logs.join('\n')).toMatch(/non-public address/);
  });

  it('are reachable with allowPrivate (tests, local use)', async () => {
    expect(await fetchOne(`http://localhost:${port}/page`, { allowPrivate: true })).toMatchObject({ title: 'Local & real' });
  });

  it('are checked again on every redirect hop', async () => {
    const asked: string[] = [];
    const fakeFetch: typeof fetch = (input) => {
      asked.push(String(input));
      return Promise.resolve(new Response(null, { status: 302, headers: { Location: 'http://internal.test/admin' } }));
    };
    const lookup = (host: string) =>
      Promise.resolve([{ address: host === 'public.test' ? '93.184.216.34' : '10.1.2.3', family: 4 }]);
    expect(await fetchOne('http://public.test/', { allowPrivate: false, fetch: fakeFetch, lookup })).toEqual({});
    expect(asked).toEqual(['http://public.test/']);
    expect(logs.join('\n')).toMatch(/internal\.test resolves to 10\.1\.2\.3/);
  });
});
