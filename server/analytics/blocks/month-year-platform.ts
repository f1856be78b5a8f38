import type { Analytics } from '../../../lib/contract/schemas/analytics';
import type { Sql } from '../../db/sql';
import { lastMonths, utcDay } from '../utc-windows';

export const MONTHS = 12;

/**
 * Clicks per platform in each of the last 12 calendar months (UTC, the
 * current month included, up to today), oldest first. `categories` are the
 * months as YYYY-MM; one series per platform with clicks in the window, the
 * busiest first. UTC months whatever zone the request names (`?timeZone=`
 * groups days only: zone-days.ts).
 */
export async function monthYearPlatform(db: Sql, linkId: string, now: Date): Promise<Analytics['linkDetailsData']['monthYearPlatform']> {
  const months = lastMonths(now, MONTHS);
  const first = months[0]?.firstDay ?? 0;
  const month =
    db.dialect === 'sqlite'
      ? "strftime('%Y-%m', day * 86400, 'unixepoch')"
      : "to_char(to_timestamp(day::bigint * 86400) AT TIME ZONE 'UTC', 'YYYY-MM')";
  // Grouped by month in SQL: at most 12 x platforms rows come back.
  const rows = await db.all<{ month: string; platform: string; clicks: number }>(
    `SELECT ${month} AS month, platform, sum(clicks) AS clicks
     FROM click_daily WHERE link_id = ? AND day BETWEEN ? AND ? GROUP BY 1, platform`,
    [linkId, first, utcDay(now)],
  );
  const index = new Map(months.map((m, i) => [m.label, i]));
  const byPlatform = new Map<string, number[]>();
  for (const row of rows) {
    const i = index.get(row.month);
    if (i === undefined) continue;
    let counts = byPlatform.get(row.platform);
    if (!counts) {
      counts = Array.from({ length: MONTHS }, () => 0);
      byPlatform.set(row.platform, counts);
    }
    counts[i] = row.clicks;
  }
  const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);
  const series = [...byPlatform]
    .map(([name, data]) => ({ name, data }))
    .sort((a, b) => total(b.data) - total(a.data) || a.name.localeCompare(b.name, 'en'));
  return {
    chart: 'line',
    display: { title: `Clicks by platform, last ${MONTHS} months (UTC)`, xAxisTitle: 'Month', yAxis: 'Clicks' },
    data: { series, categories: months.map((m) => m.label) },
  };
}
