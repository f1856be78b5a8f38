import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalyticsSchema, ADV_ANALYTICS_KEYS } from '../../lib/contract/schemas/analytics';
import { createClickWriter } from '../../server/clicks/click-writer';
import type { ClickRow } from '../../server/clicks/click-row';
import { percentageIncrease } from '../../server/analytics/blocks/click-trends';
import { computeAnalytics } from '../../server/analytics/compute';
import { openTestDatabase } from './test-database';
import { seedLink } from './clicks-fixtures';

const NOW = new Date('2026-11-20T10:00:00Z');
const DAY = 86_400_000;
const TODAY0 = Date.UTC(2026, 10, 20);

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let write: (rows: readonly ClickRow[]) => Promise<number>;

function click(at: number | string, extra: Partial<ClickRow> = {}): ClickRow {
  return {
    linkId: 'l1',
    atMs: typeof at === 'string' ? Date.parse(at) : at,
    browser: 'Chrome', device: 'Desktop', platform: 'Windows',
    country: 'Unknown', state: 'Unknown', city: 'Unknown', referrer: '',
    ...extra,
  };
}

beforeEach(async () => {
  db = await openTestDatabase();
  await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/' });
  await seedLink(db, { id: 'l2', keyword: 'other', longUrl: 'https://example.com/2' });
  write = createClickWriter(db);
});
afterEach(() => db.closeAndRemove());

describe('computeAnalytics with no clicks', () => {
  it('has every block, empty, and matches the wire schema', async () => {
    const a = (await computeAnalytics(db, 'l1', NOW));
    expect(v.safeParse(AnalyticsSchema, a).success).toBe(true);
    expect(a.freeUserData).toEqual({
      dropDownData: { countries: [], states: [], cities: [], devices: [], userSelection: {} },
      scoreCardDetails: { data: { totalClicks: 0, uniqueCities: [], uniqueCountries: [], uniqueStates: [] }, chart: 'scorecard' },
    });
    const d = a.linkDetailsData;
    expect(d.topBrowsers.data.browsers).toEqual([]);
    expect(d.topDevices.data.devices).toEqual([]);
    expect(d.topPlatforms.data.devices).toEqual([]);
    expect(d.daywiseDevices.data).toEqual({
      series: [],
      seriesCategory: ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'],
    });
    expect(d.topStates.data).toEqual([]);
    expect(d.topCities.data).toEqual([]);
    expect(d.clickTrends.data).toEqual({ totalClicks: 0, percentageIncrease: 0 });
    expect(d.monthYearPlatform.data.series).toEqual([]);
    expect(d.monthYearPlatform.data.categories).toEqual([
      '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05',
      '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11',
    ]);
    expect(d.hourDayClicks.data).toEqual({ series: Array(24).fill(0), categories: [...Array(24).keys()] });
    expect(d.clickedCountries.data).toEqual([['Country', 'Clicks']]);
    for (const [key, buckets] of Object.entries(ADV_ANALYTICS_KEYS)) {
      const entry = a.advanceAnalyticsData.advAnalytics[key as keyof typeof ADV_ANALYTICS_KEYS];
      expect(entry.treeData.data).toEqual(Object.fromEntries(buckets.map((b) => [b, []])));
      expect(entry.pieChart.data).toEqual(Object.fromEntries(buckets.map((b) => [b, 0])));
    }
  });

  it('gives every chart a kind and a real title', async () => {
    const d = (await computeAnalytics(db, 'l1', NOW)).linkDetailsData;
    for (const block of Object.values(d)) {
      expect(block.chart).toMatch(/^(bar|pie|doughnut|line|area|heatmap|geo|treemap|scorecard)$/);
      expect(block.display.title.length).toBeGreaterThan(5);
    }
    expect(d.hourDayClicks.display).toEqual({
      title: 'Clicks by hour of day (UTC)', xAxisTitle: 'Hour of day (UTC)', yAxis: 'Clicks',
    });
    expect(d.monthYearPlatform.display).toMatchObject({ xAxisTitle: 'Month', yAxis: 'Clicks' });
    expect(d.clickedCountries.display).toEqual({ title: 'Clicks by country', yAxis: 'Clicks' });
  });
});

