import { describe, expect, it } from 'vitest';
import type { BlockId } from '../../../lib/analytics-view/block-id';
import { readAnalytics } from '../../../lib/analytics-view/read-analytics';
import type { BlockView, CategorySpec, Label, TreemapSpec } from '../../../lib/analytics-view/types';
import type { Analytics } from '../../../lib/contract/schemas/analytics';
import { emptyAnalytics } from '../fixtures/wire';

const MAX = Number.MAX_SAFE_INTEGER;
const show = (label: Label | null) => (label === null ? null : 'text' in label ? label.text : `#${label.key}`);

/**
 * The analytics fixture with one part replaced, read, and the view of one
 * block. Wrong types are written `as never` on purpose.
 */
function viewOf(id: BlockId, change: (a: Analytics) => void): BlockView {
  const data = emptyAnalytics();
  change(data);
  const view = readAnalytics(data).find((r) => r.id === id)?.view;
  if (!view) throw new Error(`no ${id}`);
  return view;
}
function chart(view: BlockView): CategorySpec {
  if (view.status !== 'chart' || view.spec.kind === 'figures' || view.spec.kind === 'treemap') throw new Error(JSON.stringify(view));
  return view.spec;
}
const points = (spec: CategorySpec) => spec.labels.map((l, i) => [show(l), ...spec.datasets.map((d) => d.data[i])]);

describe('long lists', () => {
  it('10,000 cities draw as the ten largest and one "other" holding the rest of the clicks', () => {
    const cities = Array.from({ length: 10_000 }, (_, i) => ({ city: `City ${i}`, count: (i * 7919) % 10_007 }));
    const spec = chart(viewOf('topCities', (a) => (a.linkDetailsData.topCities.data = cities)));
    const sorted = cities.map((c) => c.count).sort((x, y) => y - x);
    expect(spec.labels).toHaveLength(11);
    expect(spec.datasets[0]?.data.slice(0, 10)).toEqual(sorted.slice(0, 10));
    expect(show(spec.labels[10] ?? null)).toBe('#analyticsOther');
    const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
    expect(sum(spec.datasets[0]?.data ?? [])).toBe(sum(sorted));
    expect(spec.table.rows).toHaveLength(11);
  });

  it('more than six series keep the six busiest and sum the others point by point', () => {
    const series = Array.from({ length: 9 }, (_, i) => ({ name: `D${i}`, data: [i, 1] }));
    const spec = chart(viewOf('daywiseDevices', (a) => (a.linkDetailsData.daywiseDevices.data = { series, seriesCategory: ['d1', 'd2'] })));
    expect(spec.datasets.map((d) => show(d.label))).toEqual(['D8', 'D7', 'D6', 'D5', 'D4', 'D3', '#analyticsOther']);
    expect(spec.datasets[6]?.data).toEqual([0 + 1 + 2, 3]);
  });

  it('series are fitted to their categories: short ones padded with 0, long ones cut', () => {
    const data = { series: [{ name: 'A', data: [5] }, { name: 'B', data: [1, 2, 3, 4] }], categories: ['m1', 'm2', 'm3'] };
    const spec = chart(viewOf('monthYearPlatform', (a) => (a.linkDetailsData.monthYearPlatform.data = data)));
    // B (6 clicks in the window) before A (5).
    expect(spec.datasets.map((d) => show(d.label))).toEqual(['B', 'A']);
    expect(points(spec)).toEqual([['m1', 1, 5], ['m2', 2, 0], ['m3', 3, 0]]);
  });

  it('a time axis longer than 60 points keeps its latest 60', () => {
    const categories = Array.from({ length: 500 }, (_, i) => `day ${i}`);
    const data = { series: [{ name: 'A', data: categories.map((_, i) => i) }], seriesCategory: categories };
    const spec = chart(viewOf('daywiseDevices', (a) => (a.linkDetailsData.daywiseDevices.data = data)));
    expect(show(spec.labels[0] ?? null)).toBe('day 440');
    expect(spec.datasets[0]?.data.at(-1)).toBe(499);
    expect(spec.labels).toHaveLength(60);
  });
});

