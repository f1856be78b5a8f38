/**
 * One wake-up of the watch: it goes on through the scope's links where the
 * last one stopped (a page of the service's list at a time, oldest first so
 * links made meanwhile join the end), checks them paced
 * (./run-paced.ts), records each, and stops starting checks once its time
 * is spent, saving its place. A list of 100,000 links is so checked over
 * many short wake-ups, none holding the worker past its limits; the caller
 * sets the next one (lib/background/watch/).
 */
import type { LinkScope } from '../storage/keys';
import type { HostPacer, PacerClock } from './host-pacer';
import { runPaced } from './run-paced';
import type { CheckOutcome } from './watch-outcome';
import { becameBroken, nextRecord, type CheckedLink, type WatchRecord } from './watch-record';
import type { WatchRun, WatchStore } from './watch-store';

export const LIST_PAGE_SIZE = 100;
/** A wake-up stops starting checks after this long: well inside a worker's 30 s idle limit and 5 min event limit, with a check's 10 s timeout after it. */
export const WAKE_BUDGET_MS = 15_000;

export interface ListedPage {
  links: CheckedLink[];
  hasNext: boolean;
}

export interface WatchRunDeps {
  scope: LinkScope;
  listPage(cursor: number, pageSize: number): Promise<ListedPage>;
  check(url: string): Promise<CheckOutcome>;
  store: WatchStore;
  pacer: HostPacer;
  clock: PacerClock;
  budgetMs?: number;
  /** A clicked link that just became gone or failing (watch-record.ts), with its record before this check. */
  onBroken?: (record: WatchRecord, prev: WatchRecord | undefined) => void;
}

export interface WakeResult {
  /** True when the run reached the end of the list (and starts over at the next weekly alarm). */
  finished: boolean;
  checked: number;
}

function hostOf(link: CheckedLink): string {
  try {
    return new URL(link.longUrl).hostname;
  } catch {
    return '';
  }
}

export async function watchWake(deps: WatchRunDeps): Promise<WakeResult> {
  const { scope, store, clock } = deps;
  const deadline = clock.now() + (deps.budgetMs ?? WAKE_BUDGET_MS);
  const outOfTime = () => clock.now() >= deadline;
  let run: WatchRun = await store.readRun(scope);
  if (run.startedAt === null) run = { ...run, cursor: 0, doneInPage: [], startedAt: clock.now(), checked: 0, total: 0 };
  let checked = 0;

  for (;;) {
    const page = await deps.listPage(run.cursor, LIST_PAGE_SIZE);
    const done = new Set(run.doneInPage);
    const todo = page.links.filter((l) => !done.has(l.linkId));
    const previous = new Map<string, WatchRecord | undefined>();
    const ids = todo.map((l) => l.linkId);
    (await store.records(scope, ids)).forEach((r, i) => previous.set(ids[i] ?? '', r));
    const finishedIds: string[] = [];
    await runPaced({
      items: todo,
      hostOf,
      pacer: deps.pacer,
      clock,
      shouldStop: outOfTime,
      task: async (link) => {
        const outcome = await deps.check(link.longUrl);
        const prev = previous.get(link.linkId);
        const record = nextRecord(prev, link, outcome, clock.now());
        await store.save(scope, [record]);
        finishedIds.push(link.linkId);
        checked += 1;
        if (becameBroken(prev, record)) deps.onBroken?.(record, prev);
      },
    });
    const pageDone = finishedIds.length === todo.length;
    run = { ...run, checked: run.checked + finishedIds.length, total: Math.max(run.total, run.cursor + page.links.length) };
    if (!pageDone) {
      await store.writeRun(scope, { ...run, doneInPage: [...run.doneInPage, ...finishedIds] });
      return { finished: false, checked };
    }
    if (!page.hasNext || page.links.length === 0) {
      const startedAt = run.startedAt ?? clock.now();
      await store.prune(scope, startedAt);
      await store.writeRun(scope, { ...run, cursor: 0, doneInPage: [], startedAt: null, lastFinishedAt: clock.now() });
      return { finished: true, checked };
    }
    run = { ...run, cursor: run.cursor + page.links.length, doneInPage: [] };
    await store.writeRun(scope, run);
    if (outOfTime()) return { finished: false, checked };
  }
}
