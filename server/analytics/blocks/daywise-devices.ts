import type { Analytics } from '../../../lib/contract/schemas/analytics';
import type { Sql } from '../../db/sql';
import { dayLabel, utcDay } from '../utc-windows';

export const DAYWISE_DAYS = 7;

/**
 * Clicks per device on each of the last 7 UTC days (today included), oldest
 * first. `seriesCategory` is the days as YYYY-MM-DD; one series per device
 * that had clicks in the window, the busiest first.
 */
export async function daywiseDevices(db: Sql, linkId: string, now: Date): Promise<Analytics['linkDetailsData']['daywiseDevices']> {
  const today = utcDay(now);
  const first = today - DAYWISE_DAYS + 1;
  const rows = await db.all<{ day: number; device: string; clicks: number }>(
    `SELECT day, device, sum(clicks) AS clicks FROM click_daily
     WHERE link_id = ? AND day BETWEEN ? AND ? GROUP BY day, device`,
    [linkId, first, today],
  );
  const byDevice = new Map<string, number[]>();
  for (const row of rows) {
    let counts = byDevice.get(row.device);
    if (!counts) {
      counts = Array.from({ length: DAYWISE_DAYS }, () => 0);
      byDevice.set(row.device, counts);
    }
    counts[row.day - first] = row.clicks;
  }
  const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);
  const series = [...byDevice]
    .map(([name, data]) => ({ name, data }))
    .sort((a, b) => total(b.data) - total(a.data) || a.name.localeCompare(b.name, 'en'));
  return {
    chart: 'bar',
    display: { title: `Clicks by device, last ${DAYWISE_DAYS} days (UTC)` },
    data: { series, seriesCategory: Array.from({ length: DAYWISE_DAYS }, (_, i) => dayLabel(first + i)) },
  };
}