describe('numbers out of range', () => {
  it.each([
    ['2^53', 2 ** 53, MAX],
    ['1e300', 1e300, MAX],
    ['Infinity', Infinity, MAX],
    ['-5', -5, 0],
    ['-Infinity', -Infinity, 0],
    ['NaN', NaN, 0],
    ['2.7', 2.7, 2],
  ])('a count of %s is drawn as %d and flagged', (_, raw, drawn) => {
    const spec = chart(viewOf('topBrowsers', (a) => (a.linkDetailsData.topBrowsers.data.browsers = [{ browser: 'X', count: raw }, { browser: 'Y', count: 1 }])));
    expect(spec.datasets[0]?.data).toContain(drawn);
    expect(spec.clamped).toBe(true);
  });

  it('"other" stops at 2^53 - 1 rather than losing precision', () => {
    const cities = Array.from({ length: 14 }, (_, i) => ({ city: `C${i}`, count: MAX - i }));
    const spec = chart(viewOf('topCities', (a) => (a.linkDetailsData.topCities.data = cities)));
    expect(spec.datasets[0]?.data.at(-1)).toBe(MAX);
    expect(spec.clamped).toBe(true);
  });

  it('the trend keeps a negative change and flags only impossible ones', () => {
    const figures = (change: number) => {
      const view = viewOf('clickTrends', (a) => (a.linkDetailsData.clickTrends.data = { totalClicks: 3, percentageIncrease: change }));
      if (view.status !== 'chart' || view.spec.kind !== 'figures') throw new Error('no figures');
      return [view.spec.figures[1]?.value, view.spec.clamped];
    };
    expect(figures(-40)).toEqual([-40, false]);
    expect(figures(NaN)).toEqual([0, true]);
    expect(figures(-Infinity)).toEqual([-MAX, true]);
  });

  it('a count as text is a malformed block, not a guess', () => {
    expect(viewOf('topDevices', (a) => (a.linkDetailsData.topDevices.data.devices = [{ device: 'X', count: '5' }] as never))).toEqual({
      status: 'none', reason: 'malformed',
    });
  });
});

describe('names', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '&lt;b&gt;',
    '"><svg onload=alert(1)>',
  ])('%s stays the exact text, for the page to render as text', (name) => {
    const spec = chart(viewOf('topStates', (a) => (a.linkDetailsData.topStates.data = [{ state: name, count: 2 }])));
    expect(spec.labels).toEqual([{ text: name }]);
    expect(spec.table.rows[0]?.label).toEqual({ text: name });
  });

  it('a very long name is cut to 80 characters; a blank one is "unnamed"', () => {
    const long = '𝔸'.repeat(500);
    const spec = chart(viewOf('topStates', (a) => (a.linkDetailsData.topStates.data = [{ state: long, count: 2 }, { state: '  ', count: 1 }])));
    expect(show(spec.labels[0] ?? null)).toBe(`${'𝔸'.repeat(79)}…`);
    expect(spec.labels[1]).toEqual({ key: 'analyticsUnnamed' });
  });

  it('a mistyped title falls back to the catalogue; the axis titles that are fine stay', () => {
    const spec = chart(viewOf('hourDayClicks', (a) => {
      a.linkDetailsData.hourDayClicks.display = { title: 42, xAxisTitle: 'Hour', yAxis: ['Clicks'] } as never;
      a.linkDetailsData.hourDayClicks.data = { series: [0, 4], categories: [0, 1] };
    }));
    expect([show(spec.title), show(spec.axes.category), show(spec.axes.value)]).toEqual(['#analyticsHourDayClicks', 'Hour', '#analyticsClicks']);
  });

  it('a display that is not an object is ignored, not fatal', () => {
    const spec = chart(viewOf('topPlatforms', (a) => {
      a.linkDetailsData.topPlatforms.display = '<b>x</b>' as never;
      a.linkDetailsData.topPlatforms.data.devices = [{ platform: 'Linux', count: 1 }];
    }));
    expect(show(spec.title)).toBe('#analyticsTopPlatforms');
  });
});

describe('the countries table', () => {
  it.each<[string, unknown, BlockView['status'], string | null]>([
    ['header and rows', [['Country', 'Clicks'], ['FR', 2]], 'chart', null],
    ['rows without a header', [['FR', 2]], 'chart', null],
    ['a header only', [['Country', 'Clicks']], 'none', 'empty'],
    ['a row short of its count', [['Country', 'Clicks'], ['FR']], 'none', 'malformed'],
    ['a header in the middle', [['FR', 2], ['Country', 'Clicks']], 'none', 'malformed'],
    ['a row with a third cell', [['FR', 2, 3]], 'none', 'malformed'],
    ['an object', { FR: 2 }, 'none', 'malformed'],
  ])('%s', (_, table, status, reason) => {
    const view = viewOf('clickedCountries', (a) => (a.linkDetailsData.clickedCountries.data = table as never));
    expect(view.status).toBe(status);
    if (view.status === 'none') expect(view.reason).toBe(reason);
  });
});

