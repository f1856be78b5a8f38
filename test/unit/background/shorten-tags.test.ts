/** Tags on new links: the user's default tags, and a link with tags queued offline as one piece of work. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createFinishedWork } from '../../../lib/background/queue/finished-work';
import { createLinkCache } from '../../../lib/storage/links';
import { createQueueRunner } from '../../../lib/queue/queue';
import { createQueueStore } from '../../../lib/queue/store';
import { getConnection, getPreferences, saveConnection, setPreferences } from '../../../lib/storage/settings';
import { createShortener, type ShortenOutcome } from '../../../lib/background/links/shorten';
import { fakeService, networkDown } from '../fixtures/fake-service';
import { BASE_URL, TOKEN, WORKSPACE } from '../fixtures/wire';

const store = createQueueStore();
const scope = { baseUrl: BASE_URL, workspaceId: WORKSPACE };

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
});

async function setup(listed: readonly string[] = []) {
  await saveConnection({ baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE });
  const service = fakeService();
  const cache = createLinkCache();
  let clock = 0;
  const recordFinished = createFinishedWork({ cache, getConnection });
  const queue = createQueueRunner({
    getClient: () => service.client,
    now: () => clock,
    random: () => 0.5,
    locks: null,
    store,
    onDone: (item, result) => recordFinished(item, result),
  });
  let keys = 0;
  const shortener = createShortener({
    runNow: queue.runNow,
    cache,
    settings: { getConnection, getPreferences },
    listedTags: async (asked) => (asked.baseUrl === scope.baseUrl && asked.workspaceId === scope.workspaceId ? listed : []),
    newKey: () => `key-${++keys}`,
  });
  return { service, cache, queue, shortener, later: () => (clock += 3_600_000) };
}

function done(outcome: ShortenOutcome) {
  if (outcome.status !== 'done') throw new Error(`expected done, got ${JSON.stringify(outcome)}`);
  return outcome;
}

describe("the workspace's own tags (issue 19, item 7)", () => {
  const odd = ['sum\u200bmer', 'x'.repeat(60)];

  it('a tag the service listed goes on a new link as it came, whatever it holds', async () => {
    const { shortener, service } = await setup(odd);
    done(await shortener.shorten({ url: 'https://example.com/a', tags: [...odd, ' typed '], force: true }));
    expect(service.sent('PATCH', '/link').map((c) => (c.body as { tags: string[] }).tags)).toEqual([[...odd, 'typed']]);
  });

  it('the same text, not listed, was typed: refused before anything is sent', async () => {
    const { shortener, service } = await setup();
    expect(await shortener.shorten({ url: 'https://example.com/a', tags: [odd[0] as string], force: true })).toMatchObject({
      status: 'error',
      error: { code: 'INVALID_TAG', values: [odd[0]] },
    });
    expect(service.calls).toHaveLength(0);
  });
});

describe('default tags', () => {
  it('are put on every new link made without tags of its own (one-click, context menu)', async () => {
    await setPreferences({ defaultTags: ['inbox', 'mine'] });
    const { shortener, service } = await setup();
    const outcome = done(await shortener.shorten({ url: 'https://example.com/a' }));
    expect(service.sent('PATCH', '/link').map((c) => c.body)).toEqual([{ workspaceId: WORKSPACE, linkId: 'lnk_1', tags: ['inbox', 'mine'] }]);
    expect(outcome.link.tags).toEqual(['inbox', 'mine']);
  });

  it('do not stop a plain request from being answered from the cache', async () => {
    await setPreferences({ defaultTags: ['inbox'] });
    const { shortener, service } = await setup();
    done(await shortener.shorten({ url: 'https://example.com/a' }));
    const again = done(await shortener.shorten({ url: 'https://example.com/a' }));
    expect(again.fromCache).toBe(true);
    expect(service.sent('POST', '/link')).toHaveLength(1);
  });

  it("tags asked for replace the defaults (the customise panel sends the user's choice, even none)", async () => {
    await setPreferences({ defaultTags: ['inbox'] });
    const { shortener, service } = await setup();
    done(await shortener.shorten({ url: 'https://example.com/a', tags: ['launch'], force: true }));
    done(await shortener.shorten({ url: 'https://example.com/b', tags: [], force: true }));
    expect(service.sent('PATCH', '/link').map((c) => (c.body as { tags: string[] }).tags)).toEqual([['launch']]);
  });

  it('without defaults, a new link gets no PATCH at all', async () => {
    const { shortener, service } = await setup();
    done(await shortener.shorten({ url: 'https://example.com/a' }));
    expect(service.sent('PATCH', '/link')).toHaveLength(0);
  });
});

describe('offline: creation and tags are one piece of work', () => {
  it('queues one item that carries the tags, and its replay makes the link and then sets its tags', async () => {
    const { shortener, service, queue, cache, later } = await setup();
    service.fail('POST', '/link', networkDown);
    const outcome = await shortener.shorten({ url: 'https://example.com/a', keywordType: 'CUSTOM', keyword: 'spring', tags: ['launch', 'new'], force: true });
    expect(outcome.status).toBe('queued');
    const items = await queue.list();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'create-link', payload: { tags: ['launch', 'new'], body: { keyword: 'spring' } } });

    later();
    await queue.replay();
    expect(await queue.list()).toEqual([]);
    expect(service.links()).toEqual([expect.objectContaining({ shortUrl: 'http://127.0.0.1:8787/spring', tags: ['launch', 'new'] })]);
    expect((await cache.lookup(scope, 'https://example.com/a'))?.tags).toEqual(['launch', 'new']);
  });

  it('the tags step failing offline leaves the same single item, which only sets the tags when replayed', async () => {
    const { shortener, service, queue, later } = await setup();
    service.fail('PATCH', '/link', networkDown);
    const outcome = done(await shortener.shorten({ url: 'https://example.com/a', tags: ['launch'], force: true }));
    expect(outcome.tagsQueued).toEqual(expect.any(String));
    expect(await queue.list()).toHaveLength(1);
    later();
    await queue.replay();
    expect(service.sent('POST', '/link')).toHaveLength(1);
    expect(service.links()).toEqual([expect.objectContaining({ tags: ['launch'] })]);
  });
});
