/** The queue's guarantees under failure: crashes, compound work, concurrent replayers. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '../../../lib/api/client';
import { createQueueRunner, type QueueRunnerDeps } from '../../../lib/queue/queue';
import type { LockManagerLike } from '../../../lib/queue/lock';
import { createQueueStore } from '../../../lib/queue/store';
import { hang } from '../fixtures/fake-fetch';
import { fakeService, status } from '../fixtures/fake-service';
import { WORKSPACE } from '../fixtures/wire';

const store = createQueueStore();
const T0 = Date.parse('2026-11-22T05:00:00Z');

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
});

function runner(client: ApiClient, over: Partial<QueueRunnerDeps> = {}) {
  return createQueueRunner({ getClient: () => client, now: () => T0, random: () => 0, locks: null, store, probeDelaysMs: [], ...over });
}

const createPayload = (tags?: string[]) => ({
  body: { workspaceId: WORKSPACE, keywordType: 'HASH' as const, longUrl: 'https://example.com/a', customDomain: null },
  ...(tags ? { tags } : {}),
  copy: true,
  notify: true,
});

/** Lets the microtask and timer queues drain, so a "dying" runner gets as far as it can. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a crash between send and delete', () => {
  it('a new runner sends again with the same idempotency key, and the service makes one link', async () => {
    const service = fakeService();
    // Runner A's create reaches the service, but A dies before it reads the answer.
    const dying: ApiClient = {
      ...service.client,
      createLink: (body, opts) => service.client.createLink(body, opts).then(() => hang<never>()),
    };
    const a = runner(dying);
    const item = await a.enqueue('create-link', createPayload(), { idempotencyKey: 'k-123' });
    void a.replay();
    await vi.waitFor(() => expect(service.sent('POST', '/link')).toHaveLength(1));
    await settle();
    expect((await store.all())[0]).toMatchObject({ id: item.id, attempts: 1, progress: null });

    // The worker restarts: a fresh runner over the same database.
    const onDone = vi.fn();
    const b = runner(service.client, { onDone });
    const report = await b.replay();
    expect(report).toMatchObject({ done: 1, remaining: 0 });
    const posts = service.sent('POST', '/link');
    expect(posts.map((p) => p.headers['idempotency-key'])).toEqual(['k-123', 'k-123']);
    expect(service.linkCount()).toBe(1);
    expect(onDone.mock.calls[0]![1]).toMatchObject({ link: { linkId: 'lnk_1', shortUrl: 'http://127.0.0.1:8787/k1' } });
    expect(await store.all()).toEqual([]);
  });
});

describe('compound work remembers how far it got', () => {
  it('create ok, tags fail retryably → the retry only sets the tags', async () => {
    const service = fakeService();
    const onDone = vi.fn();
    const q = runner(service.client, { onDone });
    await q.enqueue('create-link', createPayload(['news', 'blog']));
    service.fail('PATCH', '/link', status(503));
    expect(await q.replay()).toMatchObject({ done: 0, retried: 1 });
    const [item] = await store.all();
    expect(item).toMatchObject({ attempts: 1, progress: { linkId: 'lnk_1', shortUrl: 'http://127.0.0.1:8787/k1' } });

    expect(await q.replay()).toMatchObject({ done: 1 });
    expect(service.sent('POST', '/link')).toHaveLength(1);
    const patches = service.sent('PATCH', '/link');
    expect(patches).toHaveLength(2);
    expect(patches[1]!.body).toEqual({ workspaceId: WORKSPACE, linkId: 'lnk_1', tags: ['news', 'blog'] });
    expect(onDone.mock.calls[0]![1]).toMatchObject({ link: { linkId: 'lnk_1', tags: ['news', 'blog'], longUrl: 'https://example.com/a' } });
  });

  it('a crash after the create step was saved resumes at the tags', async () => {
    const service = fakeService();
    const dying: ApiClient = { ...service.client, updateLink: () => hang<never>() };
    const a = runner(dying);
    await a.enqueue('create-link', createPayload(['x']));
    void a.replay();
    await vi.waitFor(async () => expect((await store.all())[0]!.progress).toMatchObject({ linkId: 'lnk_1' }));

    await runner(service.client).replay();
    expect(service.sent('POST', '/link')).toHaveLength(1);
    expect(service.sent('PATCH', '/link')).toHaveLength(1);
    expect(await store.all()).toEqual([]);
  });

  it('an item queued with progress (created online, tags failed) only sends the tags', async () => {
    const service = fakeService();
    const q = runner(service.client);
    await q.enqueue('create-link', createPayload(['x']), {
      progress: { linkId: 'lnk_7', shortUrl: 'http://s/7', createdDate: '2026-11-22T05:00:00.000Z' },
    });
    await q.replay();
    expect(service.sent('POST', '/link')).toHaveLength(0);
    expect(service.sent('PATCH', '/link')[0]!.body).toMatchObject({ linkId: 'lnk_7' });
  });

  it('retrying a failed tags step keeps the key of the create that already happened', async () => {
    const service = fakeService();
    const q = runner(service.client);
    const item = await q.enqueue('create-link', createPayload(['bad']), { idempotencyKey: 'k-1' });
    service.fail('PATCH', '/link', status(400, 'INVALID_TAG'));
    await q.replay();
    expect((await store.all())[0]).toMatchObject({ state: 'failed', progress: { linkId: 'lnk_1' } });
    await q.retryNow(item.id);
    expect(service.sent('POST', '/link')).toHaveLength(1);
    expect(service.linkCount()).toBe(1);
  });
});

describe('one replayer at a time', () => {
  /** Slows every answer so two replays overlap for real. */
  function slow(client: ApiClient): ApiClient {
    return { ...client, createTag: async (body, opts) => { await new Promise((r) => setTimeout(r, 5)); return client.createTag(body, opts); } };
  }

  it('two concurrent replay() calls in one context send each item once', async () => {
    const service = fakeService();
    const q = runner(slow(service.client));
    for (const t of ['a', 'b', 'c']) await q.enqueue('create-tag', { workspaceId: WORKSPACE, tag: t });
    const [r1, r2] = await Promise.all([q.replay(), q.replay()]);
    expect(service.calls.map((c) => (c.body as { tag: string }).tag)).toEqual(['a', 'b', 'c']);
    expect(r1.done + (r1 === r2 ? 0 : r2.done)).toBe(3);
  });

  it('a replay asked for during a pass picks up items enqueued meanwhile', async () => {
    const service = fakeService();
    const q = runner(slow(service.client));
    await q.enqueue('create-tag', { workspaceId: WORKSPACE, tag: 'a' });
    const first = q.replay();
    await q.enqueue('create-tag', { workspaceId: WORKSPACE, tag: 'b' });
    const second = q.replay();
    await Promise.all([first, second]);
    expect(service.calls.map((c) => (c.body as { tag: string }).tag)).toEqual(['a', 'b']);
  });

  it('two contexts sharing Web Locks: the second skips, each item is sent once', async () => {
    const held = new Set<string>();
    const locks: LockManagerLike = {
      async request(name, _opts, callback) {
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    const service = fakeService();
    const a = runner(slow(service.client), { locks });
    const b = runner(slow(service.client), { locks });
    for (const t of ['a', 'b', 'c']) await a.enqueue('create-tag', { workspaceId: WORKSPACE, tag: t });
    const [ra, rb] = await Promise.all([a.replay(), b.replay()]);
    expect(service.calls).toHaveLength(3);
    expect(ra).toMatchObject({ skipped: false, done: 3 });
    expect(rb).toMatchObject({ skipped: true, done: 0 });
    // Once the lock is free, the other context can replay (nothing left to do).
    expect(await b.replay()).toMatchObject({ skipped: false, done: 0, remaining: 0 });
  });

  it('uses navigator.locks with the documented name when it exists', async () => {
    const request = vi.fn(async (_name: string, _opts: object, cb: (lock: unknown) => Promise<unknown>) => cb({}));
    vi.stubGlobal('navigator', { locks: { request } });
    try {
      const q = createQueueRunner({ getClient: () => fakeService().client, store });
      await q.replay();
      expect(request).toHaveBeenCalledWith('shortlink-queue-replay', { ifAvailable: true }, expect.any(Function));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('an item removed while it is being sent is not brought back', async () => {
    const service = fakeService();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => { release = r; });
    let sending = false;
    const client: ApiClient = {
      ...service.client,
      createTag: async () => {
        sending = true;
        await gate;
        throw new TypeError('late failure');
      },
    };
    const q = runner(client);
    const item = await q.enqueue('create-tag', { workspaceId: WORKSPACE, tag: 'a' });
    const replaying = q.replay();
    await vi.waitFor(() => expect(sending).toBe(true));
    await q.remove(item.id);
    release();
    await replaying;
    expect(await store.all()).toEqual([]);
  });
});
