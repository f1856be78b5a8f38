/**
 * Days in the reader's time zone (GET …?timeZone=, docs/interface.md): the
 * last 7 days per device and the 30-day trend grouped by local date, with
 * the zone's own offsets (summer time, half hours), from the rollup of
 * clicks per UTC hour; a zone the service does not know answers in UTC. And
 * that rollup's upkeep by the click writers: rows older than 62 days go.
 */
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AnalyticsResponseSchema } from '../../lib/contract/schemas/analytics';
import { computeAnalytics } from '../../server/analytics/compute';
import { requestZone } from '../../server/analytics/zone-days';
import type { ClickRow } from '../../server/clicks/click-row';
import { createClickWriter } from '../../server/clicks/click-writer';
import { RECENT_HOURS_KEPT } from '../../server/clicks/recent-hours';
import { seedLink } from './clicks-fixtures';
import { startHarness, type Harness } from './harness';
import { openTestDatabase } from './test-database';

const HOUR = 3_600_000;
const DAY = 86_400_000;

function click(at: string | number, extra: Partial<ClickRow> = {}): ClickRow {
  return {
    linkId: 'l1',
    atMs: typeof at === 'string' ? Date.parse(at) : at,
    browser: 'Chrome', device: 'Desktop', platform: 'Windows',
    country: 'Unknown', state: 'Unknown', city: 'Unknown', referrer: '',
    ...extra,
  };
}

/** The 7 days' labels and each day's clicks (all devices), oldest first. */
async function week(zone: string, now: string) {
  const { series, seriesCategory } = (await computeAnalytics(db, 'l1', new Date(now), zone)).linkDetailsData.daywiseDevices.data;
  const perDay = seriesCategory.map((_, i) => series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0));
  return Object.fromEntries(seriesCategory.map((day, i) => [day, perDay[i]]));
}

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let write: (rows: readonly ClickRow[]) => Promise<number>;

beforeEach(async () => {
  db = await openTestDatabase();
  await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/' });
  write = createClickWriter(db);
});
afterEach(() => db.closeAndRemove());

describe('the last 7 days, by local date', () => {
  it('New York: 21:00 on Nov 28 is Nov 28 there, though it is Nov 29 in UTC', async () => {
    // 02:00 UTC Nov 29 is 21:00 Nov 28 in New York; 14:00 UTC is 09:00 Nov 29.
    await write([click('2026-11-29T02:00:00Z'), click('2026-11-29T14:00:00Z', { device: 'Mobile' })]);
    const a = await computeAnalytics(db, 'l1', new Date('2026-11-29T15:00:00Z'), 'America/New_York');
    expect(a.timeZone).toBe('America/New_York');
    expect(a.linkDetailsData.daywiseDevices.data).toEqual({
      series: [
        { name: 'Desktop', data: [0, 0, 0, 0, 0, 1, 0] },
        { name: 'Mobile', data: [0, 0, 0, 0, 0, 0, 1] },
      ],
      seriesCategory: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'],
    });
    expect(a.linkDetailsData.daywiseDevices.display.title).toBe('Clicks by device, last 7 days (America/New_York)');
    // In UTC both are on Nov 29, as before.
    expect(await week('UTC', '2026-11-29T15:00:00Z')).toMatchObject({ '2026-11-28': 0, '2026-11-29': 2 });
  });

  it("today is the zone's today: at 03:00 UTC Nov 29 New York is still on Nov 28", async () => {
    await write([click('2026-11-29T02:00:00Z')]);
    const days = await week('America/New_York', '2026-11-29T03:00:00Z');
    expect(Object.keys(days).at(-1)).toBe('2026-11-28');
    expect(days['2026-11-28']).toBe(1);
  });

  it('the day summer time ends (New York, Nov 1 2026) has 25 hours, each hour on its own date', async () => {
    await write([
      click('2026-11-01T03:30:00Z'), // 23:30 Oct 31, EDT (UTC-4)
      click('2026-11-01T04:30:00Z'), // 00:30 Nov 1, EDT
      click('2026-11-01T05:30:00Z'), // 01:30 Nov 1, EDT
      click('2026-11-01T06:30:00Z'), // 01:30 Nov 1 again, EST (UTC-5)
      click('2026-11-02T04:30:00Z'), // 23:30 Nov 1, EST
      click('2026-11-02T05:30:00Z'), // 00:30 Nov 2, EST
    ]);
    // One fixed offset (today's, -5) would put 04:30 UTC Nov 1 on Oct 31.
    expect(await week('America/New_York', '2026-11-03T12:00:00Z')).toEqual({
      '2026-10-28': 0, '2026-10-29': 0, '2026-10-30': 0, '2026-10-31': 1, '2026-11-01': 4, '2026-11-02': 1, '2026-11-03': 0,
    });
  });

  it('India (+5:30): each UTC hour counts on the date its middle falls on', async () => {
    // Midnight of Nov 29 in India is 18:30 UTC Nov 28: the hour 18:00-19:00 UTC (23:30-00:30 there) counts on Nov 29.
    await write([
      click('2026-11-28T17:50:00Z'), // 23:20 Nov 28 IST: Nov 28
      click('2026-11-28T18:10:00Z'), // 23:40 Nov 28 IST: its hour's middle is 00:00 Nov 29, so Nov 29
      click('2026-11-28T18:50:00Z'), // 00:20 Nov 29 IST: Nov 29
    ]);
    expect(await week('Asia/Kolkata', '2026-11-29T12:00:00Z')).toMatchObject({ '2026-11-28': 1, '2026-11-29': 2 });
  });

  it('India (+5:30): a click in the half hour before local midnight counts today while that day lasts, never nowhere', async () => {
    // 18:10 UTC Nov 29 is 23:40 IST: its hour's middle is already Nov 30 there, which has not begun at 18:15 UTC.
    await write([click('2026-11-29T18:10:00Z')]);
    const before = await computeAnalytics(db, 'l1', new Date('2026-11-29T18:15:00Z'), 'Asia/Kolkata');
    expect(before.linkDetailsData.daywiseDevices.data.seriesCategory.at(-1)).toBe('2026-11-29');
    expect(before.linkDetailsData.daywiseDevices.data.series).toEqual([{ name: 'Desktop', data: [0, 0, 0, 0, 0, 0, 1] }]);
    expect(before.linkDetailsData.clickTrends.data.totalClicks).toBe(1);
    // After local midnight the hour counts on Nov 30, today there, by the rule of its middle.
    const after = await week('Asia/Kolkata', '2026-11-29T18:40:00Z');
    expect(Object.keys(after).at(-1)).toBe('2026-11-30');
    expect(after).toMatchObject({ '2026-11-29': 0, '2026-11-30': 1 });
  });

  it('Nepal (+5:45): the same for the last quarter hour before local midnight', async () => {
    // Midnight of Nov 30 in Nepal is 18:15 UTC Nov 29; 18:05 UTC is 23:50 Nov 29 there.
    await write([click('2026-11-29T18:05:00Z')]);
    const a = await computeAnalytics(db, 'l1', new Date('2026-11-29T18:10:00Z'), 'Asia/Kathmandu');
    expect(a.linkDetailsData.daywiseDevices.data.seriesCategory.at(-1)).toBe('2026-11-29');
    expect(a.linkDetailsData.clickTrends.data.totalClicks).toBe(1);
  });
});

