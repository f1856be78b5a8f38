import { describe, expect, it } from 'vitest';
import { clicksInLastWeek, usedLately } from '../../../lib/watch/used-lately';
import type { WatchRecord } from '../../../lib/watch/watch-record';
import { emptyAnalytics } from '../fixtures/wire';

function withDays(...series: number[][]) {
  const a = emptyAnalytics();
  a.linkDetailsData.daywiseDevices.data = { series: series.map((data, i) => ({ name: `Device ${i}`, data })), seriesCategory: (series[0] ?? []).map((_, i) => `day ${i}`) };
  return a;
}

const record = (totalClicks: number): WatchRecord => ({
  linkId: 'l1',
  url: 'https://a.example/',
  state: 'gone',
  reason: { kind: 'answered', status: 404 },
  checkedAt: 2,
  since: 2,
  lastFineAt: 1,
  totalClicks,
});

describe('clicked in the last 7 days', () => {
  it('adds every device over the last 7 days the answer lists, and no older day', () => {
    expect(clicksInLastWeek(withDays([0, 1, 0, 0, 2, 0, 0], [0, 0, 0, 3, 0, 0, 0]))).toBe(6);
    expect(clicksInLastWeek(withDays([50, 50, 0, 0, 0, 0, 0, 0, 0]))).toBe(0);
    expect(clicksInLastWeek(emptyAnalytics())).toBe(0);
  });

  it("asks the service's day counts, and nothing for a link never clicked", async () => {
    let asked = 0;
    const answer = (a: ReturnType<typeof withDays>) => async () => ((asked += 1), a);
    expect(await usedLately(record(9), undefined, answer(withDays([0, 0, 0, 0, 0, 0, 1])))).toBe(true);
    expect(await usedLately(record(900), undefined, answer(withDays([0, 0, 0, 0, 0, 0, 0])))).toBe(false);
    expect(asked).toBe(2);
    expect(await usedLately(record(0), undefined, answer(withDays([1])))).toBe(false);
    expect(asked).toBe(2);
  });

  it('without an answer, a rise since the previous check stands in', async () => {
    const fails = async () => {
      throw new Error('service away');
    };
    expect(await usedLately(record(9), record(5), fails)).toBe(true);
    expect(await usedLately(record(5), record(5), fails)).toBe(false);
    expect(await usedLately(record(9), undefined, fails)).toBe(false);
  });
});
