/** Customising right after the one-click link: the customised link replaces the one made on opening. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as v from 'valibot';
import { PROTOCOL } from '../../../lib/messaging/protocol';
import { createQueueStore } from '../../../lib/queue/store';
import { networkDown } from '../fixtures/fake-service';
import { connectedPopupHandlers } from '../fixtures/popup-handlers';
import { BASE_URL, WORKSPACE } from '../fixtures/wire';

const store = createQueueStore();
const scope = { baseUrl: BASE_URL, workspaceId: WORKSPACE };
const PAGE = 'http://127.0.0.1:9/article';

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
});

async function setup() {
  return connectedPopupHandlers(store);
}

async function oneClick(shorten: (r: unknown) => Promise<unknown>) {
  const first = (await shorten({ url: PAGE, keywordType: 'HASH' })) as { status: 'done'; link: { linkId: string; shortUrl: string } };
  expect(first.status).toBe('done');
  return first.link;
}

describe('a customised link replaces the link the popup just made', () => {
  it('the one-click link had no clicks: deleted once the custom one exists, and gone from the cache', async () => {
    const { service, cache, shorten } = await setup();
    const auto = await oneClick(shorten);
    const answer = await shorten({ url: PAGE, keywordType: 'CUSTOM', keyword: 'spring', force: true, tags: ['launch'], replaces: auto.linkId });
    expect(answer).toMatchObject({ status: 'done', link: { shortUrl: 'http://127.0.0.1:8787/spring' }, replaced: { outcome: 'deleted', shortUrl: auto.shortUrl } });
    expect(service.links().map((l) => l.shortUrl)).toEqual(['http://127.0.0.1:8787/spring']);
    expect(service.sent('PATCH', '/link').at(-1)?.body).toEqual({ workspaceId: WORKSPACE, linkId: auto.linkId, deleteLink: true });
    expect((await cache.recent(scope)).map((l) => l.linkId)).not.toContain(auto.linkId);
    expect((await cache.lookup(scope, PAGE))?.shortUrl).toBe('http://127.0.0.1:8787/spring');
  });

  it('the one-click link was already followed: kept, and the answer says so', async () => {
    const { service, shorten } = await setup();
    const auto = await oneClick(shorten);
    service.click(auto.linkId);
    const answer = await shorten({ url: PAGE, keywordType: 'CUSTOM', keyword: 'spring', force: true, replaces: auto.linkId });
    expect(answer).toMatchObject({ status: 'done', replaced: { outcome: 'kept-clicks' } });
    expect(service.links()).toHaveLength(2);
    expect(service.sent('PATCH', '/link')).toHaveLength(0);
  });

  it('never deletes a link for another page, nor one it cannot find', async () => {
    const { service, shorten } = await setup();
    const auto = await oneClick(shorten);
    const elsewhere = await shorten({ url: 'http://127.0.0.1:9/other', keywordType: 'CUSTOM', keyword: 'other', force: true, replaces: auto.linkId });
    expect(elsewhere).not.toHaveProperty('replaced');
    const unknown = await shorten({ url: PAGE, keywordType: 'CUSTOM', keyword: 'third', force: true, replaces: 'lnk_404' });
    expect(unknown).not.toHaveProperty('replaced');
    expect(service.links()).toHaveLength(3);
  });

  it('the keyword is taken: nothing is made, nothing deleted', async () => {
    const { service, shorten } = await setup();
    const auto = await oneClick(shorten);
    service.takeKeyword('spring');
    expect(await shorten({ url: PAGE, keywordType: 'CUSTOM', keyword: 'spring', force: true, replaces: auto.linkId })).toMatchObject({ status: 'keyword-taken' });
    expect(service.links()).toHaveLength(1);
  });

  it('the delete fails: the old link is kept and said to be', async () => {
    const { service, shorten } = await setup();
    const auto = await oneClick(shorten);
    service.fail('PATCH', '/link', networkDown);
    const answer = await shorten({ url: PAGE, keywordType: 'CUSTOM', keyword: 'spring', force: true, replaces: auto.linkId });
    expect(answer).toMatchObject({ status: 'done', replaced: { outcome: 'kept-unknown', shortUrl: auto.shortUrl } });
    expect(service.links()).toHaveLength(2);
  });

  it('the page may send tags and the link it replaces (the protocol carries both)', () => {
    expect(v.safeParse(PROTOCOL.shorten.request, { url: PAGE, tags: ['a'], replaces: 'lnk_1' }).success).toBe(true);
  });
});
