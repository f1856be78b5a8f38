// A virtual clock for the watch's tests: sleeps wait for the test to move time, never for real time.
import type { PacerClock } from '../../../lib/watch/host-pacer';

export interface FakeClock extends PacerClock {
  /** Runs `work` to its end, moving time to each next sleeper's wake whenever nothing else can run. */
  drive<T>(work: Promise<T>): Promise<T>;
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function fakeClock(start = 1_000_000): FakeClock {
  let now = start;
  let timers: { at: number; resolve: () => void }[] = [];
  return {
    now: () => now,
    sleep: (ms) => new Promise<void>((resolve) => timers.push({ at: now + Math.max(0, ms), resolve })),
    async drive(work) {
      let done = false;
      const result = work.finally(() => {
        done = true;
      });
      for (;;) {
        // Several turns: work in flight (IndexedDB, a fake service) may need a few before it sleeps again.
        for (let i = 0; i < 10 && !done; i += 1) await settle();
        if (done) return result;
        // Real asynchronous work (IndexedDB) is under way: let it run before moving time.
        if (timers.length === 0) continue;
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (next === undefined) continue;
        now = Math.max(now, next.at);
        const due = timers.filter((t) => t.at <= now);
        timers = timers.filter((t) => t.at > now);
        for (const t of due) t.resolve();
      }
    },
  };
}

/** A clock whose sleeps move time forward at once (after a real turn): for work the test cannot await, only watch. */
export function autoClock(start = 1_000_000): PacerClock {
  let now = start;
  return {
    now: () => now,
    sleep: (ms) => {
      now += Math.max(0, ms);
      return new Promise<void>((resolve) => setTimeout(resolve, 0));
    },
  };
}

/** Waits, in real turns, until `done` says so (a bounded number of turns). */
export async function until(done: () => Promise<boolean> | boolean, turns = 5_000): Promise<void> {
  for (let i = 0; i < turns; i += 1) {
    if (await done()) return;
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
  throw new Error('never came to pass');
}
