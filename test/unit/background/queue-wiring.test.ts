/** The background's queue triggers: opening a page sends what waits at once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PAGE_OPENED_QUIET_MS, wireQueue } from '../../../lib/background/queue/queue-wiring';
import { createQueueRunner, queueStatusItem } from '../../../lib/queue/queue';
import { createQueueStore } from '../../../lib/queue/store';
import { useCatalogue } from '../fixtures/catalogue';
import { hang } from '../fixtures/fake-fetch';
import { fakeService, networkDown, status } from '../fixtures/fake-service';
import { WORKSPACE } from '../fixtures/wire';

const store = createQueueStore();
const tag = (name: string) => ({ workspaceId: WORKSPACE, tag: name });
const sentTags = (service: ReturnType<typeof fakeService>) => service.sent('POST', '/tag').map((c) => (c.body as { tag: string }).tag);

beforeEach(async () => {
  fakeBrowser.reset();
  useCatalogue();
  await store.clear();
  // Node has no window events; the wiring listens for `online`.
  vi.stubGlobal('addEventListener', () => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function setup() {
  const service = fakeService();
  const queue = createQueueRunner({ getClient: () => service.client, random: () => 0.999, locks: null, store, probeDelaysMs: [] });
  const onError = vi.fn();
  const wiring = wireQueue(queue, onError);
  // The worker-start replay.
  await vi.waitFor(async () => expect(await fakeBrowser.alarms.getAll()).toBeDefined());
  return { service, queue, wiring, onError };
}

describe('status for the options page', () => {
  it('an item its caller is sending right now is not listed as waiting; once it failed, it is', async () => {
    const { service, queue, wiring } = await setup();
    let fail: () => void = () => undefined;
    service.fail('POST', '/tag', () => new Promise<Response>((_resolve, reject) => { fail = () => reject(new TypeError('Failed to fetch')); }));
    const run = queue.runNow('create-tag', tag('t'), { idempotencyKey: 'k' });
    await vi.waitFor(() => expect(sentTags(service)).toEqual(['t']));
    expect(await wiring.status()).toEqual({ items: [], pausedForAuth: false });
    fail();
    expect(await run).toMatchObject({ status: 'queued' });
    expect((await wiring.status()).items).toEqual([
      expect.objectContaining({ work: { kind: 'create-tag', tag: 't' }, state: 'pending', attempts: 1, lastError: 'Could not reach the service.' }),
    ]);
  });
});

describe('Retry now on one item', () => {
  it('sends that item only, a refused one included; the others keep their wait', async () => {
    const { service, queue, wiring } = await setup();
    service.fail('POST', '/tag', status(400, 'INVALID_TAG'));
    await queue.enqueue('create-tag', tag('refused'));
    await wiring.replay();
    service.fail('POST', '/tag', networkDown);
    await queue.enqueue('create-tag', tag('a'));
    await queue.enqueue('create-tag', tag('b'));
    await wiring.replay();
    const [refused, a] = await queue.list();
    const before = sentTags(service).length;

    const afterA = await wiring.retryNow(a?.id);
    expect(sentTags(service).slice(before)).toEqual(['a']);
    expect(afterA.items.map((i) => i.work)).toEqual([{ kind: 'create-tag', tag: 'refused' }, { kind: 'create-tag', tag: 'b' }]);

    const afterRefused = await wiring.retryNow(refused?.id);
    expect(sentTags(service).slice(before)).toEqual(['a', 'refused']);
    expect(afterRefused.items.map((i) => i.work)).toEqual([{ kind: 'create-tag', tag: 'b' }]);
  });
});

describe('pageOpened', () => {
  it('sends pending items now, not when their backoff said; leaves held and failed ones', async () => {
    const { service, queue, wiring, onError } = await setup();
    // One the service refused: it waits for the user.
    service.fail('POST', '/tag', status(400, 'INVALID_TAG'));
    await queue.enqueue('create-tag', tag('refused'));
    await wiring.replay();
    // Two items that failed while the service was down, waiting out their backoff.
    service.fail('POST', '/tag', networkDown);
    await queue.enqueue('create-tag', tag('a'));
    await queue.enqueue('create-tag', tag('b'));
    await wiring.replay();
    const waiting = await queue.list();
    expect(waiting.filter((i) => i.state === 'pending').every((i) => i.nextAttemptAt > Date.now())).toBe(true);
    // A shorten being sent by its caller right now.
    service.fail('POST', '/tag', () => hang());
    void queue.runNow('create-tag', tag('held'), { idempotencyKey: 'k' });
    await vi.waitFor(() => expect(sentTags(service)).toContain('held'));

    await wiring.pageOpened();
    expect(sentTags(service)).toEqual(['refused', 'a', 'held', 'a', 'b']);
    expect((await queue.list()).map((i) => [(i.payload as { tag: string }).tag, i.state])).toEqual([['refused', 'failed'], ['held', 'pending']]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a page that asks again and again (every status change) does not resend in a loop', async () => {
    const { service, queue, wiring } = await setup();
    service.fail('POST', '/tag', networkDown, 3);
    await queue.enqueue('create-tag', tag('a'));
    await wiring.replay();
    expect(sentTags(service)).toHaveLength(1);
    await wiring.pageOpened();
    await wiring.pageOpened();
    expect(sentTags(service)).toHaveLength(2);
    // After the quiet spell, a page that opens sends at once again.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + PAGE_OPENED_QUIET_MS + 1);
    await wiring.pageOpened();
    expect(sentTags(service)).toHaveLength(3);
  });

  it('with nothing waiting it writes nothing: a popup opening costs the background one read', async () => {
    const { queue, wiring } = await setup();
    await wiring.replay();
    const send = vi.spyOn(queue, 'sendPendingNow');
    const before = await queueStatusItem.getValue();
    await wiring.pageOpened();
    expect(send).not.toHaveBeenCalled();
    expect(await queueStatusItem.getValue()).toEqual(before);
  });

  it('never rejects: a failure goes to onError', async () => {
    const { queue, wiring, onError } = await setup();
    vi.spyOn(queue, 'list').mockRejectedValue(new Error('storage is gone'));
    await expect(wiring.pageOpened()).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'storage is gone' }));
  });
});

describe('opening the popup or the options page retries at once', () => {
  it('popupState and queueStatus call pageOpened without waiting for it', async () => {
    const { createPopupHandlers } = await import('../../../lib/background/handlers');
    const { createQueueHandlers } = await import('../../../lib/background/queue/queue-wiring');
    const { getConnection, getPreferences } = await import('../../../lib/storage/settings');
    const never = new Promise<void>(() => undefined);
    const queue = {
      pageOpened: vi.fn(() => never),
      status: vi.fn(async () => ({ items: [], pausedForAuth: false })),
    };
    const handlers = {
      ...createPopupHandlers({
        settings: { getConnection, getPreferences },
        shortener: { shorten: vi.fn() },
        cache: { lookup: vi.fn(), recent: vi.fn(), forget: vi.fn() },
        queue,
        reach: vi.fn(),
      }),
      ...createQueueHandlers(queue as unknown as Parameters<typeof createQueueHandlers>[0]),
    };
    // Both answer although the send they started never ends.
    await expect(handlers.queueStatus({})).resolves.toEqual({ items: [], pausedForAuth: false });
    expect(queue.pageOpened).toHaveBeenCalledTimes(1);
    await expect(handlers.popupState({})).resolves.toMatchObject({ configured: false });
    expect(queue.pageOpened).toHaveBeenCalledTimes(2);
  });
});
