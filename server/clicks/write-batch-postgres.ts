import type { Sql } from '../db/sql';
import { rollupsOf } from './rollups';
import type { Tally } from './tally';
import type { ClickRow } from './click-row';

/** The columns of `values` (rows of equal length) as one array per column, for unnest(). */
function columns(values: Iterable<(string | number)[]>, width: number): (string | number)[][] {
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

/**
 * PostgreSQL's twin of write-batch.ts: a batch of clicks in ONE transaction
 * (raw rows, rollups, links.total_clicks, so they agree), one statement per
 * table: the rows travel as arrays and unnest() turns them back into rows.
 * Several instances write into the same rollups: ON CONFLICT DO UPDATE adds
 * under the row's lock, so concurrent batches add up; a batch that fails is
 * rolled back whole and retried by the recorder, so it is never counted twice.
 * Clicks on links deleted since the visit are dropped.
 */
export function createPostgresBatchWriter(db: Sql): (rows: readonly ClickRow[]) => Promise<number> {
  return (rows) =>
    db.transaction(async () => {
      const ids = [...new Set(rows.map((row) => row.linkId))].sort();
      const live = new Set(
        // FOR KEY SHARE: a link cannot be deleted between this check and the inserts that reference it.
        (await db.all<{ id: string }>('SELECT id FROM links WHERE id = ANY(?::text[]) ORDER BY id FOR KEY SHARE', [ids])).map((row) => row.id),
      );
      const kept = rows.filter((row) => live.has(row.linkId));
      if (kept.length === 0) return 0;
      const { totals, daily, hours, browsers, places } = rollupsOf(kept);
      const raw = columns(
        kept.map((r) => [r.linkId, r.atMs, r.browser, r.device, r.platform, r.country, r.state, r.city, r.referrer]),
        9,
      );
      await db.run(
        `INSERT INTO clicks (link_id, at_ms, browser, device, platform, country, state, city, referrer)
         SELECT * FROM unnest(?::text[], ?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])`,
        raw as string[][],
      );
      await db.run(
        `INSERT INTO click_daily (link_id, day, device, platform, clicks)
         SELECT * FROM unnest(?::text[], ?::int[], ?::text[], ?::text[], ?::bigint[])
         ON CONFLICT (link_id, day, device, platform) DO UPDATE SET clicks = click_daily.clicks + excluded.clicks`,
        columns(sorted(daily), 5) as string[][],
      );
      await db.run(
        `INSERT INTO click_hours (link_id, hour, clicks) SELECT * FROM unnest(?::text[], ?::int[], ?::bigint[])
         ON CONFLICT (link_id, hour) DO UPDATE SET clicks = click_hours.clicks + excluded.clicks`,
        columns(sorted(hours), 3) as string[][],
      );
      await db.run(
        `INSERT INTO click_browsers (link_id, browser, clicks) SELECT * FROM unnest(?::text[], ?::text[], ?::bigint[])
         ON CONFLICT (link_id, browser) DO UPDATE SET clicks = click_browsers.clicks + excluded.clicks`,
        columns(sorted(browsers), 3) as string[][],
      );
      await db.run(
        `INSERT INTO click_places (link_id, country, state, city, clicks)
         SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[])
         ON CONFLICT (link_id, country, state, city) DO UPDATE SET clicks = click_places.clicks + excluded.clicks`,
        columns(sorted(places), 5) as string[][],
      );
      const linkTotals = [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      await db.run(
        `UPDATE links SET total_clicks = total_clicks + t.n
         FROM unnest(?::text[], ?::bigint[]) AS t(id, n) WHERE links.id = t.id`,
        columns(linkTotals, 2) as string[][],
      );
      return kept.length;
    });
}
