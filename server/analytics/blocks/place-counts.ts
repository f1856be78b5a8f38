import type { Sql } from '../../db/sql';
import type { LabelCount } from '../label-count';

export type PlaceColumn = 'country' | 'state' | 'city';

/** Clicks per country, state or city of one link, most first (ties by name), "Unknown" included. */
export function placeCounts(db: Sql, linkId: string, column: PlaceColumn): Promise<LabelCount[]> {
  // `column` is one of three literals, never user input.
  return db.all<LabelCount>(
    `SELECT ${column} AS label, sum(clicks) AS count FROM click_places WHERE link_id = ?
     GROUP BY ${column} ORDER BY count DESC, label`,
    [linkId],
  );
}
