/**
 * A worker stopped in the middle of a batch of sends, at any point: fast-check
 * orders the requests and answers of a replay with several items in flight
 * (some answered 429 or 503, some made of two steps), stops the worker after
 * a number of those steps (requests in flight then may or may not have been
 * carried out, their answers are lost, and nothing more is written), and a
 * new worker replays what is left over the same database. Every item must be
 * made exactly once (the service honours Idempotency-Key, as docs/design.md says),
 * and nothing left behind.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '../../../lib/api/client';
import { createQueueRunner } from '../../../lib/queue/queue';
import { createQueueStore, type QueueStore } from '../../../lib/queue/store';
import { json } from '../fixtures/fake-fetch';
import { fakeService } from '../fixtures/fake-service';
import { BASE_URL, TOKEN, WORKSPACE, errorBody } from '../fixtures/wire';

const store = createQueueStore();
const T0 = Date.parse('2026-11-22T05:00:00Z');

beforeEach(() => {
  fakeBrowser.reset();
});

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);
const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The store as a stopped worker sees it: after the stop nothing more is read
 * or written; a transaction under way commits (`underWay` counts them, so
 * the next worker starts once they did), but its caller never hears back.
 */
function stoppable(real: QueueStore, stopped: () => boolean, underWay: { n: number }): QueueStore {
  const guard = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (stopped()) return never();
      underWay.n += 1;
      let result: R;
      try {
        result = await fn(...args);
      } finally {
        underWay.n -= 1;
      }
      return stopped() ? never() : result;
    };
  return {
    all: guard(real.all),
    get: guard(real.get),
    put: guard(real.put),
    update: guard(real.update),
    remove: guard(real.remove),
    take: guard(real.take),
    updateWhere: guard(real.updateWhere),
    clear: guard(real.clear),
  };
}

type Answer = 'ok' | '429' | '503';

describe('a worker stopped in the middle of a batch of sends', () => {
  it('every item is made exactly once, whatever the order of answers and the moment of the stop', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 12 }),
        fc.nat({ max: 80 }),
        fc.array(fc.constantFrom<Answer>('ok', 'ok', 'ok', 'ok', 'ok', 'ok', '429', '503'), { maxLength: 24 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        async (s, count, stopAfter, answers, tagged) => {
          await store.clear();
          const service = fakeService();
          let stopped = false;
          const underWay = { n: 0 };
          let requests = 0;
          const clock = { t: T0 };

          // Each request reaching the service and each answer coming back is a step fast-check orders.
          const fetchA: typeof fetch = async (input, init) => {
            await s.schedule(Promise.resolve(), 'request reaches the service');
            if (stopped) return never();
            const answer = answers[requests++] ?? 'ok';
            const response =
              answer === '429'
                ? json(errorBody('RATE_LIMITED', 'slow down'), 429, { 'Retry-After': '1' })
                : answer === '503'
                  ? new Response('', { status: 503 })
                  : await service.fetch(input, init);
            await s.schedule(Promise.resolve(), 'answer comes back');
            return stopped ? never() : response;
          };
          const a = createQueueRunner({
            getClient: () => createApiClient({ baseUrl: BASE_URL, getToken: () => TOKEN, fetch: fetchA }),
            now: () => clock.t,
            random: () => 0.5,
            locks: null,
            store: stoppable(store, () => stopped, underWay),
            onChange: () => undefined,
            probeDelaysMs: [],
            sleep: async (ms) => {
              await s.schedule(Promise.resolve(), `pause ${ms} ms`);
              clock.t += ms;
            },
          });
          const urls = Array.from({ length: count }, (_, i) => `https://example.com/${i}`);
          for (const [i, longUrl] of urls.entries()) {
            await a.enqueue('create-link', {
              body: { workspaceId: WORKSPACE, keywordType: 'HASH', longUrl, customDomain: null },
              ...(tagged[i] ? { tags: ['t'] } : {}),
            });
          }

          let finished = false;
          a.replay().then(
            () => (finished = true),
            () => (finished = true),
          );
          for (let step = 0; step < stopAfter && !finished; step += 1) {
            // The runner works between steps (IndexedDB is asynchronous): wait for its next one.
            for (let spin = 0; s.count() === 0 && !finished && spin < 500; spin += 1) await macrotask();
            if (s.count() === 0) break;
            await s.waitOne();
          }
          stopped = true;
          while (underWay.n > 0) await macrotask();

          // A new worker, later, over the same database.
          const b = createQueueRunner({
            getClient: () => service.client,
            now: () => T0 + 3_600_000,
            random: () => 0.5,
            locks: null,
            store,
            onChange: () => undefined,
            probeDelaysMs: [],
          });
          for (let pass = 0; pass < 3 && (await store.all()).length > 0; pass += 1) await b.replay();

          const made = service.links().map((link) => link.longUrl).sort();
          expect(made).toEqual([...urls].sort());
          for (const [i, longUrl] of urls.entries()) {
            expect(service.links().find((l) => l.longUrl === longUrl)?.tags).toEqual(tagged[i] ? ['t'] : []);
          }
          expect(await store.all()).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
