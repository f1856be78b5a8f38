/**
 * Days in the reader's zone on the panel's side: the zone an answer names
 * (validated), the trend's labels and ranges in that zone's days, and the
 * note under each range: none for the reader's own days, "months in UTC" for
 * the month ranges, the old UTC note for an answer without a zone (another
 * service), and the zone of a cached answer fetched elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { answerZone } from '../../../lib/analytics-view/answer-zone';
import { readPanel, type PanelWords } from '../../../lib/analytics-view/panel-blocks';
import { timeLabel } from '../../../lib/analytics-view/time-labels';
import { trendZoneNote } from '../../../lib/analytics-view/trend-zone-note';
import type { BlockView } from '../../../lib/analytics-view/types';

const words: PanelWords = { country: (v) => v, time: (raw, unit) => timeLabel(raw, unit, 'en'), offsetMinutes: 0, hoursTitle: 'Hours', hoursAxis: 'Hour' };

/** An answer of the 7 local days ending Nov 28 in New York, read at 03:00 UTC Nov 29 (22:00 Nov 28 there). */
const NOW = Date.UTC(2026, 10, 29, 3);
const DAYS = ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
const MONTHS = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

function answer(timeZone?: unknown, days = DAYS) {
  return {
    freeUserData: { scoreCardDetails: { data: { totalClicks: 2, uniqueCities: [], uniqueCountries: [], uniqueStates: [] } } },
    linkDetailsData: {
      clickTrends: { data: { totalClicks: 2, percentageIncrease: 100 } },
      daywiseDevices: { data: { series: [{ name: 'Mobile', data: [0, 0, 0, 0, 0, 0, 2] }], seriesCategory: days } },
      monthYearPlatform: { data: { series: [{ name: 'Android', data: MONTHS.map((_, i) => (i === 11 ? 2 : 0)) }], categories: MONTHS } },
    },
    ...(timeZone === undefined ? {} : { timeZone }),
  };
}

const labelsOf = (view: BlockView) =>
  view.status === 'chart' && view.spec.kind !== 'figures' && view.spec.kind !== 'treemap' ? view.spec.labels.map((l) => ('text' in l ? l.text : l.key)) : view;

describe('the zone an answer names', () => {
  it.each([
    [{ timeZone: 'America/New_York' }, 'America/New_York'],
    [{ timeZone: 'Asia/Kolkata' }, 'Asia/Kolkata'],
    [{ timeZone: 'Etc/UTC' }, 'UTC'],
    [{}, 'UTC'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'UTC'],
    [{ timeZone: 42 }, 'UTC'],
    [{ timeZone: 'America/New_York'.padEnd(65, '_') }, 'UTC'],
    [null, 'UTC'],
  ])('%j: %s', (data, zone) => {
    expect(answerZone(data)).toBe(zone);
  });
});

describe('the trend in the days of the answer\'s zone', () => {
  it('labels the local dates as they are, today\'s local date last', () => {
    const panel = readPanel(answer('America/New_York'), words, { now: NOW });
    expect(panel.daysZone).toBe('America/New_York');
    expect(labelsOf(panel.trend.days7)).toEqual(['Nov 22', 'Nov 23', 'Nov 24', 'Nov 25', 'Nov 26', 'Nov 27', 'Nov 28']);
  });

  it('a link created at 21:00 on Nov 28 in New York (02:00 UTC Nov 29) starts on Nov 28 there, keeping its clicks', () => {
    const created = '2026-11-29T02:00:00Z';
    const local = readPanel(answer('America/New_York'), words, { created, now: NOW });
    expect(labelsOf(local.trend.days7)).toEqual(['Nov 28']);
    expect(local.trend.since).toBe('2026-11-28');
    expect(local.trend.days30).toEqual({ status: 'split', last7: 2, before: null });
    // Its month is still the UTC month of its creation.
    expect(labelsOf(local.trend.months12)).toEqual(['Nov 2026']);
  });

  it('without a zone in the answer, days and creation are UTC, as from any other service', () => {
    const utc = readPanel(answer(undefined, ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']), words, {
      created: '2026-11-29T02:00:00Z',
      now: NOW,
    });
    expect(utc.daysZone).toBe('UTC');
    expect(labelsOf(utc.trend.days7)).toEqual(['Nov 29']);
    expect(utc.trend.since).toBe('2026-11-29');
  });
});

describe('the note under each range', () => {
  const READER = 'America/New_York';

  it('days in the reader\'s zone: no note for the days; months said to be UTC, starting at 19:00 in New York', () => {
    expect(trendZoneNote('days7', 'America/New_York', NOW, READER)).toBeNull();
    expect(trendZoneNote('days30', 'America/New_York', NOW, READER)).toBeNull();
    expect(trendZoneNote('days90', 'America/New_York', NOW, READER)).toEqual({ kind: 'months', start: '19:00' });
    expect(trendZoneNote('months12', 'America/New_York', NOW, READER)).toEqual({ kind: 'months', start: '19:00' });
    // Another name with the same offset now counts the same days.
    expect(trendZoneNote('days7', 'America/Toronto', NOW, READER)).toBeNull();
  });

  it('an answer without a zone: the UTC note as before, on every range but 30 days', () => {
    expect(trendZoneNote('days7', 'UTC', NOW, READER)).toEqual({ kind: 'utc', start: '19:00' });
    expect(trendZoneNote('months12', 'UTC', NOW, READER)).toEqual({ kind: 'utc', start: '19:00' });
    expect(trendZoneNote('days30', 'UTC', NOW, READER)).toBeNull();
    expect(trendZoneNote('days7', 'UTC', NOW, 'UTC')).toBeNull();
  });

  it('an answer cached in another zone is labelled by its zone: India\'s midnight is 13:30 in New York', () => {
    expect(trendZoneNote('days7', 'Asia/Kolkata', NOW, READER)).toEqual({ kind: 'zone', zone: 'Asia/Kolkata', start: '13:30' });
    expect(trendZoneNote('months12', 'Asia/Kolkata', NOW, READER)).toEqual({ kind: 'months', start: '19:00' });
  });

  it('a reader in UTC reading days of UTC or of UTC months has nothing to be told', () => {
    expect(trendZoneNote('months12', 'Europe/London', NOW, 'UTC')).toBeNull();
    expect(trendZoneNote('days7', 'Europe/London', NOW, 'UTC')).toBeNull();
  });
});