describe('the 30-day trend, by local date', () => {
  it('starts at local midnight of the 30th day back, with that day\'s own offset', async () => {
    // Today in New York is Nov 29 (EST); the window starts on Oct 31, whose midnight is 04:00 UTC (EDT).
    await write([
      click('2026-10-31T03:30:00Z'), // 23:30 Oct 30 EDT: the 30 days before
      click('2026-10-31T04:30:00Z'), // 00:30 Oct 31 EDT: the last 30 days
      click('2026-11-29T02:00:00Z'), // 21:00 Nov 28: the last 30 days
      click('2026-11-30T03:00:00Z'), // 22:00 Nov 29 EST, later today: the last 30 days
      click('2026-11-30T04:30:00Z'), // 23:30 Nov 29 EST: the last 30 days
      click('2026-09-30T12:00:00Z'), // Sep 30: the 30 days before start on Oct 1 there
      click('2026-10-01T03:59:00Z'), // 23:59 Sep 30 EDT: outside both
    ]);
    const now = new Date('2026-11-29T15:00:00Z');
    const local = (await computeAnalytics(db, 'l1', now, 'America/New_York')).linkDetailsData.clickTrends.data;
    expect(local).toEqual({ totalClicks: 4, percentageIncrease: 300 });
    // In UTC days the window starts at 00:00 UTC Oct 31 (both Oct 31 clicks count), the Nov 30 ones are
    // tomorrow's, and 03:59 UTC Oct 1 is in the 30 days before.
    expect((await computeAnalytics(db, 'l1', now)).linkDetailsData.clickTrends.data).toEqual({ totalClicks: 3, percentageIncrease: 200 });
  });

  it('agrees with the 7 days: their clicks are among the 30 days\'', async () => {
    await write([click('2026-11-23T04:30:00Z'), click('2026-11-23T05:30:00Z'), click('2026-11-29T02:00:00Z')]);
    const a = await computeAnalytics(db, 'l1', new Date('2026-11-29T15:00:00Z'), 'America/New_York');
    const last7 = a.linkDetailsData.daywiseDevices.data.series.reduce((sum, s) => sum + s.data.reduce((x, y) => x + y, 0), 0);
    // 04:30 UTC Nov 23 is 23:30 Nov 22 there: before the 7 days, inside the 30.
    expect(last7).toBe(2);
    expect(a.linkDetailsData.clickTrends.data.totalClicks).toBe(3);
  });
});

