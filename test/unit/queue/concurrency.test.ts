/**
 * A replay sends several items at once: never more than MAX_IN_FLIGHT, items
 * about the same thing one after the other in the order they were made, a
 * 429 pausing its own profile only, a dead service costing one send, and no
 * read of the whole queue per item.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '../../../lib/api/client';
import { createQueueRunner, type QueueProfile, type QueueRunnerDeps } from '../../../lib/queue/queue';
import { MAX_IN_FLIGHT, MAX_PAUSE_IN_PASS_MS } from '../../../lib/queue/replay';
import { createQueueStore, type QueueStore } from '../../../lib/queue/store';
import { json } from '../fixtures/fake-fetch';
import { fakeService, networkDown, status } from '../fixtures/fake-service';
import { WORKSPACE } from '../fixtures/wire';

const store = createQueueStore();
const T0 = Date.parse('2026-11-22T05:00:00Z');
const A: QueueProfile = { id: 'a', baseUrl: 'http://a.test/api', workspaceId: WORKSPACE };
const B: QueueProfile = { id: 'b', baseUrl: 'http://b.test/api', workspaceId: WORKSPACE };

beforeEach(async () => {
  fakeBrowser.reset();
  await store.clear();
});

interface Sent {
  what: string;
  profile: string;
  startedAt: number;
  /** Requests of the same client in flight when this one started, itself included. */
  alongside: number;
  /** What those others were. */
  others: string[];
  /** Requests of the same client answered before this one started. */
  answeredBefore: number;
}

/**
 * A client whose every request takes a few real milliseconds (a fixed
 * pseudo-random sequence, so sends overlap and finish out of order), and a
 * log of when each started.
 */
function timed(client: ApiClient, profile: string, log: Sent[], clock: { t: number }): ApiClient {
  const inFlight = new Set<string>();
  let answered = 0;
  let n = 0;
  const wrap = <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>, what: (...args: A) => string) =>
    async (...args: A): Promise<R> => {
      const label = `${name} ${what(...args)}`;
      log.push({ what: label, profile, startedAt: clock.t, alongside: inFlight.size + 1, others: [...inFlight], answeredBefore: answered });
      inFlight.add(label);
      n += 1;
      await new Promise((resolve) => setTimeout(resolve, [3, 1, 4, 1, 5, 9, 2, 6][n % 8]));
      try {
        return await fn(...args);
      } finally {
        inFlight.delete(label);
        answered += 1;
      }
    };
  return {
    ...client,
    createTag: wrap('tag', client.createTag, (body) => body.tag),
    updateLink: wrap('patch', client.updateLink, (body) => `${body.linkId} ${body.deleteLink ? 'delete' : (body.tags ?? []).join(',')}`),
    createLink: wrap('link', client.createLink, (body) => body.longUrl),
  };
}

function setup(over: Partial<QueueRunnerDeps> = {}) {
  const clock = { t: T0 };
  const log: Sent[] = [];
  const a = fakeService();
  const b = fakeService();
  const clients = { a: timed(a.client, 'a', log, clock), b: timed(b.client, 'b', log, clock) };
  const queue = createQueueRunner({
    getClient: (profile) => (profile?.id === 'b' ? clients.b : clients.a),
    now: () => clock.t,
    random: () => 0.5,
    locks: null,
    store,
    probeDelaysMs: [],
    sleep: async (ms) => {
      clock.t += ms;
    },
    ...over,
  });
  return { queue, clock, log, a, b };
}

const tag = (name: string) => ({ workspaceId: WORKSPACE, tag: name });

