/**
 * How long a running batch still needs, from how fast its items settled
 * lately: the settled count sampled as the page hears of progress, the rate
 * over the last WINDOW_MS (at least two samples a second apart), and the
 * waiting items at that rate. Null while there is no rate to go by.
 */

export interface Sample {
  at: number;
  settled: number;
}

export const WINDOW_MS = 5_000;

/** Keeps the samples of the window and one before it (the rate's first point). */
export function addSample(samples: readonly Sample[], sample: Sample): Sample[] {
  const kept = samples.filter((s) => s.at >= sample.at - WINDOW_MS);
  const before = samples.filter((s) => s.at < sample.at - WINDOW_MS).at(-1);
  return [...(before === undefined ? [] : [before]), ...kept, sample];
}

export function timeLeftMs(samples: readonly Sample[], waiting: number): number | null {
  if (waiting === 0) return 0;
  const first = samples[0];
  const last = samples.at(-1);
  if (first === undefined || last === undefined || last.at - first.at < 1_000) return null;
  const perMs = (last.settled - first.settled) / (last.at - first.at);
  if (perMs <= 0) return null;
  return Math.ceil(waiting / perMs);
}