describe('the zone asked', () => {
  it.each([
    [undefined, 'UTC'],
    ['', 'UTC'],
    ['Mars/Olympus_Mons', 'UTC'],
    ['America/New_York'.padEnd(65, 'x'), 'UTC'],
    ['Etc/UTC', 'UTC'],
    ['GMT', 'UTC'],
    ['America/New_York', 'America/New_York'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
  ])('%s is grouped in %s', (asked, zone) => {
    expect(requestZone(asked)).toBe(zone);
  });

  it('UTC days are the daily rollup\'s, as without a zone', async () => {
    await write([click('2026-11-29T02:00:00Z')]);
    const now = new Date('2026-11-29T15:00:00Z');
    const plain = await computeAnalytics(db, 'l1', now);
    expect(plain.timeZone).toBe('UTC');
    expect(await computeAnalytics(db, 'l1', now, 'UTC')).toEqual(plain);
  });
});

describe('GET /link/{linkId}/{workspaceId}?timeZone=', () => {
  let h: Harness;
  let token: string;
  let linkId: string;
  beforeAll(async () => {
    h = await startHarness({}, { now: () => new Date('2026-11-29T15:00:00Z') });
    token = await h.token('ws1');
    const made = await h.call('POST', '/link', { token, body: { workspaceId: 'ws1', keywordType: 'HASH', longUrl: 'https://example.com/zone' } });
    linkId = (made.json.data as { linkId: string }).linkId;
    await createClickWriter(h.server.ctx.db)([click('2026-11-29T02:00:00Z', { linkId })]);
  });
  afterAll(() => h.close());

  const days = async (query?: Record<string, string>) => {
    const answer = await h.call('GET', `/link/${linkId}/ws1`, { token, ...(query ? { query } : {}) });
    expect(answer.status).toBe(200);
    const parsed = v.parse(AnalyticsResponseSchema, answer.body).data;
    return { zone: parsed.timeZone, days: parsed.linkDetailsData.daywiseDevices.data, trend: parsed.linkDetailsData.clickTrends.data.totalClicks };
  };

  it('groups the days in the zone asked, and names it', async () => {
    const got = await days({ timeZone: 'America/New_York' });
    expect(got.zone).toBe('America/New_York');
    expect(got.days.seriesCategory.at(-1)).toBe('2026-11-29');
    expect(got.days.series).toEqual([{ name: 'Desktop', data: [0, 0, 0, 0, 0, 1, 0] }]);
    expect(got.trend).toBe(1);
  });

  it('answers in UTC, not with an error, for a zone it does not know, one too long, or none', async () => {
    for (const query of [{ timeZone: 'Mars/Olympus_Mons' }, { timeZone: 'x'.repeat(200) }, { timeZone: '../../etc' }, undefined]) {
      const got = await days(query);
      expect(got.zone).toBe('UTC');
      expect(got.days.series).toEqual([{ name: 'Desktop', data: [0, 0, 0, 0, 0, 0, 1] }]);
    }
  });
});

describe('the rollup per UTC hour: kept 62 days', () => {
  const rows = async () =>
    (await db.all<{ hour: number; device: string; clicks: number }>('SELECT hour, device, clicks FROM click_recent_hours WHERE link_id = ? ORDER BY hour, device', ['l1'])).map(
      (row) => [Number(row.hour), row.device, Number(row.clicks)],
    );
  const T0 = Date.parse('2026-09-01T10:15:00Z');
  const h0 = Math.floor(T0 / HOUR);

  it('counts each hour and device, adding up over batches', async () => {
    await write([click(T0), click(T0 + 60_000, { device: 'Mobile' })]);
    await write([click(T0 + 120_000), click(T0 + HOUR)]);
    expect(await rows()).toEqual([[h0, 'Desktop', 2], [h0, 'Mobile', 1], [h0 + 1, 'Desktop', 1]]);
  });

  it('deletes the hours older than 62 days once a later click is written; keeps those within', async () => {
    await write([click(T0), click(T0 + DAY)]);
    await write([click(T0 + 62 * DAY - HOUR)]);
    expect((await rows()).map(([hour]) => hour)).toEqual([h0, h0 + 24, h0 + RECENT_HOURS_KEPT - 1]);
    await write([click(T0 + 62 * DAY)]);
    // The hour of T0 is now 62 days old: gone; the day after stays.
    expect((await rows()).map(([hour]) => hour)).toEqual([h0 + 24, h0 + RECENT_HOURS_KEPT - 1, h0 + RECENT_HOURS_KEPT]);
    // A late click older than the window is counted everywhere else, not here.
    await write([click(T0 - DAY)]);
    expect((await rows()).map(([hour]) => hour)).toEqual([h0 + 24, h0 + RECENT_HOURS_KEPT - 1, h0 + RECENT_HOURS_KEPT]);
    expect(Number((await db.get<{ n: number }>('SELECT total_clicks AS n FROM links WHERE id = ?', ['l1']))?.n)).toBe(5);
  });

  it("goes with its link", async () => {
    await write([click(T0)]);
    await db.run("DELETE FROM links WHERE id = 'l1'");
    expect(await rows()).toEqual([]);
  });
});
