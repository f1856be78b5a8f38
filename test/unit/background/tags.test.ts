import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createTagHandlers } from '../../../lib/background/links/tags';
import { reachService } from '../../../lib/background/reach-service';
import type { CachedLink } from '../../../lib/storage/links';
import { createQueueRunner } from '../../../lib/queue/queue';
import { createQueueStore } from '../../../lib/queue/store';
import { getConnection, saveConnection } from '../../../lib/storage/settings';
import { checkedTagList } from '../../../lib/background/links/tags';
import { createTagListCache } from '../../../lib/tags/list-cache';
import { json } from '../fixtures/fake-fetch';
import { fakeService, networkDown, proxyPage } from '../fixtures/fake-service';
import { BASE_URL, TOKEN, WORKSPACE } from '../fixtures/wire';

const store = createQueueStore();

const cached = (linkId: string, tags?: string[]): CachedLink => ({
  linkId,
  shortUrl: `http://127.0.0.1:8787/${linkId}`,
  longUrl: 'https://example.com/',
  createdDate: '2026-11-01T10:00:00.000Z',
  workspaceId: WORKSPACE,
  ...(tags ? { tags } : {}),
});

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
});

async function setup(opts: { configured?: boolean; permission?: boolean; known?: CachedLink[] } = {}) {
  if (opts.configured !== false) await saveConnection({ baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE });
  const service = fakeService();
  let clock = 0;
  const queue = createQueueRunner({ getClient: () => service.client, now: () => clock, random: () => 0.5, locks: null, store });
  let keys = 0;
  const tags = createTagHandlers({
    reach: async () => reachService(await getConnection(), { hasHostPermission: async () => opts.permission !== false, fetch: service.fetch }),
    runNow: queue.runNow,
    knownLinks: async () => opts.known ?? [],
    newKey: () => `key-${++keys}`,
    tagCache: createTagListCache(checkedTagList),
    now: () => 1_700_000_000_000 + clock,
  });
  /** Moves the queue's clock past any backoff or hold. */
  const later = () => {
    clock += 3_600_000;
  };
  return { service, queue, tags, later };
}

