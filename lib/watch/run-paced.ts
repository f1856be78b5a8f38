/**
 * Runs checks at most 4 at a time, choosing next a waiting item whose host
 * may be asked now, so a run of links to one site does not hold every slot
 * waiting for that site's turn while other sites wait. Stops starting new
 * ones once `shouldStop` says so (the wake-up's time is spent); those in
 * flight finish.
 */
import { WATCH_CONCURRENCY, type HostPacer, type PacerClock } from './host-pacer';

export interface PacedRun<T> {
  items: T[];
  hostOf: (item: T) => string;
  task: (item: T) => Promise<void>;
  pacer: HostPacer;
  clock: PacerClock;
  shouldStop?: () => boolean;
  concurrency?: number;
}

/** Resolves with the items started, in the order they were started. */
export async function runPaced<T>(run: PacedRun<T>): Promise<T[]> {
  const pending = [...run.items];
  const started: T[] = [];
  const limit = run.concurrency ?? WATCH_CONCURRENCY;

  async function worker(): Promise<void> {
    for (;;) {
      if (pending.length === 0 || run.shouldStop?.() === true) return;
      const now = run.clock.now();
      const index = pending.findIndex((item) => run.pacer.readyAt(run.hostOf(item)) <= now);
      if (index === -1) {
        // Every waiting host is resting: wait for the first that is not, then look again (another worker may take it).
        const soonest = Math.min(...pending.map((item) => run.pacer.readyAt(run.hostOf(item))));
        await run.clock.sleep(Math.max(1, soonest - now));
        continue;
      }
      const [item] = pending.splice(index, 1);
      if (item === undefined) continue;
      started.push(item);
      await run.task(item);
    }
  }

  await Promise.all(Array.from({ length: limit }, () => worker()));
  return started;
}