describe('several items in flight', () => {
  it(`never more than ${MAX_IN_FLIGHT} at once, and that many once the service has answered`, async () => {
    const { queue, log, a } = setup();
    for (let i = 0; i < 30; i += 1) await queue.enqueue('create-tag', tag(`t${i}`), { profile: A });
    expect(await queue.replay()).toMatchObject({ done: 30, remaining: 0 });
    expect(a.sent('POST', '/tag')).toHaveLength(30);
    expect(Math.max(...log.map((s) => s.alongside))).toBe(MAX_IN_FLIGHT);
    // The first goes alone: until the service answers once, nobody knows it is there.
    expect(log[1]?.answeredBefore).toBe(1);
  });

  it('a service that is down costs one failed send, not one per slot', async () => {
    const { queue, a } = setup();
    for (let i = 0; i < 10; i += 1) await queue.enqueue('create-tag', tag(`t${i}`), { profile: A });
    a.fail('POST', '/tag', networkDown, 10);
    expect(await queue.replay()).toMatchObject({ done: 0, retried: 1, remaining: 10 });
    expect(a.sent('POST', '/tag')).toHaveLength(1);
  });

  it('changes to one link reach the service one at a time, in the order made; other work overtakes them', async () => {
    const { queue, log, a } = setup();
    await queue.enqueue('update-link', { workspaceId: WORKSPACE, linkId: 'L1', tags: ['first'] }, { profile: A });
    for (let i = 0; i < 4; i += 1) await queue.enqueue('create-tag', tag(`t${i}`), { profile: A });
    await queue.enqueue('update-link', { workspaceId: WORKSPACE, linkId: 'L2', tags: ['other'] }, { profile: A });
    await queue.enqueue('update-link', { workspaceId: WORKSPACE, linkId: 'L1', tags: ['second'] }, { profile: A });
    await queue.enqueue('update-link', { workspaceId: WORKSPACE, linkId: 'L1', deleteLink: true }, { profile: A });
    expect(await queue.replay()).toMatchObject({ done: 8, remaining: 0 });

    const patches = a.sent('PATCH', '/link').map((c) => c.body as { linkId: string; tags?: string[]; deleteLink?: boolean });
    expect(patches.filter((b) => b.linkId === 'L1').map((b) => (b.deleteLink ? 'delete' : b.tags?.join(',')))).toEqual(['first', 'second', 'delete']);
    // Never two of them in flight at once, though other items were beside them.
    const l1 = log.filter((s) => s.what.startsWith('patch L1'));
    for (const sent of l1) expect(sent.others.filter((o) => o.startsWith('patch L1'))).toEqual([]);
    expect(l1.some((sent) => sent.others.length > 0)).toBe(true);
    // Items made after the first change of L1 went before its second.
    const order = log.map((s) => s.what);
    expect(order.indexOf('patch L1 second')).toBeGreaterThan(order.indexOf('patch L2 other'));
  });

  it("compound work: a link's pending tags step and a later change of its tags keep their order", async () => {
    const { queue, a } = setup();
    // Made online, its tags failed: the item holds only the tags step.
    await queue.enqueue('create-link', {
      body: { workspaceId: WORKSPACE, keywordType: 'HASH', longUrl: 'https://example.com/x', customDomain: null },
      tags: ['from-popup'],
    }, { profile: A, progress: { linkId: 'lnk_7', shortUrl: 'http://s/7', createdDate: '2026-11-22T05:00:00.000Z' } });
    await queue.enqueue('update-link', { workspaceId: WORKSPACE, linkId: 'lnk_7', tags: ['changed-later'] }, { profile: A });
    for (let i = 0; i < 5; i += 1) await queue.enqueue('create-tag', tag(`t${i}`), { profile: A });
    await queue.replay();
    expect(a.sent('POST', '/link')).toHaveLength(0);
    expect(a.sent('PATCH', '/link').map((c) => (c.body as { tags: string[] }).tags)).toEqual([['from-popup'], ['changed-later']]);
  });

  it('a second item of a lane waits for a later pass when the first must wait', async () => {
    const { queue, a } = setup();
    await queue.enqueue('update-link', { workspaceId: WORKSPACE, linkId: 'L1', tags: ['first'] }, { profile: A });
    await queue.enqueue('update-link', { workspaceId: WORKSPACE, linkId: 'L1', tags: ['second'] }, { profile: A });
    await queue.enqueue('create-tag', tag('other'), { profile: A });
    a.fail('PATCH', '/link', status(500));
    expect(await queue.replay()).toMatchObject({ done: 1, retried: 1, remaining: 2 });
    expect(a.sent('PATCH', '/link').map((c) => (c.body as { tags: string[] }).tags)).toEqual([['first']]);
  });
});

describe('a 429 pauses its profile, and only its profile', () => {
  it('the other profile goes on; the refused one waits out a long Retry-After until the alarm', async () => {
    const { queue, a, b, clock } = setup();
    for (let i = 0; i < 4; i += 1) {
      await queue.enqueue('create-tag', tag(`a${i}`), { profile: A });
      await queue.enqueue('create-tag', tag(`b${i}`), { profile: B });
    }
    const longer = Math.ceil(MAX_PAUSE_IN_PASS_MS / 1000) + 40;
    a.fail('POST', '/tag', status(429, 'RATE_LIMITED', { 'Retry-After': String(longer) }));
    const report = await queue.replay();
    expect(report).toMatchObject({ done: 4, remaining: 4, nextAttemptAt: T0 + longer * 1000 });
    expect(a.sent('POST', '/tag')).toHaveLength(1);
    expect(b.sent('POST', '/tag')).toHaveLength(4);
    expect(clock.t).toBe(T0);
    // Every item of A waits as long as the service asked, not only the one refused.
    expect((await queue.list()).map((i) => i.nextAttemptAt)).toEqual(Array(4).fill(T0 + longer * 1000));
  });

  it('sends nothing of the profile during a short pause, then resumes at full speed', async () => {
    const { queue, a, log } = setup();
    for (let i = 0; i < 30; i += 1) await queue.enqueue('create-tag', tag(`a${i}`), { profile: A });
    // The service answers the first, then refuses the second.
    a.fail('POST', '/tag', (req) => json({ status: true, data: (req.body as { tag: string }).tag }));
    a.fail('POST', '/tag', status(429, 'RATE_LIMITED', { 'Retry-After': '3' }));
    expect(await queue.replay()).toMatchObject({ done: 30, remaining: 0 });
    // Nothing started during the pause: what started after the 429 started when it ended, at full speed.
    const resumed = log.filter((s) => s.startedAt > T0);
    expect(resumed.length).toBeGreaterThan(MAX_IN_FLIGHT);
    expect(resumed.every((s) => s.startedAt === T0 + 3_000)).toBe(true);
    expect(Math.max(...resumed.map((s) => s.alongside))).toBe(MAX_IN_FLIGHT);
    // The refused item went again, after the pause; every other once.
    const tags = a.sent('POST', '/tag').map((c) => (c.body as { tag: string }).tag);
    const twice = tags.filter((t, i) => tags.indexOf(t) !== i);
    expect(twice).toHaveLength(1);
    expect(log.filter((s) => s.what === `tag ${twice[0]}`).map((s) => s.startedAt)).toEqual([T0, T0 + 3_000]);
  });
});

describe('what a pass reads', () => {
  it('the whole queue a few times per pass, never once per item', async () => {
    let reads = 0;
    const counting: QueueStore = {
      ...store,
      all: () => {
        reads += 1;
        return store.all();
      },
    };
    const { queue } = setup({ store: counting });
    for (let i = 0; i < 100; i += 1) await queue.enqueue('create-tag', tag(`t${i}`), { profile: A });
    reads = 0;
    expect(await queue.replay()).toMatchObject({ done: 100 });
    expect(reads).toBeLessThan(10);
  });
});
