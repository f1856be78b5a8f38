import type { Db } from '../../db/open';
import { statement, type LabelCount } from '../statement-cache';

/** All-time clicks per browser of one link, most first. */
export function browserCounts(db: Db, linkId: string): LabelCount[] {
  return statement<[string], LabelCount>(
    db,
    'SELECT browser AS label, clicks AS count FROM click_browsers WHERE link_id = ? ORDER BY count DESC, label',
  ).all(linkId);
}
