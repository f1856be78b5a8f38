import type { Analytics } from '../../../lib/contract/schemas/analytics';
import type { Sql } from '../../db/sql';

/**
 * All-time clicks per UTC hour of day: categories 0..23, series the count for
 * each. UTC hours whatever zone the request names: the client moves them to
 * its own clock.
 */
export async function hourDayClicks(db: Sql, linkId: string): Promise<Analytics['linkDetailsData']['hourDayClicks']> {
  const rows = await db.all<{ hour: number; clicks: number }>('SELECT hour, clicks FROM click_hours WHERE link_id = ?', [linkId]);
  const series = Array.from({ length: 24 }, () => 0);
  for (const row of rows) series[row.hour] = row.clicks;
  return {
    chart: 'bar',
    display: { title: 'Clicks by hour of day (UTC)', xAxisTitle: 'Hour of day (UTC)', yAxis: 'Clicks' },
    data: { series, categories: Array.from({ length: 24 }, (_, hour) => hour) },
  };
}
