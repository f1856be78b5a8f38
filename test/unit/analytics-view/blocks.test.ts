import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analytics } from '../../../lib/contract/schemas/analytics';
import type { BlockId } from '../../../lib/analytics-view/block-id';
import { readAnalytics } from '../../../lib/analytics-view/read-analytics';
import type { BlockView, ChartSpec, Label } from '../../../lib/analytics-view/types';
import { computeAnalytics } from '../../../server/analytics/compute';
import { createClickWriter } from '../../../server/clicks/click-writer';
import type { ClickRow } from '../../../server/clicks/click-row';
import { openDatabase, type Database } from '../../../server/db/open';
import { seedLink } from '../../server/clicks-fixtures';

/** Labels as a reader would see them: the service's text, or #key for a catalogue key. */
const show = (label: Label | null) => (label === null ? null : 'text' in label ? label.text : `#${label.key}`);

function click(at: string, extra: Partial<ClickRow> = {}): ClickRow {
  return {
    linkId: 'l1', atMs: Date.parse(at),
    browser: 'Chrome', device: 'Desktop', platform: 'Windows',
    country: 'Unknown', state: 'Unknown', city: 'Unknown', referrer: '',
    ...extra,
  };
}

const NOW = new Date('2026-11-20T10:00:00Z');
let db: Database;
let empty: Analytics;
let real: Analytics;

// The real service's answer: compute.ts over clicks recorded in an in-memory SQLite.
beforeAll(async () => {
  db = await openDatabase(':memory:');
  await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/' });
  empty = await computeAnalytics(db, 'l1', NOW);
  const today = '2026-11-20T09:15:00Z';
  await createClickWriter(db)([
    click(today, { country: 'IN', state: 'Maharashtra', city: 'Mumbai' }),
    click(today, { country: 'IN', state: 'Maharashtra', city: 'Pune', browser: 'Firefox' }),
    click(today, { country: 'IN', state: 'Bihar', city: 'Patna', device: 'Mobile', platform: 'Android' }),
    click('2026-11-19T23:30:00Z', { country: 'IN', state: 'IN-OR', city: 'Bhubaneswar', device: 'Mobile', platform: 'Android' }),
    click('2026-11-19T23:45:00Z', { country: 'US', state: 'California', city: 'San Francisco', device: 'Tablet', platform: 'iOS', browser: 'Safari' }),
    click('2026-06-01T12:00:00Z', { country: 'PK', state: 'Punjab', city: 'Lahore' }),
  ]);
  real = await computeAnalytics(db, 'l1', NOW);
});
afterAll(() => db.close());

function specOf(data: unknown, id: BlockId): ChartSpec {
  const view = readAnalytics(data).find((r) => r.id === id)?.view;
  if (view?.status !== 'chart') throw new Error(`${id}: ${JSON.stringify(view)}`);
  return view.spec;
}

/** What a chart would draw, in plain values: kind, title, axes, and category label -> counts. */
function drawn(spec: ChartSpec) {
  if (spec.kind === 'figures') return { kind: spec.kind, title: show(spec.title), figures: spec.figures.map((f) => [f.key, f.value, f.unit]) };
  if (spec.kind === 'treemap') {
    return { kind: spec.kind, title: show(spec.title), tiles: spec.tiles.map((t) => [show(t.group), t.members.map(show), t.size]) };
  }
  return {
    kind: spec.kind,
    title: show(spec.title),
    axes: [show(spec.axes.category), show(spec.axes.value)],
    legend: spec.datasets.map((d) => show(d.label)),
    points: spec.labels.map((label, i) => [show(label), ...spec.datasets.map((d) => d.data[i])]),
  };
}

const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const hours = Array.from({ length: 24 }, (_, h) => [String(h), h === 9 ? 3 : h === 23 ? 2 : h === 12 ? 1 : 0]);

