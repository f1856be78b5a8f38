/**
 * The background as the browser starts it: createBackground() registers its
 * listeners at once, and a page's message reaches the service through the
 * whole composition (queue, settings, the bound client) and is answered.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '../../../lib/background/create-background';
import { STATS_MENU_ID } from '../../../lib/background/menus/menu-items';
import { createQueueStore } from '../../../lib/queue/store';
import { storeProfile } from '../../../lib/storage/settings';
import { useCatalogue } from '../fixtures/catalogue';
import { fakeFetch, json, type Responder } from '../fixtures/fake-fetch';
import { fakeService } from '../fixtures/fake-service';
import { BASE_URL, createLinkData, linkRecord, pageInfo, TOKEN, WORKSPACE } from '../fixtures/wire';

const A = { id: 'a', name: 'Work', baseUrl: 'http://a.test/api', token: 'tok_a', workspaceId: 'alpha' };
const B = { id: 'b', name: 'Home', baseUrl: 'http://b.test/api', token: 'tok_b', workspaceId: 'beta' };

/** The APIs the fake browser leaves out, stubbed where the background touches them. */
function stubMissingApis() {
  const menuClicks = vi.fn();
  const commands = vi.fn();
  vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation((_item, done) => (done?.(), 'made'));
  const menuUpdates = vi.spyOn(fakeBrowser.contextMenus, 'update').mockResolvedValue(undefined);
  vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
  vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(menuClicks);
  vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(commands);
  // Every service's origin is granted.
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  vi.spyOn(fakeBrowser.permissions.onRemoved, 'addListener').mockImplementation(() => undefined);
  vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => undefined);
  // Node has no window events; the queue listens for `online`.
  vi.stubGlobal('addEventListener', () => undefined);
  return { menuClicks, commands, menuUpdates };
}

/** A message as one of the extension's pages sends it. */
async function send(type: string, data: unknown = {}): Promise<unknown> {
  const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };
  const replies = await fakeBrowser.runtime.onMessage.trigger({ type, data }, sender);
  return replies.find((r) => r !== undefined);
}

beforeEach(async () => {
  fakeBrowser.reset();
  useCatalogue();
  await createQueueStore().clear();
});

