import { describe, expect, it } from 'vitest';
import { trendChange } from '../../../lib/analytics-view/trend-change';
import { percentageIncrease } from '../../../server/analytics/blocks/click-trends';

describe('trendChange', () => {
  it.each([
    // last 30, percent, all time, expected
    [10, 0, 10, { kind: 'none' }],
    [0, 0, 0, { kind: 'none' }],
    [12, 20, 40, { kind: 'percent', percent: 20 }],
    [5, -50, 40, { kind: 'percent', percent: -50 }],
    [0, -100, 7, { kind: 'percent', percent: -100 }],
    // Every click is in the last 30 days: the 30 before had none.
    [436, 100, 436, { kind: 'none-before' }],
    // One click now: doubling would need half a click before.
    [1, 100, 50, { kind: 'none-before' }],
    // Older clicks exist, but too few to be half of today's.
    [100, 100, 130, { kind: 'none-before' }],
    // 50 before and 100 now is +100 % too: both readings fit.
    [100, 100, 150, { kind: 'up' }],
    [100, 100, null, { kind: 'up' }],
    // Contradictory figures say nothing.
    [0, 100, 10, { kind: 'none' }],
  ] as const)('%d clicks, %d %%, %s in all', (last30, percent, allTime, expected) => {
    expect(trendChange(last30, percent, allTime)).toEqual(expected);
  });

  it('never calls the service\'s "from nothing" 100 a doubling, and names a doubling "up"', () => {
    for (let current = 1; current <= 200; current += 1) {
      // The service's own answer when the 30 days before had no clicks, with no older clicks at all.
      expect(trendChange(current, percentageIncrease(current, 0), current)).toEqual({ kind: 'none-before' });
      for (let previous = 1; previous <= current; previous += 1) {
        const percent = percentageIncrease(current, previous);
        const said = trendChange(current, percent, current + previous);
        if (percent === 100) expect(said).toEqual({ kind: 'up' });
        else if (percent !== 0) expect(said).toEqual({ kind: 'percent', percent });
      }
    }
  });
});