describe('every block of a real answer', () => {
  it.each<[BlockId, object]>([
    ['scoreCard', {
      kind: 'figures', title: '#analyticsScoreCard',
      figures: [['analyticsTotalClicks', 6, 'count'], ['analyticsUniqueCountries', 3, 'count'], ['analyticsUniqueStates', 5, 'count'], ['analyticsUniqueCities', 6, 'count']],
    }],
    ['clickTrends', {
      kind: 'figures', title: 'Clicks in the last 30 days',
      figures: [['analyticsTotalClicks', 5, 'count'], ['analyticsPercentageChange', 100, 'percent']],
    }],
    ['daywiseDevices', {
      kind: 'bar', title: 'Clicks by device, last 7 days (UTC)', axes: [null, '#analyticsClicks'],
      legend: ['Desktop', 'Mobile', 'Tablet'],
      points: [
        ['2026-11-14', 0, 0, 0], ['2026-11-15', 0, 0, 0], ['2026-11-16', 0, 0, 0], ['2026-11-17', 0, 0, 0],
        ['2026-11-18', 0, 0, 0], ['2026-11-19', 0, 1, 1], ['2026-11-20', 2, 1, 0],
      ],
    }],
    ['monthYearPlatform', {
      kind: 'line', title: 'Clicks by platform, last 12 months (UTC)', axes: ['Month', 'Clicks'],
      legend: ['Windows', 'Android', 'iOS'],
      points: months.map((m) => [m, m === '2026-06' ? 1 : m === '2026-11' ? 2 : 0, m === '2026-11' ? 2 : 0, m === '2026-11' ? 1 : 0]),
    }],
    ['hourDayClicks', {
      kind: 'bar', title: 'Clicks by hour of day (UTC)', axes: ['Hour of day (UTC)', 'Clicks'], legend: [null], points: hours,
    }],
    ['topBrowsers', {
      kind: 'horizontalBar', title: 'Top browsers', axes: [null, '#analyticsClicks'], legend: [null],
      points: [['Chrome', 4], ['Firefox', 1], ['Safari', 1]],
    }],
    ['topDevices', {
      kind: 'horizontalBar', title: 'Top devices', axes: [null, '#analyticsClicks'], legend: [null],
      points: [['Desktop', 3], ['Mobile', 2], ['Tablet', 1]],
    }],
    ['topPlatforms', {
      kind: 'horizontalBar', title: 'Top platforms', axes: [null, '#analyticsClicks'], legend: [null],
      points: [['Windows', 3], ['Android', 2], ['iOS', 1]],
    }],
    ['clickedCountries', {
      // The service asks for a map; without one the ranked bar is drawn, axes from the table's header.
      kind: 'horizontalBar', title: 'Clicks by country', axes: ['Country', 'Clicks'], legend: [null],
      points: [['IN', 4], ['PK', 1], ['US', 1]],
    }],
    ['topStates', {
      kind: 'horizontalBar', title: 'Top states', axes: [null, '#analyticsClicks'], legend: [null],
      points: [['Maharashtra', 2], ['Bihar', 1], ['California', 1], ['IN-OR', 1], ['Punjab', 1]],
    }],
    ['topCities', {
      kind: 'horizontalBar', title: 'Top cities', axes: [null, '#analyticsClicks'], legend: [null],
      points: [['Bhubaneswar', 1], ['Lahore', 1], ['Mumbai', 1], ['Patna', 1], ['Pune', 1], ['San Francisco', 1]],
    }],
    ['advPie:power_parity_recommendation', {
      kind: 'horizontalBar', title: 'Clicks by state per-capita income', axes: [null, '#analyticsClicks'], legend: [null],
      points: [['Prosperity Zones', 0], ['Balanced Economies', 3], ['Economic Struggles', 1]],
    }],
    ['advTree:power_parity_recommendation', {
      kind: 'treemap', title: 'States with clicks by per-capita income',
      tiles: [['Balanced Economies', ['Maharashtra', 'Odisha'], 2], ['Economic Struggles', ['Bihar'], 1]],
    }],
    ['advPie:population_literacy_recommendation', {
      kind: 'horizontalBar', title: 'Clicks by state literacy rate', axes: [null, '#analyticsClicks'], legend: [null],
      points: [['Educational Frontiers', 2], ['Diverse Growth Districts', 1], ['Emerging Development Corridors', 1]],
    }],
    ['advPie:upi_penetration_recommendation', {
      kind: 'horizontalBar', title: 'Clicks by state UPI adoption', axes: [null, '#analyticsClicks'], legend: [null],
      points: [['Advanced UPI Adoption', 2], ['Intermediate UPI Integration', 1], ['UPI Beginners', 1]],
    }],
    ['advPie:age_groups_recommendation', {
      kind: 'horizontalBar', title: 'Clicks by state median age', axes: [null, '#analyticsClicks'], legend: [null],
      points: [['Youthful EpiCenters', 1], ['Age-Balanced Environments', 3], ['Youth Deficient Districts', 0]],
    }],
  ])('%s', (id, expected) => {
    const spec = specOf(real, id);
    expect(drawn(spec)).toEqual(expected);
    expect(spec.clamped).toBe(false);
  });

  it('the other three tree views each have a tile per bucket with clicks', () => {
    for (const key of ['population_literacy_recommendation', 'upi_penetration_recommendation', 'age_groups_recommendation'] as const) {
      const spec = specOf(real, `advTree:${key}`);
      if (spec.kind !== 'treemap') throw new Error(spec.kind);
      const pie = real.advanceAnalyticsData.advAnalytics[key].treeData.data;
      expect(spec.tiles.map((t) => show(t.group)).sort()).toEqual(Object.keys(pie).filter((k) => (pie[k] ?? []).length > 0).sort());
    }
  });

  it('every chart has a text table with the same figures as the chart', () => {
    for (const { id, view } of readAnalytics(real)) {
      if (view.status !== 'chart') throw new Error(`${id} has no chart`);
      const { spec } = view;
      const { head, rows } = spec.table;
      if (spec.kind === 'figures') {
        expect(rows.map((r) => [show(r.label), r.values, r.unit])).toEqual(spec.figures.map((f) => [`#${f.key}`, [f.value], f.unit]));
      } else if (spec.kind === 'treemap') {
        expect(head.map(show)).toEqual(['#analyticsStatesWithClicks']);
        expect(rows.map((r) => [show(r.label), r.values, r.members?.map(show), r.moreMembers])).toEqual(
          spec.tiles.map((t) => [show(t.group), [t.size], t.members.map(show), 0]),
        );
      } else {
        expect(head.map(show)).toEqual(spec.datasets.map((d) => show(d.label ?? spec.axes.value)));
        expect(rows.map((r) => [show(r.label), ...r.values])).toEqual(spec.labels.map((l, i) => [show(l), ...spec.datasets.map((d) => d.data[i])]));
      }
    }
  });
});

