import type { Sql } from '../../db/sql';
import type { LabelCount } from '../label-count';

/** All-time clicks per browser of one link, most first. */
export function browserCounts(db: Sql, linkId: string): Promise<LabelCount[]> {
  return db.all<LabelCount>('SELECT browser AS label, clicks AS count FROM click_browsers WHERE link_id = ? ORDER BY count DESC, label', [
    linkId,
  ]);
}