// Mocks are not restored: a background has no stop, and those of earlier tests still follow storage.
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createBackground', () => {
  it('registers its listeners synchronously, before anything is awaited', () => {
    const { menuClicks, commands } = stubMissingApis();
    const events = [fakeBrowser.runtime.onMessage, fakeBrowser.alarms.onAlarm, fakeBrowser.runtime.onInstalled, fakeBrowser.runtime.onStartup];
    const added = events.map((event) => vi.spyOn(event, 'addListener').mockClear());
    createBackground();
    // onAlarm twice: the queue's replays, and the destination check's runs (lib/background/watch/).
    // onInstalled twice: the context menus, and the first run's welcome page (lib/background/first-run.ts).
    expect(added.map((addListener) => addListener.mock.calls.length)).toEqual([1, 2, 2, 1]);
    // One listener for every menu click (shorten, bulk, "Show stats"), and the shortcut.
    expect(menuClicks).toHaveBeenCalledOnce();
    expect(commands).toHaveBeenCalledOnce();
  });

  it("answers a page's getSettings, and nothing from another sender", async () => {
    stubMissingApis();
    await storeProfile({ id: 'p', name: 'Work', baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE }, true);
    createBackground();
    expect(await send('getSettings')).toMatchObject({
      ok: true,
      value: { connection: { baseUrl: BASE_URL, workspaceId: WORKSPACE }, preferences: { autoShorten: true } },
    });
    const stranger = await fakeBrowser.runtime.onMessage.trigger({ type: 'getSettings', data: {} }, { id: 'another-extension' });
    expect(stranger.every((r) => r === undefined)).toBe(true);
  });

  it('shortens through the queue and the service, with the active profile’s token', async () => {
    stubMissingApis();
    const service = fakeService();
    vi.stubGlobal('fetch', service.fetch);
    await storeProfile({ id: 'p', name: 'Work', baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE }, true);
    createBackground();
    const reply = await send('shorten', { url: 'https://example.com/a' });
    expect(reply).toMatchObject({ ok: true, value: { status: 'done', fromCache: false, link: { longUrl: 'https://example.com/a' } } });
    const [post] = service.sent('POST', '/link');
    expect(post?.url).toBe(`${BASE_URL}/link`);
    expect(post?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("a service's tags beyond the rules for typed tags are listed, chosen, kept on a link and sent back as they came (issue 19, item 7)", async () => {
    stubMissingApis();
    const service = fakeService();
    vi.stubGlobal('fetch', service.fetch);
    await storeProfile({ id: 'p', name: 'Work', baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE }, true);
    const odd = ['sum\u200bmer', 'x'.repeat(60)];
    service.setTagList(['news', ...odd]);
    createBackground();

    expect(await send('listTags')).toEqual({ ok: true, value: { status: 'done', tags: ['news', ...odd] } });
    const made = await send('shorten', { url: 'https://example.com/odd', tags: odd, force: true });
    expect(made).toMatchObject({ ok: true, value: { status: 'done' } });
    const { linkId } = (made as { value: { link: { linkId: string } } }).value.link;
    // The customise panel starts from the link's own tags, odd ones too, and one is removed: the other stays as it was.
    expect(await send('linkTags', { linkId })).toEqual({ ok: true, value: { tags: odd } });
    expect(await send('setLinkTags', { linkId, tags: [odd[0]] })).toEqual({ ok: true, value: { status: 'done', tags: [odd[0]] } });
    expect(service.sent('PATCH', '/link').map((c) => c.body)).toEqual([
      { workspaceId: WORKSPACE, linkId, tags: odd },
      { workspaceId: WORKSPACE, linkId, tags: [odd[0]] },
    ]);
  });

  it("a switch to profile B while A's operation waits on the service: A's next request still goes to A, with A's token", async () => {
    const { menuUpdates } = stubMissingApis();
    let release: () => void = () => undefined;
    const listed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const records = { mandatory: { recordType: 'TXT', hostname: '_shortlink-challenge.go.example.org', pointsTo: 'f'.repeat(64) }, optional: { recordType: 'A', hostname: 'go.example.org', pointsTo: '203.0.113.7' } };
    const responder: Responder = async (req) => {
      const { origin, pathname } = new URL(req.url);
      if (origin === 'http://a.test' && pathname === '/api/customDomain' && req.method === 'GET') {
        // A's list of domains (the connect's first step) answers only once B is active.
        await listed;
        return json({ status: true, data: { pageInfo: pageInfo(0), list: [] } });
      }
      if (req.method === 'POST') return json({ status: true, data: { linkId: 'dom_9', ...records } });
      return json({ status: true, data: { pageInfo: pageInfo(0), list: [] } });
    };
    const fake = fakeFetch(responder);
    vi.stubGlobal('fetch', fake.fetch);
    await storeProfile(A, true);
    await storeProfile(B, false);
    createBackground();

    const connecting = send('connectDomain', { domain: 'go.example.org', idempotencyKey: 'key-1' });
    await vi.waitFor(() => expect(fake.calls.some((c) => c.url.startsWith('http://a.test/api/customDomain'))).toBe(true));
    expect(await send('switchProfile', { id: 'b' })).toEqual({ ok: true, value: { ok: true } });
    release();

    expect(await connecting).toMatchObject({ ok: true, value: { status: 'done', id: 'dom_9' } });
    const post = fake.calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('http://a.test/api/customDomain');
    expect(post?.headers.authorization).toBe('Bearer tok_a');
    expect(post?.body).toEqual({ workspaceId: 'alpha', domain: 'go.example.org' });
    // Work begun after the switch is B's: "Show stats" follows B, asking B's service with B's token.
    await vi.waitFor(() =>
      expect(menuUpdates).toHaveBeenCalledWith(STATS_MENU_ID, expect.objectContaining({ targetUrlPatterns: expect.arrayContaining(['*://b.test/*']) })),
    );
    expect(fake.calls.filter((c) => c.url.startsWith('http://b.test/')).map((c) => c.headers.authorization)).toEqual(['Bearer tok_b']);
  });

  it("a switch to B while A's customised link is being made: the one-click link is looked up and deleted on A, with A's token", async () => {
    stubMissingApis();
    let release: () => void = () => undefined;
    const made = new Promise<void>((resolve) => {
      release = resolve;
    });
    const target = 'https://example.com/article';
    const old = linkRecord({ _id: 'lnk_auto', workspaceId: 'alpha', longUrl: target, shortUrl: 'http://a.test/auto' });
    const responder: Responder = async (req) => {
      const { origin, pathname } = new URL(req.url);
      if (origin !== 'http://a.test') return json({ status: true, data: { pageInfo: pageInfo(0), list: [] } });
      if (req.method === 'POST' && pathname === '/api/link') {
        // A's service answers the customised link only once B is active.
        await made;
        return json({ status: true, data: createLinkData({ linkId: 'lnk_custom', shortUrl: 'http://a.test/spring' }) });
      }
      if (req.method === 'PATCH') return json({ status: true, data: { ...old, linkActive: false } });
      return json({ status: true, data: { pageInfo: pageInfo(1), list: [old] } });
    };
    const fake = fakeFetch(responder);
    vi.stubGlobal('fetch', fake.fetch);
    await storeProfile(A, true);
    await storeProfile(B, false);
    createBackground();

    const customising = send('shorten', { url: target, keywordType: 'CUSTOM', keyword: 'spring', force: true, replaces: 'lnk_auto' });
    await vi.waitFor(() => expect(fake.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await send('switchProfile', { id: 'b' })).toEqual({ ok: true, value: { ok: true } });
    release();

    expect(await customising).toMatchObject({ ok: true, value: { status: 'done', replaced: { outcome: 'deleted', shortUrl: 'http://a.test/auto' } } });
    const toA = fake.calls.filter((c) => c.url.startsWith('http://a.test/')).map((c) => [c.method, new URL(c.url).pathname, c.headers.authorization]);
    expect(toA).toEqual([
      ['POST', '/api/link', 'Bearer tok_a'],
      ['GET', '/api/link', 'Bearer tok_a'],
      ['PATCH', '/api/link', 'Bearer tok_a'],
    ]);
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ workspaceId: 'alpha', linkId: 'lnk_auto', deleteLink: true });
    // B's service hears only what follows B itself ("Show stats" reading B's domains), never A's link.
    const toB = fake.calls.filter((c) => c.url.startsWith('http://b.test/'));
    expect(toB.map((c) => [c.method, new URL(c.url).pathname, c.headers.authorization])).toEqual(toB.map(() => ['GET', '/api/customDomain', 'Bearer tok_b']));
  });
});
