import type { Analytics } from '../../../lib/contract/schemas/analytics';
import type { Sql } from '../../db/sql';
import { dayLabel, utcDay } from '../utc-windows';
import { zoneDays } from '../zone-days';

export const DAYWISE_DAYS = 7;

type Daywise = Analytics['linkDetailsData']['daywiseDevices'];

/**
 * Clicks per device on each of the last 7 days (today included), oldest
 * first. `seriesCategory` is the days as YYYY-MM-DD; one series per device
 * that had clicks in the window, the busiest first. The days are UTC days
 * (click_daily) when `zone` is 'UTC', else the zone's local days, today's
 * local date last, counted from the clicks per UTC hour (zone-days.ts).
 */
export async function daywiseDevices(db: Sql, linkId: string, now: Date, zone = 'UTC'): Promise<Daywise> {
  const byDevice = new Map<string, number[]>();
  const add = (device: string, index: number, clicks: number) => {
    let counts = byDevice.get(device);
    if (!counts) {
      counts = Array.from({ length: DAYWISE_DAYS }, () => 0);
      byDevice.set(device, counts);
    }
    counts[index] = (counts[index] ?? 0) + Number(clicks);
  };
  let first: number;
  if (zone === 'UTC') {
    const today = utcDay(now);
    first = today - DAYWISE_DAYS + 1;
    const rows = await db.all<{ day: number; device: string; clicks: number }>(
      `SELECT day, device, sum(clicks) AS clicks FROM click_daily
       WHERE link_id = ? AND day BETWEEN ? AND ? GROUP BY day, device`,
      [linkId, first, today],
    );
    for (const row of rows) add(row.device, row.day - first, row.clicks);
  } else {
    const days = zoneDays(zone, now);
    first = days.today - DAYWISE_DAYS + 1;
    // starts[i]: the first hour of day first + i; the last one is where the window stops (zone-days.ts).
    const starts = Array.from({ length: DAYWISE_DAYS + 1 }, (_, i) => (i === DAYWISE_DAYS ? days.endHour : days.firstHour(first + i)));
    const rows = await db.all<{ hour: number; device: string; clicks: number }>(
      'SELECT hour, device, clicks FROM click_recent_hours WHERE link_id = ? AND hour >= ? AND hour < ?',
      [linkId, starts[0] as number, starts[DAYWISE_DAYS] as number],
    );
    for (const row of rows) {
      let index = 0;
      while (index < DAYWISE_DAYS - 1 && Number(row.hour) >= (starts[index + 1] as number)) index += 1;
      add(row.device, index, row.clicks);
    }
  }
  const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);
  const series = [...byDevice]
    .map(([name, data]) => ({ name, data }))
    .sort((a, b) => total(b.data) - total(a.data) || a.name.localeCompare(b.name, 'en'));
  return {
    chart: 'bar',
    display: { title: `Clicks by device, last ${DAYWISE_DAYS} days (${zone})` },
    data: { series, seriesCategory: Array.from({ length: DAYWISE_DAYS }, (_, i) => dayLabel(first + i)) },
  };
}
