import type { Sql } from '../../db/sql';
import type { LabelCount } from '../label-count';

/** All-time clicks per device or platform of one link, most first, from the daily rollup. */
export function dailyTotals(db: Sql, linkId: string, column: 'device' | 'platform'): Promise<LabelCount[]> {
  // `column` is one of two literals, never user input.
  return db.all<LabelCount>(
    `SELECT ${column} AS label, sum(clicks) AS count FROM click_daily WHERE link_id = ?
     GROUP BY ${column} ORDER BY count DESC, label`,
    [linkId],
  );
}
