import { describe, expect, it, vi } from 'vitest';
import type { LinkListParams, Page } from '../../../lib/api/client';
import type { Link } from '../../../lib/contract/schemas';
import { findStatsLink, LOOKUP_PAGES, shortLinkKey } from '../../../lib/background/menus/stats-link';
import type { CachedLink, LinkScope } from '../../../lib/storage/links';
import { linkRecord } from '../fixtures/wire';

const scope: LinkScope = { baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' };

function cached(id: string, shortUrl: string): CachedLink {
  return { linkId: id, shortUrl, longUrl: 'https://example.com/', createdDate: '2026-11-01T00:00:00.000Z', workspaceId: 'demo' };
}

/** A service holding `links` (newest first), answering GET /link pages like the reference server. */
function service(links: Link[]) {
  const listLinks = vi.fn(async (q: LinkListParams): Promise<Page<Link>> => {
    const cursor = q.cursor ?? 0;
    const size = q.pageSize ?? 10;
    const list = links.slice(cursor, cursor + size);
    const next = cursor + list.length;
    return {
      list,
      pageInfo: { cursor: next, hasNext: next < links.length, pageNumber: Math.floor(cursor / size) + 1, pageSize: size, totalCount: links.length, totalPages: Math.ceil(links.length / size) },
    };
  });
  return { listLinks };
}

const many = (n: number) => Array.from({ length: n }, (_, i) => linkRecord({ _id: `lnk_${i}`, shortUrl: `http://127.0.0.1:8787/k${i}` }));

describe('shortLinkKey', () => {
  it.each([
    ['http://127.0.0.1:8787/Ab3dE7x', '127.0.0.1:8787/Ab3dE7x'],
    ['https://SHO.RT/kw', 'sho.rt/kw'],
    ['http://sho.rt:80/kw/', 'sho.rt/kw'],
    ['https://sho.rt./kw?utm=x#top', 'sho.rt/kw'],
    ['https://bücher.example/kw', 'xn--bcher-kva.example/kw'],
  ])('%s -> %s', (url, key) => {
    expect(shortLinkKey(url)).toBe(key);
  });

  it.each(['', 'not a url', 'ftp://sho.rt/kw', 'https://sho.rt/', 'https://sho.rt'])('refuses %j', (url) => {
    expect(shortLinkKey(url)).toBeNull();
  });

  it('keeps case in the keyword: Ab and ab are two links', () => {
    expect(shortLinkKey('https://sho.rt/Ab')).not.toBe(shortLinkKey('https://sho.rt/ab'));
  });
});

describe('findStatsLink', () => {
  it('answers from the local cache without asking the service', async () => {
    const client = vi.fn(async () => service([]));
    const id = await findStatsLink('https://sho.rt/kw?ref=mail', scope, {
      known: async () => [cached('lnk_a', 'https://sho.rt/other'), cached('lnk_b', 'https://sho.rt/kw')],
      client,
    });
    expect(id).toBe('lnk_b');
    expect(client).not.toHaveBeenCalled();
  });

  it('looks through the service\'s pages, newest first, until it finds the link', async () => {
    const svc = service(many(250));
    const id = await findStatsLink('http://127.0.0.1:8787/k230', scope, { known: async () => [], client: async () => svc });
    expect(id).toBe('lnk_230');
    expect(svc.listLinks.mock.calls.map(([q]) => q)).toEqual([0, 100, 200].map((cursor) => ({
      workspaceId: 'demo', pageSize: 100, cursor, orderBy: 'createdDate', orderType: 'desc',
    })));
  });

  it('stops at the end of the list when the link is not there', async () => {
    const svc = service(many(150));
    expect(await findStatsLink('http://127.0.0.1:8787/nope', scope, { known: async () => [], client: async () => svc })).toBeNull();
    expect(svc.listLinks).toHaveBeenCalledTimes(2);
  });

  it('asks for a bounded number of pages', async () => {
    const svc = service(many(LOOKUP_PAGES * 100 + 50));
    const last = `http://127.0.0.1:8787/k${LOOKUP_PAGES * 100 + 10}`;
    expect(await findStatsLink(last, scope, { known: async () => [], client: async () => svc })).toBeNull();
    expect(svc.listLinks).toHaveBeenCalledTimes(LOOKUP_PAGES);
    expect(await findStatsLink(last, scope, { known: async () => [], client: async () => svc, maxPages: 3 })).toBeNull();
    expect(svc.listLinks).toHaveBeenCalledTimes(LOOKUP_PAGES + 3);
  });

  it('never asks anything for an address that is not a short link', async () => {
    const known = vi.fn(async () => []);
    const client = vi.fn(async () => service(many(3)));
    expect(await findStatsLink('javascript:alert(1)', scope, { known, client })).toBeNull();
    expect(known).not.toHaveBeenCalled();
    expect(client).not.toHaveBeenCalled();
  });

  it('lets the service\'s error through to the caller, which words it', async () => {
    const failing = { listLinks: vi.fn(async () => Promise.reject(new Error('offline'))) };
    await expect(findStatsLink('https://sho.rt/kw', scope, { known: async () => [], client: async () => failing })).rejects.toThrow('offline');
  });
});
