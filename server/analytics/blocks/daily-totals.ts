import type { Db } from '../../db/open';
import { statement, type LabelCount } from '../statement-cache';

/** All-time clicks per device or platform of one link, most first, from the daily rollup. */
export function dailyTotals(db: Db, linkId: string, column: 'device' | 'platform'): LabelCount[] {
  // `column` is one of two literals, never user input.
  return statement<[string], LabelCount>(
    db,
    `SELECT ${column} AS label, sum(clicks) AS count FROM click_daily WHERE link_id = ?
     GROUP BY ${column} ORDER BY count DESC, label`,
  ).all(linkId);
}
