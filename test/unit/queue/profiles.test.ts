/**
 * A queued item replays against the profile it was made under, with that
 * profile's service and token, even after the user switched to another
 * profile; what it makes lands in that profile's lists only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createProfileClients } from '../../../lib/background/queue/profile-clients';
import { PROFILE_DELETED, PROFILE_REPOINTED } from '../../../lib/queue/queue-error-text';
import { createFinishedWork } from '../../../lib/background/queue/finished-work';
import { createLinkCache } from '../../../lib/storage/links';
import { createQueueRunner } from '../../../lib/queue/queue';
import { createQueueStore } from '../../../lib/queue/store';
import { deleteProfile, getConnection, getPreferences, getProfileConnection, storeProfile, switchProfile } from '../../../lib/storage/settings';
import { createShortener } from '../../../lib/background/links/shorten';
import { fakeService, networkDown } from '../fixtures/fake-service';

const store = createQueueStore();
const A = { id: 'a', name: 'Work', baseUrl: 'http://a.test/api', token: 'tok_a', workspaceId: 'alpha' };
const B = { id: 'b', name: 'Home', baseUrl: 'http://b.test/api', token: 'tok_b', workspaceId: 'beta' };
let clock = Date.parse('2026-11-22T05:00:00Z');

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
  await storeProfile(A, true);
  await storeProfile(B, false);
});

function setup() {
  const service = fakeService();
  const cache = createLinkCache();
  const recordFinished = createFinishedWork({ cache, getConnection });
  const queue = createQueueRunner({
    getClient: createProfileClients({ getConnection, getProfileConnection, fetch: service.fetch }),
    now: () => clock,
    random: () => 0.5,
    locks: null,
    store,
    probeDelaysMs: [],
    onDone: (item, result) => recordFinished(item, result),
  });
  const shortener = createShortener({ runNow: queue.runNow, cache, settings: { getConnection, getPreferences } });
  return { service, cache, queue, shortener };
}

describe('queued work and profiles', () => {
  it('a link queued under A replays to A, with A’s token, after switching to B; it shows only in A’s list', async () => {
    const { service, cache, queue, shortener } = setup();
    service.fail('POST', '/link', networkDown);
    expect(await shortener.shorten({ url: 'https://example.com/a' })).toMatchObject({ status: 'queued' });
    const [item] = await queue.list();
    expect(item?.profile).toEqual({ id: 'a', baseUrl: A.baseUrl, workspaceId: 'alpha' });
    expect(JSON.stringify(item)).not.toContain('tok_a');

    await switchProfile('b');
    clock += 10 * 60_000;
    const report = await queue.replay();
    expect(report).toMatchObject({ done: 1, remaining: 0 });

    const replayed = service.calls.filter((c) => c.method === 'POST').at(-1);
    expect(replayed?.url).toBe(`${A.baseUrl}/link`);
    expect(replayed?.headers.authorization).toBe('Bearer tok_a');
    expect((replayed?.body as { workspaceId: string }).workspaceId).toBe('alpha');
    expect((await cache.recent({ baseUrl: A.baseUrl, workspaceId: 'alpha' })).map((l) => l.longUrl)).toEqual(['https://example.com/a']);
    expect(await cache.recent({ baseUrl: B.baseUrl, workspaceId: 'beta' })).toEqual([]);
  });

  it("one profile's unreachable service does not hold back another profile's items", async () => {
    const { service, queue, shortener } = setup();
    service.fail('POST', '/link', networkDown, 2);
    await shortener.shorten({ url: 'https://example.com/a' });
    await switchProfile('b');
    await shortener.shorten({ url: 'https://example.com/b' });
    // At replay A's (older) item meets its service still down; B's service answers.
    clock += 10 * 60_000;
    service.fail('POST', '/link', networkDown, 1);
    const report = await queue.replay();
    expect(report).toMatchObject({ done: 1, retried: 1 });
    const posts = service.calls.filter((c) => c.method === 'POST').slice(-2).map((c) => c.url);
    expect(posts).toEqual([`${A.baseUrl}/link`, `${B.baseUrl}/link`]);
    const left = await queue.list();
    expect(left.map((i) => i.profile?.id)).toEqual(['a']);
  });

  it('an item whose profile was deleted is never sent elsewhere: it waits in the failed list', async () => {
    const { service, queue, shortener } = setup();
    service.fail('POST', '/link', networkDown);
    await shortener.shorten({ url: 'https://example.com/a' });
    await switchProfile('b');
    await deleteProfile('a');
    clock += 10 * 60_000;
    const before = service.calls.length;
    await queue.replay();
    expect(service.calls.length).toBe(before);
    const [item] = await queue.list();
    expect(item).toMatchObject({ state: 'failed', lastError: { code: PROFILE_DELETED } });
  });

  it('an item made for A’s old address is not sent once A points elsewhere: it waits, saying where it was made for', async () => {
    const { service, queue, shortener } = setup();
    service.fail('POST', '/link', networkDown);
    await shortener.shorten({ url: 'https://example.com/a' });
    // The user re-points A (or an import did, before it no longer could): another service, another token.
    await storeProfile({ ...A, baseUrl: 'http://moved.test/api', token: 'tok_moved' }, true);
    clock += 10 * 60_000;
    const before = service.calls.length;
    await queue.replay();
    expect(service.calls.length).toBe(before);
    const [item] = await queue.list();
    expect(item).toMatchObject({ state: 'failed', lastError: { code: PROFILE_REPOINTED, values: ['a.test', 'moved.test'] } });
  });

  it('in one pass, items of one profile made before and after it moved each go only where they were made for', async () => {
    const { service, queue, shortener } = setup();
    service.fail('POST', '/link', networkDown, 2);
    await shortener.shorten({ url: 'https://example.com/old' });
    await storeProfile({ ...A, baseUrl: 'http://moved.test/api', token: 'tok_moved' }, true);
    await shortener.shorten({ url: 'https://example.com/new' });
    clock += 10 * 60_000;
    const before = service.calls.length;
    await queue.replay();
    const sent = service.calls.slice(before).map((c) => [c.method, c.url, c.headers.authorization, (c.body as { longUrl?: string }).longUrl]);
    expect(sent).toEqual([['POST', 'http://moved.test/api/link', 'Bearer tok_moved', 'https://example.com/new']]);
    const left = await queue.list();
    expect(left.map((i) => [i.kind === 'create-link' ? i.payload.body.longUrl : '', i.state, i.lastError?.code])).toEqual([
      ['https://example.com/old', 'failed', PROFILE_REPOINTED],
    ]);
  });

  it('pointed back, the waiting item is sent to the address it was made for on a retry', async () => {
    const { service, queue, shortener } = setup();
    service.fail('POST', '/link', networkDown);
    await shortener.shorten({ url: 'https://example.com/a' });
    await storeProfile({ ...A, baseUrl: 'http://moved.test/api', token: 'tok_moved' }, true);
    clock += 10 * 60_000;
    await queue.replay();
    await storeProfile(A, true);
    const [item] = await queue.list();
    await queue.retryNow(item?.id);
    expect(await queue.list()).toEqual([]);
    expect(service.calls.at(-1)).toMatchObject({ method: 'POST', url: `${A.baseUrl}/link`, headers: { authorization: 'Bearer tok_a' } });
  });
});
