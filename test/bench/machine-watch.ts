/**
 * The busy-machine rule for timing benches, on the live machine: wait until no
 * process outside the bench's own tree (its browser, its service, itself) uses
 * more than a tenth of a core over 5 s, then sample those other processes once
 * a second through the run. A run during which another process used over 20 %
 * of a core for more than a tenth of the time is reported as "machine busy,
 * not judged" and exits with BUSY_EXIT_CODE, rather than "over".
 */
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { busiestOther, descendants, isQuiet, judgeRun, parseStat, type Interval, type LoadVerdict, type ProcessTicks, type Snapshot } from './cpu-readings';

/** The exit code of a bench whose figures were taken on a busy machine: neither ok (0) nor over (1). */
export const BUSY_EXIT_CODE = 3;

const QUIET_WINDOW_MS = 5_000;
const QUIET_WAIT_MS = 120_000;
const SAMPLE_MS = 1_000;

function snapshot(): Snapshot {
  const processes = new Map<number, ProcessTicks>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parsed = parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (parsed) processes.set(parsed.pid, parsed);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { at: performance.now(), processes };
}

const own = (s: Snapshot): Set<number> => descendants(s, [process.pid]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a quiet machine (up to two minutes). Returns how long it waited,
 * and whether it became quiet; a bench that starts on a machine that never
 * quietened is still run, and its watch will judge it.
 */
export async function waitForQuiet(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<{ quiet: boolean; waitedMs: number }> {
  const start = performance.now();
  for (;;) {
    const before = snapshot();
    await sleep(QUIET_WINDOW_MS);
    const after = snapshot();
    const busiest = busiestOther(before, after, own(after));
    const waitedMs = performance.now() - start;
    if (isQuiet(busiest)) return { quiet: true, waitedMs };
    if (waitedMs >= QUIET_WAIT_MS) return { quiet: false, waitedMs };
    log(`waiting for a quiet machine: ${busiest?.name ?? '?'} (pid ${busiest?.pid ?? '?'}) uses ${Math.round((busiest?.share ?? 0) * 100)} % of a core`);
  }
}

/** Samples the other processes once a second until stopped; stop() judges the run. */
export function watchMachine(): { stop: () => LoadVerdict } {
  const intervals: Interval[] = [];
  let last = snapshot();
  const timer = setInterval(() => {
    const next = snapshot();
    intervals.push({ busiest: busiestOther(last, next, own(next)) });
    last = next;
  }, SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return judgeRun(intervals);
    },
  };
}

/** The line a bench prints under its table about the machine during its run. */
export function describeLoad(verdict: LoadVerdict): string {
  const worst = verdict.worst ? `; the busiest other process was ${verdict.worst.name} at ${Math.round(verdict.worst.share * 100)} % of a core` : '';
  return verdict.busy
    ? `**Machine busy, not judged**: another process used over 20 % of a core in ${verdict.busyIntervals} of ${verdict.intervals} seconds${worst}. Run the bench again alone.`
    : `Machine quiet: other processes used over 20 % of a core in ${verdict.busyIntervals} of ${verdict.intervals} seconds${worst}.`;
}

/** A budget's cell in a timing bench's table: judged only on a quiet machine. */
export function budgetResult(ok: boolean, load: LoadVerdict): string {
  if (load.busy) return 'not judged (machine busy)';
  return ok ? 'ok' : '**over**';
}

/** The exit code of a timing bench: busy wins over a missed budget, which was not judged. */
export function timingExitCode(allOk: boolean, load: LoadVerdict): number {
  if (load.busy) return BUSY_EXIT_CODE;
  return allOk ? 0 : 1;
}
