import { describe, expect, it } from 'vitest';
import { readPanel, type PanelWords } from '../../../lib/analytics-view/panel-blocks';
import type { BlockView } from '../../../lib/analytics-view/types';

const words: PanelWords = { country: (v) => v, time: (raw) => raw, offsetMinutes: 0, hoursTitle: 'Hours', hoursAxis: 'Hour' };

/** Days ending 2026-11-29 (the service's today), months ending 2026-11. */
const DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const MONTHS = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

function answer(opts: { daily?: number[]; monthly?: number[]; last30?: number; total?: number; hours?: number[] }) {
  return {
    freeUserData: { scoreCardDetails: { data: { totalClicks: opts.total ?? 50, uniqueCities: [], uniqueCountries: [], uniqueStates: [] } } },
    linkDetailsData: {
      clickTrends: { data: { totalClicks: opts.last30 ?? 30, percentageIncrease: 0 } },
      daywiseDevices: { data: { series: [{ name: 'Mobile', data: opts.daily ?? [1, 1, 1, 1, 1, 1, 4] }], seriesCategory: DAYS } },
      monthYearPlatform: { data: { series: [{ name: 'Android', data: opts.monthly ?? MONTHS.map(() => 0).fill(20, 10, 11).fill(30, 11) }], categories: MONTHS } },
      hourDayClicks: { data: { series: opts.hours ?? Array.from({ length: 24 }, () => 0), categories: Array.from({ length: 24 }, (_, h) => h) } },
      topDevices: { data: { devices: [] } },
      topBrowsers: { data: { browsers: [{ browser: 'Firefox', count: 50 }] } },
    },
  };
}

const labelsOf = (view: BlockView) =>
  view.status === 'chart' && view.spec.kind !== 'figures' && view.spec.kind !== 'treemap' ? view.spec.labels.map((l) => ('text' in l ? l.text : l.key)) : view;
const NOW = Date.UTC(2026, 10, 29, 12);

describe('the trend\'s ranges: 7 days, 30 days, 90 days, 12 months, none before the link was created', () => {
  it('a 40-day-old link: its 12 months are two months, not ten empty ones before them', () => {
    const panel = readPanel(answer({}), words, { created: '2026-10-20T09:00:00Z', now: NOW });
    expect(labelsOf(panel.trend.months12)).toEqual(['2026-10', '2026-11']);
    expect(panel.trend.startsAtCreation.has('months12')).toBe(true);
    expect(panel.trend.since).toBe('2026-10-20');
    // 90 days (from 2026-09-01's month on) start at the creation month too.
    expect(labelsOf(panel.trend.days90)).toEqual(['2026-10', '2026-11']);
    expect(labelsOf(panel.trend.days7)).toEqual(DAYS);
    expect(panel.trend.startsAtCreation.has('days7')).toBe(false);
  });

  it('an old link: 90 days are the calendar months the last 90 days fall in; 12 months all twelve', () => {
    const panel = readPanel(answer({ monthly: MONTHS.map(() => 5) }), words, { created: '2024-01-01T00:00:00Z', now: NOW });
    // 2026-11-29 less 89 days is 2026-09-01.
    expect(labelsOf(panel.trend.days90)).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(labelsOf(panel.trend.months12)).toEqual(MONTHS);
    expect(panel.trend.since).toBeNull();
  });

  it('30 days: the last 7 days and the 23 before, both exact, from the 30-day total', () => {
    const panel = readPanel(answer({ last30: 30 }), words, { created: '2024-01-01T00:00:00Z', now: NOW });
    expect(panel.trend.days30).toEqual({ status: 'split', last7: 10, before: 20 });
  });

  it('a 3-day-old link: 7 days start at its creation, 30 days hold the last 7 only', () => {
    const panel = readPanel(answer({ daily: [0, 0, 0, 0, 2, 3, 5], last30: 10 }), words, { created: '2026-11-27T10:00:00Z', now: NOW });
    expect(labelsOf(panel.trend.days7)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29']);
    expect(panel.trend.days30).toEqual({ status: 'split', last7: 10, before: null });
  });

  it('figures that contradict each other (more in 7 days than in 30) are unreadable, not a negative bar', () => {
    const panel = readPanel(answer({ last30: 3 }), words, { now: NOW });
    expect(panel.trend.days30).toEqual({ status: 'none', reason: 'malformed' });
  });

  it('without a creation date, every month the service sent', () => {
    expect(labelsOf(readPanel(answer({}), words, { now: NOW }).trend.months12)).toHaveLength(12);
  });
});

describe('a broken block says so, never "nothing yet"', () => {
  it('a block that counts every click but counts none of the link\'s 50 is unreadable, not empty', () => {
    const panel = readPanel(answer({}), words, { now: NOW });
    expect(panel.view('topDevices')).toEqual({ status: 'none', reason: 'uncounted' });
    expect(panel.view('hourDayClicks')).toEqual({ status: 'none', reason: 'uncounted' });
  });

  it('a link with no clicks: empty stays empty', () => {
    const quiet = answer({ total: 0, last30: 0, daily: [0, 0, 0, 0, 0, 0, 0], monthly: MONTHS.map(() => 0) });
    quiet.linkDetailsData.topBrowsers.data.browsers = [];
    const panel = readPanel(quiet, words, { now: NOW });
    expect(panel.view('topDevices')).toEqual({ status: 'none', reason: 'empty' });
    expect(panel.noClicks).toBe(true);
  });

  it('an hour block whose categories are not the day\'s 24 hours is unreadable', () => {
    const broken = answer({ hours: [1, 2, 3] });
    broken.linkDetailsData.hourDayClicks.data.categories = [7, 8, 9];
    expect(readPanel(broken, words, { now: NOW }).view('hourDayClicks')).toEqual({ status: 'none', reason: 'malformed' });
  });
});

describe('the panel reads a block when it is first asked for', () => {
  it('the overview (the score card, the last 30 days) reads no other block; the rest read as before once asked for', () => {
    const data = answer({});
    const read = new Set<string>();
    const details = data.linkDetailsData as Record<string, unknown>;
    const watched = {
      ...data,
      linkDetailsData: new Proxy(details, {
        get: (target, key) => {
          read.add(String(key));
          return target[String(key)];
        },
      }),
    };
    const panel = readPanel(watched, words, { now: NOW });
    expect(panel.view('scoreCard').status).toBe('chart');
    expect(panel.view('clickTrends').status).toBe('chart');
    expect(panel.noClicks).toBe(false);
    expect(panel.totalClicks).toBe(50);
    expect([...read]).toEqual(['clickTrends']);
    expect(panel.results.map((r) => r.view)).toEqual(readPanel(answer({}), words, { now: NOW }).results.map((r) => r.view));
    expect(read.has('topBrowsers')).toBe(true);
  });
});