describe('computeAnalytics on known clicks', () => {
  beforeEach(async () => {
    const today = '2026-11-20T09:15:00Z';
    await write([
      click(today, { country: 'IN', state: 'Maharashtra', city: 'Mumbai' }),
      click(today, { country: 'IN', state: 'Maharashtra', city: 'Pune', browser: 'Firefox' }),
      click(today, { country: 'IN', state: 'Bihar', city: 'Patna', device: 'Mobile', platform: 'Android' }),
      click('2026-11-19T23:30:00Z', { country: 'IN', state: 'IN-OR', city: 'Bhubaneswar', device: 'Mobile', platform: 'Android' }),
      click('2026-11-19T23:45:00Z', { country: 'US', state: 'California', city: 'San Francisco', device: 'Tablet', platform: 'iOS', browser: 'Safari' }),
      click('2026-06-01T12:00:00Z', { country: 'PK', state: 'Punjab', city: 'Lahore' }),
      // Another link's clicks never show up in l1's answer.
      click(today, { linkId: 'l2', country: 'FR', state: 'Île-de-France', city: 'Paris', browser: 'Opera' }),
    ]);
  });

  it('counts each block', async () => {
    const a = (await computeAnalytics(db, 'l1', NOW));
    expect(v.safeParse(AnalyticsSchema, a).success).toBe(true);
    expect(a.freeUserData.scoreCardDetails.data).toEqual({
      totalClicks: 6,
      uniqueCities: ['Bhubaneswar', 'Lahore', 'Mumbai', 'Patna', 'Pune', 'San Francisco'],
      uniqueCountries: ['IN', 'PK', 'US'],
      uniqueStates: ['Bihar', 'California', 'IN-OR', 'Maharashtra', 'Punjab'],
    });
    expect(a.freeUserData.dropDownData.devices).toEqual(['Desktop', 'Mobile', 'Tablet']);
    const d = a.linkDetailsData;
    expect(d.topBrowsers.data.browsers).toEqual([
      { count: 4, browser: 'Chrome' }, { count: 1, browser: 'Firefox' }, { count: 1, browser: 'Safari' },
    ]);
    expect(d.topDevices.data.devices).toEqual([
      { count: 3, device: 'Desktop' }, { count: 2, device: 'Mobile' }, { count: 1, device: 'Tablet' },
    ]);
    expect(d.topPlatforms.data.devices).toEqual([
      { platform: 'Windows', count: 3 }, { platform: 'Android', count: 2 }, { platform: 'iOS', count: 1 },
    ]);
    expect(d.daywiseDevices.data.series).toEqual([
      // Two clicks each: ties go alphabetically.
      { name: 'Desktop', data: [0, 0, 0, 0, 0, 0, 2] },
      { name: 'Mobile', data: [0, 0, 0, 0, 0, 1, 1] },
      { name: 'Tablet', data: [0, 0, 0, 0, 0, 1, 0] },
    ]);
    expect(d.topStates.data[0]).toEqual({ count: 2, state: 'Maharashtra' });
    expect(d.topStates.data).toHaveLength(5);
    expect(d.topCities.data.map((c) => c.count)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(d.clickTrends.data).toEqual({ totalClicks: 5, percentageIncrease: 100 });
    expect(d.monthYearPlatform.data.series).toEqual([
      { name: 'Windows', data: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2] },
      { name: 'Android', data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2] },
      { name: 'iOS', data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] },
    ]);
    const hours = Array(24).fill(0);
    hours[9] = 3;
    hours[23] = 2;
    hours[12] = 1;
    expect(d.hourDayClicks.data.series).toEqual(hours);
    expect(d.clickedCountries.data).toEqual([['Country', 'Clicks'], ['IN', 4], ['PK', 1], ['US', 1]]);
  });

  it('buckets Indian states only (aliases and ISO codes included)', async () => {
    const adv = (await computeAnalytics(db, 'l1', NOW)).advanceAnalyticsData.advAnalytics;
    // Maharashtra (2), Bihar (1), Odisha via IN-OR (1); California and Pakistan's Punjab are not Indian.
    expect(adv.power_parity_recommendation.pieChart.data).toEqual({
      'Prosperity Zones': 0, 'Balanced Economies': 3, 'Economic Struggles': 1,
    });
    expect(adv.power_parity_recommendation.treeData.data).toEqual({
      'Prosperity Zones': [], 'Balanced Economies': ['Maharashtra', 'Odisha'], 'Economic Struggles': ['Bihar'],
    });
    expect(adv.population_literacy_recommendation.pieChart.data).toEqual({
      'Educational Frontiers': 2, 'Diverse Growth Districts': 1, 'Emerging Development Corridors': 1,
    });
    expect(adv.upi_penetration_recommendation.pieChart.data).toEqual({
      'Advanced UPI Adoption': 2, 'Intermediate UPI Integration': 1, 'UPI Beginners': 1,
    });
    expect(adv.age_groups_recommendation.pieChart.data).toEqual({
      'Youthful EpiCenters': 1, 'Age-Balanced Environments': 3, 'Youth Deficient Districts': 0,
    });
  });

  it('forgets a deleted link’s clicks and rollups', async () => {
    await db.run("DELETE FROM links WHERE id = 'l1'");
    for (const table of ['click_daily', 'click_hours', 'click_recent_hours', 'click_browsers', 'click_places']) {
      expect((await db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE link_id = 'l1'`))?.n).toBe(0);
    }
    // Raw clicks refer to the link's number: only l2's one click is left.
    expect(Number((await db.get<{ n: number }>('SELECT count(*) AS n FROM clicks'))?.n)).toBe(1);
    expect((await computeAnalytics(db, 'l1', NOW)).freeUserData.scoreCardDetails.data.totalClicks).toBe(0);
  });
});

describe('window boundaries (UTC)', () => {
  it('30-day trend: today and the 29 days before, against the 30 before those', async () => {
    await write([
      click(TODAY0 - 29 * DAY), // first day of the current window
      click(TODAY0 - 29 * DAY - 1), // last millisecond of the previous window
      click(TODAY0 - 59 * DAY), // first day of the previous window
      click(TODAY0 - 59 * DAY - 1), // outside both
      click(TODAY0 + DAY - 1), // last millisecond of today
    ]);
    expect((await computeAnalytics(db, 'l1', NOW)).linkDetailsData.clickTrends.data).toEqual({ totalClicks: 2, percentageIncrease: 0 });
    await write([click(TODAY0)]);
    expect((await computeAnalytics(db, 'l1', NOW)).linkDetailsData.clickTrends.data).toEqual({ totalClicks: 3, percentageIncrease: 50 });
  });

  it('7 days per device: today and the 6 days before', async () => {
    await write([click(TODAY0 - 6 * DAY), click(TODAY0 - 6 * DAY - 1), click(TODAY0 + DAY - 1)]);
    expect((await computeAnalytics(db, 'l1', NOW)).linkDetailsData.daywiseDevices.data.series).toEqual([
      { name: 'Desktop', data: [1, 0, 0, 0, 0, 0, 1] },
    ]);
  });

  it('12 months per platform: from the first of the month 11 months ago', async () => {
    await write([
      click('2025-12-01T00:00:00.000Z'),
      click('2025-11-30T23:59:59.999Z'),
      click('2026-11-30T12:00:00.000Z', { platform: 'Linux' }), // later than now: not in the window yet
    ]);
    expect((await computeAnalytics(db, 'l1', NOW)).linkDetailsData.monthYearPlatform.data.series).toEqual([
      { name: 'Windows', data: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
    ]);
  });

  it('months roll over the year in January', async () => {
    const categories = (await computeAnalytics(db, 'l1', new Date('2027-01-01T00:00:00Z'))).linkDetailsData.monthYearPlatform.data.categories;
    expect(categories[0]).toBe('2026-02');
    expect(categories[11]).toBe('2027-01');
  });
});

describe('percentageIncrease', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 100],
    [0, 5, -100],
    [15, 10, 50],
    [10, 15, -33],
    [1, 3, -67],
    [2, 3, -33],
    [201, 200, 1],
    [1001, 1000, 0],
    [3, 2, 50],
  ])('%i after %i -> %i', (current, previous, expected) => {
    expect(percentageIncrease(current, previous)).toBe(expected);
  });
});