describe('listTags', () => {
  it("answers the workspace's tags", async () => {
    const { service, tags } = await setup();
    service.setTagList(['news', 'launch']);
    expect(await tags.listTags({})).toEqual({ status: 'done', tags: ['news', 'launch'] });
    expect(service.sent('GET', '/tag')[0]?.url).toBe(`${BASE_URL}/tag?workspaceId=${WORKSPACE}`);
  });

  it.each([
    ['not an array', { tags: 'news' }],
    ['a number among the names', ['news', 7]],
    ['over ten thousand names', Array.from({ length: 10_001 }, (_, i) => `t${i}`)],
  ])('a malformed list (%s) is an error with its own code, never a partial list', async (_what, data) => {
    const { service, tags } = await setup();
    service.setTagList(data);
    const answer = await tags.listTags({});
    expect(answer).toMatchObject({ status: 'error', error: { kind: 'invalid-response', code: 'TAGS_MALFORMED' } });
  });

  // Issue 19, item 7: the tag rules are for typed tags. A tag a real service holds (stored before a rule, or
  // under other rules) is listed as it came, so it can be chosen, kept or removed like any other.
  it("lists the service's tags as they came, even those the rules for typed tags refuse", async () => {
    const { service, tags } = await setup();
    const odd = ['news', 'sum\u200bmer', 'x'.repeat(60), ' padded', 'bad\u0007bell', '\u202egnp.exe', 'cafe\u0301', 'news'];
    service.setTagList(odd);
    expect(await tags.listTags({})).toEqual({ status: 'done', tags: odd.slice(0, -1) });
    // And offline, from the last list.
    service.fail('GET', '/tag', networkDown);
    expect(await tags.listTags({})).toMatchObject({ status: 'done', tags: odd.slice(0, -1) });
  });

  it('a workspace at the cap of a thousand tags is listed whole', async () => {
    const { service, tags } = await setup();
    const many = Array.from({ length: 1000 }, (_, i) => `tag-${i}`);
    service.setTagList(many);
    expect(await tags.listTags({})).toEqual({ status: 'done', tags: many });
  });

  it('a proxy page instead of JSON is malformed too', async () => {
    const { service, tags } = await setup();
    service.garbleNext('GET', '/tag', proxyPage);
    expect(await tags.listTags({})).toMatchObject({ status: 'error', error: { code: 'TAGS_MALFORMED' } });
  });

  it('unreachable: a network error (nothing queued: a read)', async () => {
    const { service, tags, queue } = await setup();
    service.fail('GET', '/tag', networkDown);
    expect(await tags.listTags({})).toMatchObject({ status: 'error', error: { kind: 'network' } });
    expect((await queue.list()).length).toBe(0);
  });

  it('unreachable after a list was loaded: the last list, marked with when the service sent it', async () => {
    const { service, tags } = await setup();
    service.setTagList(['news', 'launch']);
    expect(await tags.listTags({})).toEqual({ status: 'done', tags: ['news', 'launch'] });
    service.fail('GET', '/tag', networkDown);
    expect(await tags.listTags({})).toEqual({ status: 'done', tags: ['news', 'launch'], cachedAt: 1_700_000_000_000 });
    // Back online: the service's list again, unmarked.
    service.setTagList(['news']);
    expect(await tags.listTags({})).toEqual({ status: 'done', tags: ['news'] });
  });

  it("the last list is the workspace's own; other errors than the network's are said, not hidden by it", async () => {
    const { service, tags } = await setup();
    service.setTagList(['news']);
    await tags.listTags({});
    await saveConnection({ baseUrl: BASE_URL, token: TOKEN, workspaceId: 'another-workspace' });
    service.fail('GET', '/tag', networkDown);
    expect(await tags.listTags({})).toMatchObject({ status: 'error', error: { kind: 'network' } });
    await saveConnection({ baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE });
    service.garbleNext('GET', '/tag', proxyPage);
    expect(await tags.listTags({})).toMatchObject({ status: 'error', error: { code: 'TAGS_MALFORMED' } });
  });

  it('a stored list that is not a list of names is not offered', async () => {
    const { service, tags } = await setup();
    await fakeBrowser.storage.local.set({ tagLists: { [`${BASE_URL} ${WORKSPACE}`]: { tags: ['ok', 7], at: 5 } } });
    service.fail('GET', '/tag', networkDown);
    expect(await tags.listTags({})).toMatchObject({ status: 'error', error: { kind: 'network' } });
  });

  it('not connected, or the browser has not granted the service: no request', async () => {
    const a = await setup({ configured: false });
    expect(await a.tags.listTags({})).toEqual({ status: 'not-configured' });
    expect(a.service.calls).toHaveLength(0);
    fakeBrowser.reset();
    const b = await setup({ permission: false });
    expect(await b.tags.listTags({})).toMatchObject({ status: 'error', error: { code: 'NO_HOST_PERMISSION' } });
    expect(b.service.calls).toHaveLength(0);
  });
});

describe('createTag', () => {
  it('creates the trimmed tag with an idempotency key', async () => {
    const { service, tags } = await setup();
    expect(await tags.createTag({ tag: '  launch ' })).toEqual({ status: 'done', tag: 'launch' });
    const [sent] = service.sent('POST', '/tag');
    expect(sent?.body).toEqual({ workspaceId: WORKSPACE, tag: 'launch' });
    expect(sent?.headers['idempotency-key']).toBe('key-1');
  });

  it.each([
    ['', 'TAG_EMPTY'],
    ['   ', 'TAG_EMPTY'],
    ['x'.repeat(51), 'TAG_TOO_LONG'],
    ['two\nlines', 'INVALID_TAG'],
  ])('%j is refused with %s before anything is sent', async (tag, code) => {
    const { service, tags } = await setup();
    expect(await tags.createTag({ tag })).toMatchObject({ status: 'error', error: { kind: 'invalid-input', code } });
    expect(service.calls).toHaveLength(0);
  });

  it('offline: queued, and created by the replay', async () => {
    const { service, tags, queue, later } = await setup();
    service.fail('POST', '/tag', networkDown);
    const answer = await tags.createTag({ tag: 'later' });
    expect(answer.status).toBe('queued');
    expect((await queue.list()).map((i) => i.kind)).toEqual(['create-tag']);
    later();
    await queue.replay();
    expect((await queue.list()).length).toBe(0);
    expect(service.sent('POST', '/tag').map((c) => c.body)).toEqual([
      { workspaceId: WORKSPACE, tag: 'later' },
      { workspaceId: WORKSPACE, tag: 'later' },
    ]);
  });
});