describe('where a block sits', () => {
  it('a parent of the wrong type makes its blocks malformed and spares the rest', () => {
    const data: unknown = { ...emptyAnalytics(), linkDetailsData: 'oops' };
    const views = new Map(readAnalytics(data).map((r) => [r.id, r.view]));
    expect(views.get('topBrowsers')).toEqual({ status: 'none', reason: 'malformed' });
    expect(views.get('scoreCard')?.status).toBe('chart');
  });

  it('a missing parent makes its blocks missing', () => {
    const { freeUserData: _, ...rest } = emptyAnalytics();
    expect(readAnalytics(rest).find((r) => r.id === 'scoreCard')?.view).toEqual({ status: 'none', reason: 'missing' });
  });

  it('a block inherited through the prototype is not read (a polluted Object.prototype cannot inject one)', () => {
    const { linkDetailsData, ...own } = emptyAnalytics();
    linkDetailsData.topBrowsers.data.browsers = [{ browser: 'Injected', count: 9 }];
    const data: unknown = Object.assign(Object.create({ linkDetailsData }), own);
    expect(readAnalytics(data).find((r) => r.id === 'topBrowsers')?.view).toEqual({ status: 'none', reason: 'missing' });
  });

  it('keys like __proto__ reach nothing outside the object', () => {
    const data = JSON.parse('{"__proto__": {"linkDetailsData": {"topBrowsers": {"chart":"bar","display":{"title":"x"},"data":{"browsers":[{"browser":"A","count":1}]}}}}}');
    expect(readAnalytics(data).find((r) => r.id === 'topBrowsers')?.view).toEqual({ status: 'none', reason: 'missing' });
    const tree = JSON.parse('{"__proto__": ["Polluted"], "Prosperity Zones": ["Goa"]}');
    const view = viewOf('advTree:power_parity_recommendation', (a) => (a.advanceAnalyticsData.advAnalytics.power_parity_recommendation.treeData.data = tree));
    if (view.status !== 'chart' || view.spec.kind !== 'treemap') throw new Error(JSON.stringify(view));
    expect(view.spec.tiles.map((t) => [show(t.group), t.members.map(show)])).toEqual([['Prosperity Zones', ['Goa']]]);
  });
});

describe('advanced views', () => {
  it('a tree group of 100 states lists 40 and counts the rest', () => {
    const names = Array.from({ length: 100 }, (_, i) => `S${i}`);
    const view = viewOf('advTree:age_groups_recommendation', (a) => (a.advanceAnalyticsData.advAnalytics.age_groups_recommendation.treeData.data = { 'Youthful EpiCenters': names }));
    if (view.status !== 'chart' || view.spec.kind !== 'treemap') throw new Error(JSON.stringify(view));
    const spec: TreemapSpec = view.spec;
    expect(spec.tiles[0]?.members).toHaveLength(40);
    expect(spec.tiles[0]?.size).toBe(100);
    expect(spec.table.rows[0]?.moreMembers).toBe(60);
  });

  it('buckets keep their scale order, not a ranking', () => {
    const spec = chart(viewOf('advPie:upi_penetration_recommendation', (a) => (a.advanceAnalyticsData.advAnalytics.upi_penetration_recommendation.pieChart.data = {
      'UPI Beginners': 9, 'Intermediate UPI Integration': 1, 'Advanced UPI Adoption': 4,
    })));
    expect(points(spec)).toEqual([['Advanced UPI Adoption', 4], ['Intermediate UPI Integration', 1], ['UPI Beginners', 9]]);
  });

  it('more buckets than a bar list holds are ranked and capped', () => {
    const counts = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`B${i}`, i + 1]));
    const spec = chart(viewOf('advPie:age_groups_recommendation', (a) => (a.advanceAnalyticsData.advAnalytics.age_groups_recommendation.pieChart.data = counts as never)));
    expect(points(spec).map((p) => p[0])).toEqual(['B11', 'B10', 'B9', 'B8', 'B7', 'B6', 'B5', 'B4', 'B3', 'B2', '#analyticsOther']);
  });
});