describe('a link with no clicks', () => {
  it('shows its figures and an "empty" state for every chart', () => {
    const views = Object.fromEntries(readAnalytics(empty).map((r) => [r.id, r.view]));
    const charts = Object.entries(views).filter(([, view]) => view.status === 'chart').map(([id]) => id);
    expect(charts).toEqual(['scoreCard', 'clickTrends']);
    for (const [id, view] of Object.entries(views) as [string, BlockView][]) {
      if (!charts.includes(id)) expect(view).toEqual({ status: 'none', reason: 'empty' });
    }
  });
});

describe('the chart hint', () => {
  const withHint = (path: [string, string], chart: unknown) => {
    const copy = structuredClone(real) as unknown as Record<string, Record<string, Record<string, unknown>>>;
    const block = copy[path[0]]?.[path[1]];
    if (block) block.chart = chart;
    return copy;
  };

  // The hint is a hint: each block is drawn the way it reads best at a side panel's width, whatever it names.
  it.each<[BlockId, [string, string], unknown, string]>([
    ['topBrowsers', ['linkDetailsData', 'topBrowsers'], 'bar', 'horizontalBar'],
    ['topBrowsers', ['linkDetailsData', 'topBrowsers'], ' PIE ', 'horizontalBar'],
    ['topBrowsers', ['linkDetailsData', 'topBrowsers'], 42, 'horizontalBar'],
    ['topBrowsers', ['linkDetailsData', 'topBrowsers'], 'constructor', 'horizontalBar'],
    ['topStates', ['linkDetailsData', 'topStates'], 'doughnut', 'horizontalBar'],
    ['monthYearPlatform', ['linkDetailsData', 'monthYearPlatform'], 'bar', 'line'],
    ['monthYearPlatform', ['linkDetailsData', 'monthYearPlatform'], 'pie', 'line'],
    ['daywiseDevices', ['linkDetailsData', 'daywiseDevices'], 'line', 'bar'],
    ['hourDayClicks', ['linkDetailsData', 'hourDayClicks'], 'heatmap', 'bar'],
    ['hourDayClicks', ['linkDetailsData', 'hourDayClicks'], 'line', 'bar'],
    ['clickTrends', ['linkDetailsData', 'clickTrends'], 'trend', 'figures'],
    ['scoreCard', ['freeUserData', 'scoreCardDetails'], undefined, 'figures'],
  ])('%s at %j with hint %j draws %s', (id, path, hint, kind) => {
    expect(specOf(withHint(path, hint), id).kind).toBe(kind);
  });

  it('a long list keeps the ten largest and sums the rest as "other", whatever the hint', () => {
    const copy = structuredClone(real);
    copy.linkDetailsData.topCities.chart = 'pie';
    copy.linkDetailsData.topCities.data = Array.from({ length: 12 }, (_, i) => ({ city: `C${i}`, count: i + 1 }));
    expect(drawn(specOf(copy, 'topCities'))).toMatchObject({
      kind: 'horizontalBar',
      points: [['C11', 12], ['C10', 11], ['C9', 10], ['C8', 9], ['C7', 8], ['C6', 7], ['C5', 6], ['C4', 5], ['C3', 4], ['C2', 3], ['#analyticsOther', 2 + 1]],
    });
  });
});