describe('setLinkTags', () => {
  it("replaces the link's tags, deduplicated", async () => {
    const { service, tags } = await setup();
    expect(await tags.setLinkTags({ linkId: 'lnk_9', tags: ['a', ' a', 'b'] })).toEqual({ status: 'done', tags: ['a', 'b'] });
    expect(service.sent('PATCH', '/link')[0]?.body).toEqual({ workspaceId: WORKSPACE, linkId: 'lnk_9', tags: ['a', 'b'] });
  });

  it('refuses a bad tag or too many, with no request', async () => {
    const { service, tags } = await setup();
    expect(await tags.setLinkTags({ linkId: 'l', tags: ['ok', 'x'.repeat(51)] })).toMatchObject({ error: { code: 'TAG_TOO_LONG' } });
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`);
    expect(await tags.setLinkTags({ linkId: 'l', tags: many })).toMatchObject({ error: { code: 'TOO_MANY_TAGS', values: ['50'] } });
    expect(service.calls).toHaveLength(0);
  });

  it('sends a typed tag in its stored form: trimmed, NFC', async () => {
    const { service, tags } = await setup();
    expect(await tags.setLinkTags({ linkId: 'l', tags: [' cafe\u0301 '] })).toEqual({ status: 'done', tags: ['caf\u00e9'] });
    expect(service.sent('PATCH', '/link')[0]?.body).toMatchObject({ tags: ['caf\u00e9'] });
  });

  describe("the service's own tags are never judged by the rules for typed tags (issue 19, item 7)", () => {
    const odd = ['sum\u200bmer', 'x'.repeat(60), ' padded', 'cafe\u0301'];

    it("a link's odd tags are kept while another is removed, sent exactly as the service holds them", async () => {
      const { service, tags } = await setup({ known: [cached('lnk_1', [...odd, 'news'])] });
      expect(await tags.setLinkTags({ linkId: 'lnk_1', tags: odd })).toEqual({ status: 'done', tags: odd });
      expect(service.sent('PATCH', '/link')[0]?.body).toEqual({ workspaceId: WORKSPACE, linkId: 'lnk_1', tags: odd });
    });

    it("a tag ticked from the workspace's list goes as listed; the same text typed is refused", async () => {
      const { service, tags } = await setup({ known: [cached('lnk_1', ['news'])] });
      service.setTagList(['news', 'sum\u200bmer']);
      await tags.listTags({});
      expect(await tags.setLinkTags({ linkId: 'lnk_1', tags: ['news', 'sum\u200bmer'] })).toMatchObject({ status: 'done' });
      expect(service.sent('PATCH', '/link')[0]?.body).toMatchObject({ tags: ['news', 'sum\u200bmer'] });
      expect(await tags.setLinkTags({ linkId: 'lnk_1', tags: ['news', 'win\u200bter'] })).toMatchObject({
        status: 'error',
        error: { kind: 'invalid-input', code: 'INVALID_TAG', values: ['win\u200bter'] },
      });
      expect(service.sent('PATCH', '/link')).toHaveLength(1);
    });

    it('a tag neither on the link nor listed was typed: the rules apply', async () => {
      const { service, tags } = await setup({ known: [cached('lnk_1', ['sum\u200bmer'])] });
      expect(await tags.setLinkTags({ linkId: 'lnk_2', tags: ['sum\u200bmer'] })).toMatchObject({ status: 'error', error: { code: 'INVALID_TAG' } });
      expect(service.calls).toHaveLength(0);
    });
  });

  it("the service's refusal is its own words", async () => {
    const { service, tags } = await setup();
    service.fail('PATCH', '/link', () => json({ status: false, errors: [{ code: 'LINK_NOT_FOUND', errorMessage: 'no such link' }] }, 400));
    expect(await tags.setLinkTags({ linkId: 'gone', tags: ['a'] })).toMatchObject({
      status: 'error',
      error: { kind: 'service', code: 'LINK_NOT_FOUND', message: 'no such link' },
    });
  });
});

describe('linkTags', () => {
  it('answers the tags the cache knows for the link, with no request', async () => {
    const { service, tags } = await setup({ known: [cached('a', ['news', 'blog']), cached('b')] });
    expect(await tags.linkTags({ linkId: 'a' })).toEqual({ tags: ['news', 'blog'] });
    expect(await tags.linkTags({ linkId: 'b' })).toEqual({ tags: null });
    expect(await tags.linkTags({ linkId: 'c' })).toEqual({ tags: null });
    expect(service.calls).toHaveLength(0);
  });

  it('answers every tag of the link, odd ones too: saving tags alone must not drop one unseen', async () => {
    const { tags } = await setup({ known: [cached('a', ['news', 'sum\u200bmer', 'x'.repeat(60)])] });
    expect(await tags.linkTags({ linkId: 'a' })).toEqual({ tags: ['news', 'sum\u200bmer', 'x'.repeat(60)] });
  });
});
