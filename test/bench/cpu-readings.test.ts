/** The busy-machine rule of the timing benches, judged on simulated readings. */
import { describe, expect, it } from 'vitest';
import { busiestOther, descendants, isQuiet, judgeRun, parseStat, type ProcessTicks, type Snapshot } from './cpu-readings';
import { budgetResult, timingExitCode, BUSY_EXIT_CODE } from './machine-watch';

const snap = (at: number, list: ProcessTicks[]): Snapshot => ({ at, processes: new Map(list.map((p) => [p.pid, p])) });
const p = (pid: number, ppid: number, ticks: number, name = `p${pid}`): ProcessTicks => ({ pid, ppid, ticks, name });

describe('parseStat', () => {
  it('reads the parent and the CPU time, even when the name holds spaces and parentheses', () => {
    const line = '4242 (Web Content (x)) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 1 0 1000 0 0';
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 17, ticks: 325, name: 'Web Content (x)' });
  });
  it('refuses a line it cannot read', () => {
    expect(parseStat('garbage')).toBeNull();
  });
});

describe('the bench tree', () => {
  it('holds the bench and everything under it, not its siblings', () => {
    const s = snap(0, [p(1, 0, 0), p(10, 1, 0), p(11, 10, 0), p(12, 11, 0), p(20, 1, 0)]);
    expect([...descendants(s, [10])].sort()).toEqual([10, 11, 12]);
  });
});

describe('the busy-machine rule', () => {
  const own = new Set([10, 11]);
  it('ignores the bench\'s own browser and service however busy they are', () => {
    const before = snap(0, [p(10, 1, 0), p(11, 10, 0), p(20, 1, 0)]);
    const after = snap(1000, [p(10, 1, 100), p(11, 10, 190), p(20, 1, 2)]);
    const top = busiestOther(before, after, own);
    expect(top).toMatchObject({ pid: 20, share: 0.02 });
    expect(isQuiet(top)).toBe(true);
  });
  it('is not quiet while another process uses more than a tenth of a core', () => {
    const before = snap(0, [p(20, 1, 0)]);
    const after = snap(5000, [p(20, 1, 60)]);
    expect(isQuiet(busiestOther(before, after, own))).toBe(false);
  });
  it('counts a process born between two readings from its birth', () => {
    const top = busiestOther(snap(0, []), snap(1000, [p(30, 1, 50, 'tsc')]), own);
    expect(top).toMatchObject({ name: 'tsc', share: 0.5 });
  });
  it('judges a run busy when another process used over 20 % of a core for more than a tenth of it', () => {
    const calm = { busiest: { pid: 20, name: 'x', share: 0.05 } };
    const hot = { busiest: { pid: 21, name: 'vitest', share: 0.9 } };
    const busy = judgeRun([...Array<typeof calm>(17).fill(calm), hot, hot, hot]);
    expect(busy).toMatchObject({ busy: true, busyIntervals: 3, intervals: 20, worst: { name: 'vitest' } });
    expect(judgeRun([...Array<typeof calm>(19).fill(calm), hot]).busy).toBe(false);
  });
  it('reports a busy run as not judged with its own exit code, even when the figures were over', () => {
    const busy = judgeRun([{ busiest: { pid: 21, name: 'vitest', share: 0.9 } }]);
    expect(budgetResult(false, busy)).toBe('not judged (machine busy)');
    expect(timingExitCode(false, busy)).toBe(BUSY_EXIT_CODE);
    const quiet = judgeRun([{ busiest: null }]);
    expect(budgetResult(false, quiet)).toBe('**over**');
    expect(timingExitCode(false, quiet)).toBe(1);
    expect(timingExitCode(true, quiet)).toBe(0);
  });
});
