// A watch run over a long list: short wake-ups that resume where they stopped, records with their dates, problems kept, one notice for a used link that breaks.
import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createHostPacer } from '../../../lib/watch/host-pacer';
import type { CheckOutcome } from '../../../lib/watch/watch-outcome';
import type { CheckedLink, WatchRecord } from '../../../lib/watch/watch-record';
import { watchWake, type ListedPage } from '../../../lib/watch/watch-run';
import { createWatchStore } from '../../../lib/watch/watch-store';
import { fakeClock } from './fake-clock';

const scope = { baseUrl: 'https://s.example/api', workspaceId: 'w1' };
let dbCount = 0;
const freshStore = () => createWatchStore(createStore(`watch-test-${(dbCount += 1)}`, 'checks'));

/** A service's list: `links`, paged by offset as GET /link pages it. */
function service(links: CheckedLink[]) {
  const asked: number[] = [];
  return {
    asked,
    links,
    listPage: async (cursor: number, size: number): Promise<ListedPage> => {
      asked.push(cursor);
      return { links: links.slice(cursor, cursor + size), hasNext: cursor + size < links.length };
    },
  };
}

const linkN = (i: number, totalClicks = 0): CheckedLink => ({ linkId: `l${i}`, longUrl: `https://h${i % 50}.example/p${i}`, totalClicks });
const fine: CheckOutcome = { state: 'fine', reason: { kind: 'answered', status: 200 } };

describe('watchWake', () => {
  it('goes through 1,000 links over several short wake-ups, resuming where it stopped', async () => {
    const clock = fakeClock();
    const store = freshStore();
    const svc = service(Array.from({ length: 1_000 }, (_, i) => linkN(i)));
    const checkedUrls: string[] = [];
    const check = async (url: string) => {
      checkedUrls.push(url);
      await clock.sleep(200);
      return fine;
    };
    let wakes = 0;
    for (;;) {
      wakes += 1;
      const pacer = createHostPacer(clock); // a new worker each wake-up
      const result = await clock.drive(watchWake({ scope, listPage: svc.listPage, check, store, pacer, clock, budgetMs: 5_000 }));
      if (result.finished) break;
      expect(wakes).toBeLessThan(1_000);
    }
    expect(wakes).toBeGreaterThan(2);
    // Each link checked exactly once across the wake-ups.
    expect(new Set(checkedUrls).size).toBe(1_000);
    expect(checkedUrls).toHaveLength(1_000);
    const run = await store.readRun(scope);
    expect(run.startedAt).toBeNull();
    expect(run.lastFinishedAt).toBe(clock.now());
    expect(run.checked).toBe(1_000);
  });

  it('records states, since when, and when last fine; keeps the problems; forgets deleted links', async () => {
    const clock = fakeClock();
    const store = freshStore();
    const svc = service([linkN(1), linkN(2)]);
    const answers = new Map<string, CheckOutcome>([
      ['https://h1.example/p1', fine],
      ['https://h2.example/p2', fine],
    ]);
    const run = () =>
      clock.drive(watchWake({ scope, listPage: svc.listPage, check: async (u) => answers.get(u) ?? fine, store, pacer: createHostPacer(clock), clock }));
    await run();
    const firstFine = clock.now();
    await clock.drive(clock.sleep(7 * 86_400_000));
    answers.set('https://h2.example/p2', { state: 'gone', reason: { kind: 'answered', status: 404 } });
    await run();
    const goneAt = clock.now();
    await clock.drive(clock.sleep(7 * 86_400_000));
    await run();
    const [, rec2] = await store.records(scope, ['l1', 'l2']);
    expect(rec2).toMatchObject({ state: 'gone', since: goneAt, lastFineAt: firstFine });
    expect((await store.problems(scope)).map((r: WatchRecord) => r.linkId)).toEqual(['l2']);
    // The link is deleted from the service: the next finished run drops its problem.
    svc.links.splice(1, 1);
    await clock.drive(clock.sleep(7 * 86_400_000));
    await run();
    expect(await store.problems(scope)).toEqual([]);
  });

  /** One link, checked run after run with whatever `outcome` says; the links put forward as newly broken are told. */
  function oneLinkRuns(clicks: number) {
    const clock = fakeClock();
    const store = freshStore();
    const svc = service([linkN(1, clicks)]);
    const told: string[] = [];
    const runs = {
      svc,
      told,
      outcome: fine,
      run: () =>
        clock.drive(
          watchWake({ scope, listPage: svc.listPage, check: async () => runs.outcome, store, pacer: createHostPacer(clock), clock, onBroken: (r) => told.push(r.linkId) }),
        ),
    };
    return runs;
  }

  it('puts forward a clicked link once when it becomes broken, not again while it stays so', async () => {
    const runs = oneLinkRuns(5);
    await runs.run();
    runs.svc.links[0] = linkN(1, 9); // clicked since
    runs.outcome = { state: 'failing', reason: { kind: 'answered', status: 502 } };
    await runs.run();
    runs.svc.links[0] = linkN(1, 12);
    await runs.run();
    expect(runs.told).toEqual(['l1']);
  });

  it('does not put forward a link nobody ever clicked', async () => {
    const runs = oneLinkRuns(0);
    await runs.run();
    runs.outcome = { state: 'gone', reason: { kind: 'answered', status: 410 } };
    await runs.run();
    expect(runs.told).toEqual([]);
  });
});
