import { describe, expect, it } from 'vitest';
import { advancedRows } from '../../../lib/analytics-view/advanced-rows';
import { barRows } from '../../../lib/analytics-view/bar-rows';
import { countryName } from '../../../lib/analytics-view/country-name';
import { readPanel, type PanelWords } from '../../../lib/analytics-view/panel-blocks';
import { timeLabel } from '../../../lib/analytics-view/time-labels';
import { trendSpec } from '../../../lib/analytics-view/trend-spec';
import type { CategorySpec, Label, TreemapSpec } from '../../../lib/analytics-view/types';

const show = (label: Label) => ('text' in label ? label.text : `#${label.key}`);

const spec = (over: Partial<CategorySpec>): CategorySpec => ({
  kind: 'bar', title: { text: 'T' }, hint: null, hintHonoured: false, clamped: false,
  labels: [], datasets: [], axes: { category: null, value: null }, table: { head: [], rows: [] },
  ...over,
});

describe('dates and countries in the reader\'s words', () => {
  it.each([
    ['2026-11-20', 'day', 'en', 'Nov 20'],
    ['2026-11', 'month', 'en', 'Nov 2026'],
    ['2026-01-01', 'day', 'hi', '1 जन॰'],
    ['2026-02-31', 'day', 'en', '2026-02-31'],
    ['last week', 'day', 'en', 'last week'],
    ['2026-13', 'month', 'en', '2026-13'],
  ] as const)('%s as a %s in %s: %s', (raw, unit, locale, words) => {
    expect(timeLabel(raw, unit, locale)).toBe(words);
  });

  it.each([
    ['IN', 'en', 'India'],
    ['us', 'en', 'United States'],
    ['IN', 'hi', 'भारत'],
    ['India', 'en', 'India'],
    ['ZZ', 'en', 'ZZ'],
    ['XX', 'en', 'XX'],
    ['Unknown', 'en', 'Unknown'],
  ])('%s in %s: %s', (value, locale, name) => {
    expect(countryName(value, locale)).toBe(name);
  });
});

describe('the trend', () => {
  const daily = spec({
    labels: [{ text: '2026-11-19' }, { text: '2026-11-20' }],
    datasets: [
      { label: { text: 'Desktop' }, data: [1, 4] },
      { label: { text: 'Mobile' }, data: [2, 0] },
    ],
  });

  it('sums the devices day by day; the table keeps each device beside the total', () => {
    const trend = trendSpec(daily, 'bar', (l) => ('text' in l ? { text: `d${l.text.slice(-2)}` } : l));
    expect(trend.datasets).toEqual([{ label: null, data: [3, 4] }]);
    expect(trend.labels.map(show)).toEqual(['d19', 'd20']);
    expect(trend.table.head.map(show)).toEqual(['Desktop', 'Mobile', '#analyticsTotal']);
    expect(trend.table.rows.map((r) => [show(r.label), ...r.values])).toEqual([['d19', 1, 2, 3], ['d20', 4, 0, 4]]);
  });
});

describe('bar lists', () => {
  it('bars measure against the largest; shares against the total', () => {
    const rows = barRows(spec({ labels: [{ text: 'a' }, { text: 'b' }], datasets: [{ label: null, data: [30, 10] }] }));
    expect(rows.map((r) => [show(r.label), r.value, r.length, r.share])).toEqual([['a', 30, 1, 0.75], ['b', 10, 1 / 3, 0.25]]);
    expect(barRows(spec({ labels: [{ text: 'a' }], datasets: [{ label: null, data: [0] }] }))[0]?.length).toBe(0);
  });

  it('an advanced view: each bucket with its clicks and its states, in the scale\'s order', () => {
    const pie = spec({ labels: [{ text: 'High' }, { text: 'Low' }], datasets: [{ label: null, data: [5, 1] }] });
    const tree: TreemapSpec = {
      kind: 'treemap', title: { text: 'T' }, hint: null, hintHonoured: true, clamped: false, table: { head: [], rows: [] },
      tiles: [{ group: { text: 'Low' }, members: [{ text: 'Bihar' }], size: 3 }, { group: { text: 'Mid' }, members: [{ text: 'Goa' }], size: 1 }],
    };
    expect(advancedRows(pie, tree).map((r) => [show(r.label), r.value, r.members.map(show), r.more])).toEqual([
      ['High', 5, [], 0],
      ['Low', 1, ['Bihar'], 2],
      ['Mid', 0, ['Goa'], 0],
    ]);
  });
});

describe('the panel\'s reading of an answer', () => {
  const words: PanelWords = { country: (v) => (v === 'IN' ? 'India' : v), time: (raw) => `t:${raw}`, offsetMinutes: 0, hoursTitle: 'Hours', hoursAxis: 'Hour' };
  const answer = (total: number, countries: unknown[][]) => ({
    freeUserData: { scoreCardDetails: { data: { totalClicks: total, uniqueCities: [], uniqueCountries: [], uniqueStates: [] } } },
    linkDetailsData: {
      clickedCountries: { chart: 'geo', data: [['Country', 'Clicks'], ...countries] },
      daywiseDevices: { data: { series: [{ name: 'Mobile', data: [0, 2] }], seriesCategory: ['2026-11-19', '2026-11-20'] } },
    },
  });

  it('countries by name (in the table too), days as dates', () => {
    const panel = readPanel(answer(2, [['IN', 2]]), words);
    const countries = panel.view('clickedCountries');
    if (countries.status !== 'chart' || countries.spec.kind !== 'horizontalBar') throw new Error('no countries');
    expect(countries.spec.labels.map(show)).toEqual(['India']);
    expect(countries.spec.table.rows.map((r) => show(r.label))).toEqual(['India']);
    const days = panel.view('daywiseDevices');
    if (days.status !== 'chart' || days.spec.kind === 'figures' || days.spec.kind === 'treemap') throw new Error('no days');
    expect(days.spec.labels.map(show)).toEqual(['t:2026-11-19', 't:2026-11-20']);
    expect([panel.noClicks, panel.totalClicks]).toEqual([false, 2]);
  });

  it('a link with no clicks is one state, not one per chart', () => {
    const none = readPanel({ freeUserData: answer(0, []).freeUserData }, words);
    expect([none.noClicks, none.totalClicks]).toEqual([true, 0]);
    // Blocks missing from the answer, and no total: not "no clicks" (something is wrong, and each block says what).
    expect(readPanel({}, words).noClicks).toBe(false);
  });
});
