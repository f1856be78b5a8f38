import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsResponseSchema, CreateLinkResponseSchema, LinkListResponseSchema, LinkResponseSchema, TagListResponseSchema } from '../../lib/contract/schemas';
import { errorOf, startHarness, type Harness } from './harness';

/** A clock the test moves, so createdDate order is known. */
let nowMs = Date.parse('2026-01-01T00:00:00Z');
const tick = () => new Date((nowMs += 1000));

let h: Harness;
let token: string;
const ws = 'links-ws';

beforeAll(async () => {
  h = await startHarness({ trustDomains: true }, { now: tick });
  token = await h.token(ws, 'Ada');
});
afterAll(() => h.close());

async function create(body: Record<string, unknown>) {
  const answer = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(CreateLinkResponseSchema, answer.body).data;
}

async function list(query: Record<string, string>) {
  const answer = await h.call('GET', '/link', { token, query: { workspaceId: ws, ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(LinkListResponseSchema, answer.body).data;
}

describe('POST /link', () => {
  it('HASH makes a 7-character base62 keyword on the default domain and a Link record', async () => {
    const data = await create({ longUrl: 'https://example.com/hash?q=1' });
    expect(data.keyWordExist).toBe(false);
    expect(data.failToGenerateHash).toBe(false);
    expect(data.recommendedUrls).toEqual([]);
    expect(data.linkId).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(data.shortUrl).toMatch(new RegExp(`^${h.server.ctx.config.publicUrl}/[A-Za-z0-9]{7}$`));
    const { list: links } = await list({ pageSize: '100' });
    const link = links.find((l) => l._id === data.linkId);
    expect(link).toMatchObject({
      workspaceId: ws,
      shortUrl: data.shortUrl,
      longUrl: 'https://example.com/hash?q=1',
      linkActive: true,
      tags: [],
      totalClicks: 0,
      destinationUrlMetaData: {},
      createdBy: 'Ada',
      modifiedBy: 'Ada',
    });
    expect(new Date(link?.createdDate ?? '').toISOString()).toBe(link?.createdDate);
  });

  it('the short link redirects to the long URL', async () => {
    const data = await create({ longUrl: 'https://example.com/redirect-me' });
    const res = await fetch(data.shortUrl.replace(h.server.ctx.config.publicUrl, h.server.url), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/redirect-me');
  });

  it('stores the URL as parsed (WHATWG normalisation)', async () => {
    const data = await create({ longUrl: '  HTTPS://Example.COM/a b  ' });
    const { list: links } = await list({ pageSize: '100' });
    expect(links.find((l) => l._id === data.linkId)?.longUrl).toBe('https://example.com/a%20b');
  });

  it('CUSTOM uses the keyword; taken -> 200, keyWordExist, no link, three free recommendations', async () => {
    const first = await create({ keywordType: 'CUSTOM', keyword: 'Spring-Sale', longUrl: 'https://example.com/1' });
    expect(first.shortUrl).toBe(`${h.server.ctx.config.publicUrl}/Spring-Sale`);
    // Make the first suggestion taken, so the service must really check.
    await create({ keywordType: 'CUSTOM', keyword: 'Spring-Sale-1', longUrl: 'https://example.com/2' });
    const before = (await h.count('links'));
    const taken = await create({ keywordType: 'CUSTOM', keyword: 'Spring-Sale', longUrl: 'https://example.com/3' });
    expect(taken).toMatchObject({ keyWordExist: true, linkId: '', shortUrl: '', failToGenerateHash: false });
    expect((await h.count('links'))).toBe(before);
    expect(taken.recommendedUrls).toHaveLength(3);
    expect(new Set(taken.recommendedUrls).size).toBe(3);
    expect(taken.recommendedUrls).not.toContain(`${h.server.ctx.config.publicUrl}/Spring-Sale-1`);
    for (const url of taken.recommendedUrls) {
      const keyword = url.slice(url.lastIndexOf('/') + 1);
      const made = await create({ keywordType: 'CUSTOM', keyword, longUrl: 'https://example.com/4' });
      expect(made.keyWordExist, `${keyword} was recommended but is taken`).toBe(false);
      expect(made.shortUrl).toBe(url);
    }
  });

  it('keywords are case-sensitive and 50 characters fit', async () => {
    await create({ keywordType: 'CUSTOM', keyword: 'casey', longUrl: 'https://example.com/c' });
    expect((await create({ keywordType: 'CUSTOM', keyword: 'CASEY', longUrl: 'https://example.com/c' })).keyWordExist).toBe(false);
    const long = 'k'.repeat(50);
    expect((await create({ keywordType: 'CUSTOM', keyword: long, longUrl: 'https://example.com/c' })).shortUrl).toMatch(/\/k{50}$/);
    const again = await create({ keywordType: 'CUSTOM', keyword: long, longUrl: 'https://example.com/c' });
    expect(again.keyWordExist).toBe(true);
    for (const url of again.recommendedUrls) expect(url.slice(url.lastIndexOf('/') + 1).length).toBeLessThanOrEqual(50);
  });

  it('customDomain null is the default domain; a set-up domain builds the short URL on it', async () => {
    expect((await create({ customDomain: null, longUrl: 'https://example.com/n' })).shortUrl.startsWith(h.server.ctx.config.publicUrl)).toBe(true);
    const domain = await h.call('POST', '/customDomain', { token, body: { workspaceId: ws, domain: 'go.links.test' } });
    expect(domain.status).toBe(200);
    const port = new URL(h.server.ctx.config.publicUrl).port;
    const made = await create({ keywordType: 'CUSTOM', keyword: 'on-domain', customDomain: 'GO.links.test', longUrl: 'https://example.com/d' });
    // trust-domains mode: publicUrl's scheme and port, so it works locally.
    expect(made.shortUrl).toBe(`http://go.links.test:${port}/on-domain`);
    // The same keyword is free on the default domain.
    expect((await create({ keywordType: 'CUSTOM', keyword: 'on-domain', longUrl: 'https://example.com/d' })).keyWordExist).toBe(false);
    const res = await fetch(`${h.server.url}/on-domain`, { redirect: 'manual', headers: { Host: `go.links.test:${port}` } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/d');
  });

  it('refuses a destination on one of the service’s custom domains', async () => {
    const answer = await h.call('POST', '/link', {
      token,
      body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://go.links.test/anything' },
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('INVALID_URL');
  });
});

describe('PATCH /link and PATCH /tag', () => {
  it('tags replace the link’s tags, are de-duplicated, and join the workspace’s tag list', async () => {
    const { linkId } = await create({ longUrl: 'https://example.com/tags' });
    const first = await h.call('PATCH', '/link', { token, body: { workspaceId: ws, linkId, tags: ['news', ' sale ', 'news'] } });
    expect(first.status).toBe(200);
    expect(v.parse(LinkResponseSchema, first.body).data.tags).toEqual(['news', 'sale']);
    const second = await h.call('PATCH', '/tag', { token, body: { workspaceId: ws, linkId, tags: ['Zeta'] } });
    expect(v.parse(LinkResponseSchema, second.body).data).toMatchObject({ _id: linkId, tags: ['Zeta'], modifiedBy: 'Ada' });
    const { list: links } = await list({ pageSize: '100' });
    expect(links.find((l) => l._id === linkId)?.tags).toEqual(['Zeta']);
    const tags = v.parse(TagListResponseSchema, (await h.call('GET', '/tag', { token, query: { workspaceId: ws } })).body).data;
    expect(tags).toEqual(expect.arrayContaining(['news', 'sale', 'Zeta']));
  });

  it('an empty tags array clears the tags; {deleteLink:false} alone changes nothing', async () => {
    const { linkId } = await create({ longUrl: 'https://example.com/clear' });
    await h.call('PATCH', '/link', { token, body: { workspaceId: ws, linkId, tags: ['keep'] } });
    const unchanged = await h.call('PATCH', '/link', { token, body: { workspaceId: ws, linkId, deleteLink: false } });
    expect(v.parse(LinkResponseSchema, unchanged.body).data.tags).toEqual(['keep']);
    const cleared = await h.call('PATCH', '/link', { token, body: { workspaceId: ws, linkId, tags: [] } });
    expect(v.parse(LinkResponseSchema, cleared.body).data.tags).toEqual([]);
  });

  it.each(['/link', '/tag'])('deleteLink: true on PATCH %s deletes and wins over tags', async (path) => {
    const made = await create({ longUrl: 'https://example.com/delete' });
    const answer = await h.call('PATCH', path, { token, body: { workspaceId: ws, linkId: made.linkId, tags: ['ignored-tag'], deleteLink: true } });
    expect(answer.status).toBe(200);
    const link = v.parse(LinkResponseSchema, answer.body).data;
    expect(link).toMatchObject({ _id: made.linkId, linkActive: false, tags: [] });
    const { list: links } = await list({ pageSize: '100' });
    expect(links.some((l) => l._id === made.linkId)).toBe(false);
    const tags = v.parse(TagListResponseSchema, (await h.call('GET', '/tag', { token, query: { workspaceId: ws } })).body).data;
    expect(tags).not.toContain('ignored-tag');
    const res = await fetch(made.shortUrl.replace(h.server.ctx.config.publicUrl, h.server.url), { redirect: 'manual' });
    expect(res.status).toBe(404);
    const again = await h.call('PATCH', path, { token, body: { workspaceId: ws, linkId: made.linkId, deleteLink: true } });
    expect(errorOf(again).code).toBe('LINK_NOT_FOUND');
  });
});

describe('GET /link paging and order', () => {
  const pagedWs = 'paged-ws';
  let pagedToken: string;
  const ids: string[] = [];

  beforeAll(async () => {
    pagedToken = await h.token(pagedWs);
    for (let i = 0; i < 23; i += 1) {
      // longUrl order is the reverse of creation order; keywords sort like creation order.
      const answer = await h.call('POST', '/link', {
        token: pagedToken,
        body: { workspaceId: pagedWs, keywordType: 'CUSTOM', keyword: `p${String(i).padStart(2, '0')}`, longUrl: `https://example.com/${String(99 - i)}` },
      });
      ids.push(v.parse(CreateLinkResponseSchema, answer.body).data.linkId);
    }
  });

  async function page(query: Record<string, string>) {
    const answer = await h.call('GET', '/link', { token: pagedToken, query: { workspaceId: pagedWs, ...query } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return v.parse(LinkListResponseSchema, answer.body).data;
  }

  it('defaults: 10 per page, newest first, pageInfo of the first page', async () => {
    const first = await page({});
    expect(first.list.map((l) => l._id)).toEqual([...ids].reverse().slice(0, 10));
    expect(first.pageInfo).toEqual({ cursor: 10, hasNext: true, pageNumber: 1, pageSize: 10, totalCount: 23, totalPages: 3 });
  });

  it('following pageInfo.cursor visits every link once; the last page has hasNext false', async () => {
    const seen: string[] = [];
    let cursor = 0;
    const numbers: number[] = [];
    for (;;) {
      const p = await page({ cursor: String(cursor), pageSize: '7', orderType: 'asc' });
      seen.push(...p.list.map((l) => l._id));
      numbers.push(p.pageInfo.pageNumber);
      expect(p.pageInfo.totalPages).toBe(4);
      if (!p.pageInfo.hasNext) break;
      cursor = p.pageInfo.cursor;
    }
    expect(seen).toEqual(ids);
    expect(numbers).toEqual([1, 2, 3, 4]);
  });

  it('a cursor past the end gives an empty page', async () => {
    const p = await page({ cursor: '500' });
    expect(p.list).toEqual([]);
    expect(p.pageInfo).toMatchObject({ hasNext: false, totalCount: 23, pageNumber: 51 });
  });

  it.each([
    ['longUrl', 'asc', (i: number[]) => [...i].reverse()],
    ['longUrl', 'desc', (i: number[]) => i],
    ['shortUrl', 'asc', (i: number[]) => i],
    ['shortUrl', 'desc', (i: number[]) => [...i].reverse()],
    ['createdDate', 'asc', (i: number[]) => i],
  ] as const)('orderBy %s %s', async (orderBy, orderType, expected) => {
    const p = await page({ orderBy, orderType, pageSize: '100' });
    const order = expected(ids.map((_, i) => i)).map((i) => ids[i]);
    expect(p.list.map((l) => l._id)).toEqual(order);
  });

  it('orderBy totalClicks ties are broken stably', async () => {
    const a = await page({ orderBy: 'totalClicks', pageSize: '100' });
    const b = await page({ orderBy: 'totalClicks', pageSize: '100' });
    expect(a.list.map((l) => l._id)).toEqual(b.list.map((l) => l._id));
    expect(new Set(a.list.map((l) => l._id)).size).toBe(23);
  });
});

describe('GET /link/:linkId/:workspaceId', () => {
  it('answers the analytics of a link from its recorded clicks, and totalClicks follows', async () => {
    const made = await create({ longUrl: 'https://example.com/analytics' });
    const local = made.shortUrl.replace(h.server.ctx.config.publicUrl, h.server.url);
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(local, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' } });
      expect(res.status).toBe(302);
    }
    await h.server.ctx.clicks.flush();
    const answer = await h.call('GET', `/link/${made.linkId}/${ws}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const analytics = v.parse(AnalyticsResponseSchema, answer.body).data;
    expect(analytics.freeUserData.scoreCardDetails.data.totalClicks).toBe(3);
    const { list: links } = await list({ pageSize: '100' });
    expect(links.find((l) => l._id === made.linkId)?.totalClicks).toBe(3);
  });

  it('an unknown link is LINK_NOT_FOUND', async () => {
    const answer = await h.call('GET', `/link/NoSuchLink000000/${ws}`, { token });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('LINK_NOT_FOUND');
  });
});

describe('destination metadata', () => {
  it('is fetched in the background after creation and shown as destinationUrlMetaData', async () => {
    const page = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<html><head><title>Spring sale</title><meta name="description" content="Half price"></head><body></body></html>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const local = await startHarness({ allowPrivateFetch: true });
    try {
      const t = await local.token('meta-ws');
      const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/sale`;
      const made = await local.call('POST', '/link', { token: t, body: { workspaceId: 'meta-ws', keywordType: 'HASH', longUrl: url } });
      expect(made.status).toBe(200);
      await local.server.ctx.metadata.idle();
      const listed = v.parse(LinkListResponseSchema, (await local.call('GET', '/link', { token: t, query: { workspaceId: 'meta-ws' } })).body).data;
      expect(listed.list[0]?.destinationUrlMetaData).toMatchObject({ title: 'Spring sale', description: 'Half price' });
    } finally {
      await local.close();
      page.close();
    }
  });
});

describe('GET and POST /tag', () => {
  it('creating a tag that exists succeeds; tags are listed sorted, without duplicates', async () => {
    const t = await h.token('tag-ws');
    for (const tag of ['beta', 'Alpha', 'gamma', 'beta', '  delta  ']) {
      const answer = await h.call('POST', '/tag', { token: t, body: { workspaceId: 'tag-ws', tag } });
      expect(answer.status).toBe(200);
      expect(typeof answer.json.data).toBe('string');
    }
    const listed = v.parse(TagListResponseSchema, (await h.call('GET', '/tag', { token: t, query: { workspaceId: 'tag-ws' } })).body).data;
    expect(listed).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
  });
});
