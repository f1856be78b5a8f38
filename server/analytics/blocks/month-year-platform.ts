import type { Analytics } from '../../../lib/api/schemas/analytics';
import type { Db } from '../../db/open';
import { statement } from '../statement-cache';
import { lastMonths, utcDay } from '../utc-windows';

export const MONTHS = 12;

/**
 * Clicks per platform in each of the last 12 calendar months (UTC, the
 * current month included, up to today), oldest first. `categories` are the
 * months as YYYY-MM; one series per platform with clicks in the window, the
 * busiest first.
 */
export function monthYearPlatform(db: Db, linkId: string, now: Date): Analytics['linkDetailsData']['monthYearPlatform'] {
  const months = lastMonths(now, MONTHS);
  const first = months[0]?.firstDay ?? 0;
  // Grouped by month in SQL: at most 12 x platforms rows come back.
  const rows = statement<[string, number, number], { month: string; platform: string; clicks: number }>(
    db,
    `SELECT strftime('%Y-%m', day * 86400, 'unixepoch') AS month, platform, sum(clicks) AS clicks
     FROM click_daily WHERE link_id = ? AND day BETWEEN ? AND ? GROUP BY month, platform`,
  ).all(linkId, first, utcDay(now));
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
