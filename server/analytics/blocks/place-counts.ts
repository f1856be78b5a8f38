import type { Db } from '../../db/open';
import { statement, type LabelCount } from '../statement-cache';

export type PlaceColumn = 'country' | 'state' | 'city';

/** Clicks per country, state or city of one link, most first (ties by name), "Unknown" included. */
export function placeCounts(db: Db, linkId: string, column: PlaceColumn): LabelCount[] {
  // `column` is one of three literals, never user input.
  return statement<[string], LabelCount>(
    db,
    `SELECT ${column} AS label, sum(clicks) AS count FROM click_places WHERE link_id = ?
     GROUP BY ${column} ORDER BY count DESC, label`,
  ).all(linkId);
}
