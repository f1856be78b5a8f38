import type { Sql } from '../db/sql';
import { ensureClickPartitions, monthStart } from './click-partitions';
import { LABEL_KINDS, LabelCache, labelKey, labelValues, type LabelKind } from './label-ids';
import { createRecentWindow, latestHourOf, PRUNE_RECENT_HOURS } from './recent-hours';
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
 * Fills `cache` with the ids of every label of `rows`. Per kind with labels
 * not cached, one statement inserts those the table lacks (in sorted order,
 * so two instances inserting the same new labels queue instead of
 * deadlocking; only missing ones, so conflicts do not use up identities) and
 * reads the ids of all of them; a label another instance inserted meanwhile
 * is read by a second statement.
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
    const names = columns.map((c) => `v.${c}`).join(', ');
    const match = columns.map((c) => `t.${c} = v.${c}`).join(' AND ');
    const values = `unnest(${columns.map(() => '?::text[]').join(', ')}) AS v(${list})`;
    const learn = (found: Record<string, string | number>[]) => {
      for (const label of found) {
        const key = labelKey(columns.map((c) => String(label[c])));
        cache.set(kind, key, Number(label.id));
        missing.delete(key);
      }
    };
    const sortedValues = [...missing.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
    const arrays = columnsOf(sortedValues, columns.length) as string[][];
    learn(
      await db.all(
        `WITH v AS (SELECT * FROM ${values}),
              added AS (INSERT INTO ${table} (${list}) SELECT ${names} FROM v WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE ${match})
                        ON CONFLICT DO NOTHING RETURNING id, ${list})
         SELECT id, ${list} FROM added UNION ALL SELECT t.id, ${columns.map((c) => `t.${c}`).join(', ')} FROM ${table} t JOIN v ON ${match}`,
        arrays,
      ),
    );
    if (missing.size === 0) continue;
    learn(await db.all(`SELECT t.id, ${columns.map((c) => `t.${c}`).join(', ')} FROM ${table} t JOIN (SELECT * FROM ${values}) v ON ${match}`, arrays));
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
 * Clicks on links deleted since the visit are dropped; visits by bots are raw
 * rows with their flag and add to links.bot_clicks alone (012-bot-clicks.sql).
 * A raw row is the link's number and label ids (009-compact-clicks.sql). Before the batch's
 * transaction, when its latest click starts a new hour, the per-hour rows
 * that aged out are deleted by one statement (recent-hours.ts).
 */
export function createPostgresBatchWriter(db: Sql): (rows: readonly ClickRow[]) => Promise<number> {
  const labels = new LabelCache();
  /** Months (their starts) known to have a partition of raw clicks (010-click-partitions.sql). */
  let covered = new Set<number>();
  const recentWindow = createRecentWindow();
  const write = async (rows: readonly ClickRow[]) => {
    // Before the batch's transaction, each statement committed on its own: a label is never
    // deleted, so one learned for a batch that then fails is still right for the retry.
    await learnLabels(db, labels, rows);
    const months = [...new Set(rows.map((row) => monthStart(row.atMs)))].filter((month) => !covered.has(month));
    if (months.length > 0) {
      // Late clicks or a seed: the month made ahead of time is not the one they need.
      for (const month of await ensureClickPartitions(db, Math.min(...months), Math.max(...months))) covered.add(month);
    }
    const firstKept = recentWindow.advance(latestHourOf(rows));
    const due = recentWindow.due();
    if (due !== null) {
      await db.run(PRUNE_RECENT_HOURS, [due]);
      recentWindow.pruned(due);
    }
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
      const { totals, bots, daily, hours, recent, browsers, places } = rollupsOf(kept);
      const id = (kind: LabelKind, row: ClickRow) => labels.get(kind, labelKey(labelValues(kind, row))) as number;
      const raw = columnsOf(
        kept.map((r) => [
          r.atMs, numbers.get(r.linkId) as number, id('referrer', r), id('place', r), id('browser', r), id('device', r), id('platform', r),
          r.bot === true ? 1 : 0,
        ]),
        8,
      );
      await db.run(
        `INSERT INTO clicks (at_ms, link, referrer, place, browser, device, platform, bot)
         SELECT at_ms, link, referrer, place, browser, device, platform, bot::boolean
         FROM unnest(?::bigint[], ?::int[], ?::int[], ?::int[], ?::smallint[], ?::smallint[], ?::smallint[], ?::int[])
           AS t(at_ms, link, referrer, place, browser, device, platform, bot)`,
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
      const recentRows = sorted(recent).filter((values) => (values[1] as number) >= firstKept);
      if (recentRows.length > 0) {
        await db.run(
          `INSERT INTO click_recent_hours (link_id, hour, device, clicks) SELECT * FROM unnest(?::text[], ?::int[], ?::text[], ?::bigint[])
           ON CONFLICT (link_id, hour, device) DO UPDATE SET clicks = click_recent_hours.clicks + excluded.clicks`,
          columnsOf(recentRows, 4) as string[][],
        );
      }
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
      // People's clicks and bots' visits in one statement: two would each lock a batch's links, in two orders.
      const linkCounts = [...new Set([...totals.keys(), ...bots.keys()])]
        .sort()
        .map((linkId) => [linkId, totals.get(linkId) ?? 0, bots.get(linkId) ?? 0]);
      await db.run(
        `UPDATE links SET total_clicks = total_clicks + t.n, bot_clicks = bot_clicks + t.b
         FROM unnest(?::text[], ?::bigint[], ?::bigint[]) AS t(id, n, b) WHERE links.id = t.id`,
        columnsOf(linkCounts, 3) as string[][],
      );
      return kept.length;
    });
  };
  return async (rows) => {
    try {
      return await write(rows);
    } catch (error) {
      // Pruning may have dropped a month this writer knew (a click older than the retention): ask again.
      covered = new Set();
      throw error;
    }
  };
}
