// A list of 100,000 links: checked once each over many short wake-ups, none past the worker's limits, the whole run well inside the week before the next.
import { describe, expect, it } from 'vitest';
import type { LinkScope } from '../../../lib/storage/keys';
import { createHostPacer, WATCH_CONCURRENCY, type PacerClock } from '../../../lib/watch/host-pacer';
import type { CheckOutcome } from '../../../lib/watch/watch-outcome';
import type { WatchRecord } from '../../../lib/watch/watch-record';
import { LIST_PAGE_SIZE, WAKE_BUDGET_MS, watchWake, type ListedPage } from '../../../lib/watch/watch-run';
import { IDLE_RUN, type WatchRun, type WatchStore } from '../../../lib/watch/watch-store';

const LINKS = 100_000;
/** What the background waits between two wake-ups of one run (lib/background/watch/watch-wiring.ts). */
const BETWEEN_WAKES_MS = 30_000;
const WEEK_MS = 7 * 24 * 3_600_000;
/** What one check takes here (a real one is cut at 10 s). */
const CHECK_MS = 250;

/**
 * A clock whose sleeps move time on at once, one after another: four checks
 * in flight cost four times one, so the run's time here is an upper bound.
 * No real turn is taken, so 100,000 checks take seconds, not minutes.
 */
function serialClock(): PacerClock {
  let now = 0;
  return {
    now: () => now,
    sleep: (ms) => {
      now += Math.max(0, ms);
      return Promise.resolve();
    },
  };
}

/** The store's contract (lib/watch/watch-store.ts) in memory: the IndexedDB one is tested with the 1,000-link run. */
function memoryStore(): WatchStore & { saved: Map<string, WatchRecord>; runs: WatchRun[] } {
  const saved = new Map<string, WatchRecord>();
  const runs: WatchRun[] = [];
  let run: WatchRun = IDLE_RUN;
  return {
    saved,
    runs,
    readRun: async () => run,
    writeRun: async (_scope, next) => {
      run = next;
      runs.push(next);
    },
    records: async (_scope, ids) => ids.map((id) => saved.get(id)),
    save: async (_scope, records) => {
      for (const r of records) saved.set(r.linkId, r);
    },
    problems: async () => [...saved.values()].filter((r) => r.state !== 'fine'),
    prune: async (_scope, before) => {
      for (const [id, r] of saved) if (r.state !== 'fine' && r.checkedAt < before) saved.delete(id);
    },
    resetRun: async () => {
      run = IDLE_RUN;
    },
  };
}

const scope: LinkScope = { baseUrl: 'https://s.example/api', workspaceId: 'w1' };
const fine: CheckOutcome = { state: 'fine', reason: { kind: 'answered', status: 200 } };
const gone: CheckOutcome = { state: 'gone', reason: { kind: 'answered', status: 404 } };

describe('watchWake over 100,000 links', () => {
  it('checks each once over short wake-ups, each inside its limits, the run inside a week', { timeout: 120_000 }, async () => {
    const clock = serialClock();
    const store = memoryStore();
    const pages: number[] = [];
    const listPage = async (cursor: number, size: number): Promise<ListedPage> => {
      pages.push(cursor);
      const end = Math.min(cursor + size, LINKS);
      const links = Array.from({ length: Math.max(0, end - cursor) }, (_, k) => {
        const i = cursor + k;
        return { linkId: `l${i}`, longUrl: `https://h${i % 500}.example/p${i}`, totalClicks: 0 };
      });
      return { links, hasNext: end < LINKS };
    };
    const timesChecked = new Uint8Array(LINKS);
    const check = async (url: string): Promise<CheckOutcome> => {
      const i = Number(/\/p(\d+)$/.exec(url)?.[1]);
      timesChecked[i] = (timesChecked[i] ?? 0) + 1;
      await clock.sleep(CHECK_MS);
      return i % 1_000 === 0 ? gone : fine;
    };

    let wakes = 0;
    let longestWake = 0;
    let runTime = 0;
    for (;;) {
      wakes += 1;
      const startedAt = clock.now();
      // A new worker each wake-up: nothing carried over but what the store keeps.
      const result = await watchWake({ scope, listPage, check, store, pacer: createHostPacer(clock), clock });
      const took = clock.now() - startedAt;
      longestWake = Math.max(longestWake, took);
      runTime += took;
      if (result.finished) break;
      runTime += BETWEEN_WAKES_MS;
      expect(wakes).toBeLessThan(20_000);
    }

    // Each link checked exactly once, its record kept; the gone ones listed.
    expect(timesChecked.every((n) => n === 1)).toBe(true);
    expect(store.saved.size).toBe(LINKS);
    expect((await store.problems(scope)).length).toBe(LINKS / 1_000);
    // Many short wake-ups: none starts a check past its budget, so none outlasts it by more than the checks then in flight.
    expect(wakes).toBeGreaterThan(100);
    expect(longestWake).toBeLessThanOrEqual(WAKE_BUDGET_MS + WATCH_CONCURRENCY * CHECK_MS);
    // What is saved between wake-ups stays small: at most one page's ids.
    expect(Math.max(...store.runs.map((r) => r.doneInPage.length))).toBeLessThanOrEqual(LIST_PAGE_SIZE);
    // The list is read a page at a time, each page about once (a page is read again only when a wake-up stopped inside it).
    expect(new Set(pages).size).toBe(LINKS / LIST_PAGE_SIZE);
    expect(pages.length).toBeLessThanOrEqual(LINKS / LIST_PAGE_SIZE + wakes);
    // Done well before the weekly alarm starts the next run.
    expect(runTime).toBeLessThan(WEEK_MS);
    const run = await store.readRun(scope);
    expect(run).toMatchObject({ startedAt: null, checked: LINKS, total: LINKS, cursor: 0, doneInPage: [] });
  });
});
