import type { Sql } from '../db/sql';
import { LABEL_KINDS, LabelCache, labelKey, labelValues, type LabelKind } from './label-ids';
import { rollupsOf } from './rollups';
import type { Tally } from './tally';
import type { ClickRow } from './click-row';

/** The columns of `values` (rows of equal length) as one array per column, for unnest(). */
function columnsOf(values: Iterable<(string | number)[]>, width: number): (string | number)[][] {
  const out: (string | number)[][] = Array.from({ length: width }, () => []);
  for (const row of values) for (let i = 0; i < width; i += 1) out[i]?.push(row[i] as string | number);
  return out;
}

/**
 * Rollup rows in a fixed order. Two instances upserting overlapping keys in
 * different orders could each wait for a row the other holds (a deadlock, the
 * batch would be retried); in one order they only queue.
 */
function sorted(tally: Tally): (string | number)[][] {
  return [...tally.entries()].sort((a, b) => {
    for (let i = 0; i < a.length - 1; i += 1) {
      const x = a[i] as string | number;
      const y = b[i] as string | number;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
}

const KINDS = Object.keys(LABEL_KINDS) as LabelKind[];

/**
 * Fills `cache` with the ids of every label of `rows`: the ones not cached are read, the ones still missing
 * inserted, in sorted order (two instances inserting the same new labels
 * queue instead of deadlocking), then read. Reading first keeps the
 * identities from being used up by inserts that conflict.
 */
async function learnLabels(db: Sql, cache: LabelCache, rows: readonly ClickRow[]): Promise<void> {
  cache.trim();
  for (const kind of KINDS) {
    const { table, columns } = LABEL_KINDS[kind];
    const missing = new Map<string, string[]>();
    for (const row of rows) {
      const values = labelValues(kind, row);
      const key = labelKey(values);
      if (cache.get(kind, key) === undefined) missing.set(key, values);
    }
    if (missing.size === 0) continue;
    const list = columns.join(', ');
    const arrays = columns.map(() => '?::text[]').join(', ');
    const read = async (): Promise<void> => {
      const found = await db.all<Record<string, string | number>>(
        `SELECT id, ${list} FROM ${table} WHERE (${list}) IN (SELECT * FROM unnest(${arrays}))`,
        columnsOf(missing.values(), columns.length) as string[][],
      );
      for (const label of found) {
        const key = labelKey(columns.map((c) => String(label[c])));
        cache.set(kind, key, Number(label.id));
        missing.delete(key);
      }
    };
    await read();
    if (missing.size === 0) continue;
    const sortedValues = [...missing.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, values]) => values);
    await db.run(`INSERT INTO ${table} (${list}) SELECT * FROM unnest(${arrays}) ON CONFLICT DO NOTHING`, columnsOf(sortedValues, columns.length) as string[][]);
    await read();
    if (missing.size > 0) throw new Error(`click labels missing from ${table} after inserting them`);
  }
}

/**
 * PostgreSQL's twin of write-batch.ts: a batch of clicks in ONE transaction
 * (raw rows, rollups, links.total_clicks, so they agree), one statement per
 * table: the rows travel as arrays and unnest() turns them back into rows.
 * Several instances write into the same rollups: ON CONFLICT DO UPDATE adds
 * under the row's lock, so concurrent batches add up; a batch that fails is
 * rolled back whole and retried by the recorder, so it is never counted twice.
 * Clicks on links deleted since the visit are dropped. A raw row is the
 * link's number and label ids (009-compact-clicks.sql).
 */
export function createPostgresBatchWriter(db: Sql): (rows: readonly ClickRow[]) => Promise<number> {
  const labels = new LabelCache();
  return async (rows) => {
    // Before the batch's transaction, each statement committed on its own: a label is never
    // deleted, so one learned for a batch that then fails is still right for the retry.
    await learnLabels(db, labels, rows);
    return db.transaction(async () => {
      const ids = [...new Set(rows.map((row) => row.linkId))].sort();
      const numbers = new Map(
        // FOR KEY SHARE: a link cannot be deleted between this check and the inserts that reference it.
        (await db.all<{ id: string; seq: number }>('SELECT id, seq FROM links WHERE id = ANY(?::text[]) ORDER BY id FOR KEY SHARE', [ids])).map(
          (row) => [row.id, Number(row.seq)],
        ),
      );
      const kept = rows.filter((row) => numbers.has(row.linkId));
      if (kept.length === 0) return 0;
      const { totals, daily, hours, browsers, places } = rollupsOf(kept);
      const id = (kind: LabelKind, row: ClickRow) => labels.get(kind, labelKey(labelValues(kind, row))) as number;
      const raw = columnsOf(
        kept.map((r) => [
          r.atMs, numbers.get(r.linkId) as number, id('referrer', r), id('place', r), id('browser', r), id('device', r), id('platform', r),
        ]),
        7,
      );
      await db.run(
        `INSERT INTO clicks (at_ms, link, referrer, place, browser, device, platform)
         SELECT * FROM unnest(?::bigint[], ?::int[], ?::int[], ?::int[], ?::smallint[], ?::smallint[], ?::smallint[])`,
        raw as string[][],
      );
      await db.run(
        `INSERT INTO click_daily (link_id, day, device, platform, clicks)
         SELECT * FROM unnest(?::text[], ?::int[], ?::text[], ?::text[], ?::bigint[])
         ON CONFLICT (link_id, day, device, platform) DO UPDATE SET clicks = click_daily.clicks + excluded.clicks`,
        columnsOf(sorted(daily), 5) as string[][],
      );
      await db.run(
        `INSERT INTO click_hours (link_id, hour, clicks) SELECT * FROM unnest(?::text[], ?::int[], ?::bigint[])
         ON CONFLICT (link_id, hour) DO UPDATE SET clicks = click_hours.clicks + excluded.clicks`,
        columnsOf(sorted(hours), 3) as string[][],
      );
      await db.run(
        `INSERT INTO click_browsers (link_id, browser, clicks) SELECT * FROM unnest(?::text[], ?::text[], ?::bigint[])
         ON CONFLICT (link_id, browser) DO UPDATE SET clicks = click_browsers.clicks + excluded.clicks`,
        columnsOf(sorted(browsers), 3) as string[][],
      );
      await db.run(
        `INSERT INTO click_places (link_id, country, state, city, clicks)
         SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[])
         ON CONFLICT (link_id, country, state, city) DO UPDATE SET clicks = click_places.clicks + excluded.clicks`,
        columnsOf(sorted(places), 5) as string[][],
      );
      const linkTotals = [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      await db.run(
        `UPDATE links SET total_clicks = total_clicks + t.n
         FROM unnest(?::text[], ?::bigint[]) AS t(id, n) WHERE links.id = t.id`,
        columnsOf(linkTotals, 2) as string[][],
      );
      return kept.length;
    });
  };
}
