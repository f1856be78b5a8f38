/**
 * The raw clicks stored before compact rows (migration 007-compact-clicks.sql,
 * PostgreSQL's 009) wait in `clicks_legacy`, in their old shape (text link id
 * and labels), while new clicks go to the compact table from the migration
 * on. The pruning pass moves them (prune-sqlite.ts, prune-postgres.ts): a
 * batch of ids per short transaction learns the batch's labels, copies its
 * clicks at or after the retention cutoff into the compact table and deletes
 * the batch, so a click is in exactly one table at every commit. Once the
 * table is empty it is dropped and click_rows reads the compact table alone.
 * Rollups are not touched: analytics answer the same throughout.
 */
import type { Sql } from './sql';

export const LEGACY_TABLE = 'clicks_legacy';

/** Clicks at or after this are all kept: the cutoff of a pass when retention keeps raw clicks forever. */
export const NO_CUTOFF = -8_640_000_000_000_000;

/** The last id of the next batch: `limit` ids after `after` (params: after, limit). */
export const LEGACY_BATCH_END = `SELECT max(id) AS hi FROM (SELECT id FROM ${LEGACY_TABLE} WHERE id > ? ORDER BY id LIMIT ?) batch`;

/** A batch's rows kept by the cutoff (params, in every statement below: after, last id, cutoff). */
const KEPT = 'c.id > ? AND c.id <= ? AND c.at_ms >= ?';

/** The batch's time span, for the months PostgreSQL needs partitions of. */
export const LEGACY_BATCH_SPAN = `SELECT min(c.at_ms) AS lo, max(c.at_ms) AS hi FROM ${LEGACY_TABLE} c WHERE ${KEPT}`;

/**
 * Labels of the batch that have no id yet. Only the missing ones are
 * inserted: on PostgreSQL a conflicting insert still takes a number of the
 * label's identity (a SMALLINT for browsers), so a move of a billion clicks
 * must not try every label of every batch. ON CONFLICT covers an instance's
 * click writer adding the same label at the same moment.
 */
export const LEGACY_LABEL_INSERTS = [
  `INSERT INTO label_browsers (name) SELECT DISTINCT c.browser FROM ${LEGACY_TABLE} c
     WHERE ${KEPT} AND NOT EXISTS (SELECT 1 FROM label_browsers x WHERE x.name = c.browser) ON CONFLICT DO NOTHING`,
  `INSERT INTO label_devices (name) SELECT DISTINCT c.device FROM ${LEGACY_TABLE} c
     WHERE ${KEPT} AND NOT EXISTS (SELECT 1 FROM label_devices x WHERE x.name = c.device) ON CONFLICT DO NOTHING`,
  `INSERT INTO label_platforms (name) SELECT DISTINCT c.platform FROM ${LEGACY_TABLE} c
     WHERE ${KEPT} AND NOT EXISTS (SELECT 1 FROM label_platforms x WHERE x.name = c.platform) ON CONFLICT DO NOTHING`,
  `INSERT INTO label_referrers (origin) SELECT DISTINCT c.referrer FROM ${LEGACY_TABLE} c
     WHERE ${KEPT} AND NOT EXISTS (SELECT 1 FROM label_referrers x WHERE x.origin = c.referrer) ON CONFLICT DO NOTHING`,
  `INSERT INTO label_places (country, state, city) SELECT DISTINCT c.country, c.state, c.city FROM ${LEGACY_TABLE} c
     WHERE ${KEPT} AND NOT EXISTS (SELECT 1 FROM label_places x WHERE x.country = c.country AND x.state = c.state AND x.city = c.city)
     ON CONFLICT DO NOTHING`,
];

/** The batch's kept clicks into the compact table, in id order (time order, as they came). */
export const LEGACY_MOVE = `INSERT INTO clicks (link, at_ms, browser, device, platform, referrer, place)
  SELECT l.seq, c.at_ms, b.id, d.id, p.id, r.id, pl.id
  FROM ${LEGACY_TABLE} c
  JOIN links l ON l.id = c.link_id
  JOIN label_browsers b ON b.name = c.browser
  JOIN label_devices d ON d.name = c.device
  JOIN label_platforms p ON p.name = c.platform
  JOIN label_referrers r ON r.origin = c.referrer
  JOIN label_places pl ON pl.country = c.country AND pl.state = c.state AND pl.city = c.city
  WHERE ${KEPT}
  ORDER BY c.id`;

/** The whole batch out of the old table: moved and pruned alike (params: after, last id). */
export const LEGACY_DELETE = `DELETE FROM ${LEGACY_TABLE} WHERE id > ? AND id <= ?`;

/**
 * Once the old table is empty: click_rows as the migration made it, less the
 * old table, and the old table gone. Run in one transaction.
 */
export const LEGACY_DROP = `DROP VIEW click_rows;
DROP TABLE ${LEGACY_TABLE};
CREATE VIEW click_rows AS
  SELECT l.id AS link_id, c.at_ms, b.name AS browser, d.name AS device, p.name AS platform,
         pl.country, pl.state, pl.city, r.origin AS referrer
  FROM clicks c
  JOIN links l ON l.seq = c.link
  JOIN label_browsers b ON b.id = c.browser
  JOIN label_devices d ON d.id = c.device
  JOIN label_platforms p ON p.id = c.platform
  JOIN label_referrers r ON r.id = c.referrer
  JOIN label_places pl ON pl.id = c.place`;

/** Whether the old table is still there, per dialect (one row, `n` 1 or 0). */
export const LEGACY_PRESENT = {
  sqlite: `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '${LEGACY_TABLE}'`,
  postgres: `SELECT CASE WHEN to_regclass('${LEGACY_TABLE}') IS NULL THEN 0 ELSE 1 END AS n`,
} as const;

/** What one step of the move did. */
export interface MoveStep {
  /** Clicks copied into the compact table. */
  moved: number;
  /** Clicks before the cutoff, deleted instead of moved. */
  pruned: number;
  /** The old table is empty and dropped. */
  done: boolean;
}

/** Whether the old table is still there. */
export async function legacyPresent(db: Sql): Promise<boolean> {
  return Number((await db.get<{ n: number }>(LEGACY_PRESENT[db.dialect]))?.n) === 1;
}

/**
 * Drops the old table if it is there and empty (a new database, whose
 * migrations made it from an empty table, or a move that has finished);
 * returns whether it did. Under a lock, so instances doing it at once drop it
 * once; on PostgreSQL it waits at most a few seconds for the table (an
 * export reading it), or throws and leaves it to a later try.
 */
export async function dropEmptyLegacy(db: Sql): Promise<boolean> {
  if (!(await legacyPresent(db))) return false;
  return db.transaction(async () => {
    await db.lock('clicks-legacy');
    if (!(await legacyPresent(db))) return false;
    if (db.dialect === 'postgres') await db.exec("SET LOCAL lock_timeout = '5s'");
    if (await db.get(`SELECT 1 AS one FROM ${LEGACY_TABLE} LIMIT 1`)) return false;
    await db.exec(LEGACY_DROP);
    return true;
  });
}
