/**
 * Who else uses the CPU while a timing bench runs: per-process CPU time read
 * from /proc, and the busy-machine rule judged on those readings. The load
 * average cannot tell: the bench's own browser and service raise it to 2-3
 * on two cores, so the rule looks only at processes outside the bench's own
 * tree. The pure parts (parsing, differencing, judging) take plain readings,
 * so a simulated busy machine can be tested without one.
 */

/** One process's state in one snapshot: its parent and its CPU time so far, in clock ticks. */
export interface ProcessTicks {
  pid: number;
  ppid: number;
  /** user + system time, in clock ticks (USER_HZ). */
  ticks: number;
  name: string;
}

/** A snapshot of every process, taken at `at` (ms, monotonic). */
export interface Snapshot {
  at: number;
  processes: ReadonlyMap<number, ProcessTicks>;
}

/** Linux reports CPU time in USER_HZ ticks, 100 per second on every architecture Node runs on. */
export const TICKS_PER_SECOND = 100;

/**
 * Reads one line of /proc/<pid>/stat. The name sits in parentheses and may
 * hold spaces or parentheses itself, so the fields are counted from the last ')'.
 */
export function parseStat(line: string): ProcessTicks | null {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = Number(line.slice(0, open).trim());
  const rest = line.slice(close + 2).split(' ');
  // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  const ppid = Number(rest[1]);
  const ticks = Number(rest[11]) + Number(rest[12]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid) || !Number.isFinite(ticks)) return null;
  return { pid, ppid, ticks, name: line.slice(open + 1, close) };
}

/** Every pid under the given roots (the roots included), by the parent links of a snapshot. */
export function descendants(snapshot: Snapshot, roots: readonly number[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const p of snapshot.processes.values()) {
    const list = children.get(p.ppid) ?? [];
    list.push(p.pid);
    children.set(p.ppid, list);
  }
  const found = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    if (found.has(pid)) continue;
    found.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** The busiest process outside `own` between two snapshots, as a fraction of one core. */
export interface Busiest {
  pid: number;
  name: string;
  /** 1 = one whole core. */
  share: number;
}

export function busiestOther(before: Snapshot, after: Snapshot, own: ReadonlySet<number>): Busiest | null {
  const seconds = (after.at - before.at) / 1000;
  if (seconds <= 0) return null;
  let top: Busiest | null = null;
  for (const p of after.processes.values()) {
    if (own.has(p.pid)) continue;
    const earlier = before.processes.get(p.pid);
    // A process born between the snapshots counts all its time since birth.
    const used = p.ticks - (earlier?.ticks ?? 0);
    const share = used / TICKS_PER_SECOND / seconds;
    if (top === null || share > top.share) top = { pid: p.pid, name: p.name, share };
  }
  return top;
}

/** The rule's thresholds: quiet before the start, busy during the run. */
export const QUIET_SHARE = 0.1;
export const BUSY_SHARE = 0.2;
export const BUSY_FRACTION = 0.1;

/** One interval of the watch during a run: the busiest other process in it. */
export interface Interval {
  busiest: Busiest | null;
}

/** What the watch concludes about a run. */
export interface LoadVerdict {
  busy: boolean;
  /** Intervals in which another process used more than BUSY_SHARE of a core. */
  busyIntervals: number;
  intervals: number;
  /** The busiest other process seen, for the report. */
  worst: Busiest | null;
}

/** Busy when another process used over 20 % of a core for more than a tenth of the run. */
export function judgeRun(intervals: readonly Interval[]): LoadVerdict {
  let busyIntervals = 0;
  let worst: Busiest | null = null;
  for (const { busiest } of intervals) {
    if (busiest !== null && busiest.share > BUSY_SHARE) busyIntervals += 1;
    if (busiest !== null && (worst === null || busiest.share > worst.share)) worst = busiest;
  }
  return { busy: intervals.length > 0 && busyIntervals / intervals.length > BUSY_FRACTION, busyIntervals, intervals: intervals.length, worst };
}

/** Quiet enough to start: no other process above QUIET_SHARE of a core over the window. */
export function isQuiet(busiest: Busiest | null): boolean {
  return busiest === null || busiest.share <= QUIET_SHARE;
}
