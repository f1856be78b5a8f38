import type BetterSqlite3 from 'better-sqlite3';
import { sameLabels, type ClickRow } from './click-row';
import { LABEL_KINDS, LabelCache, labelKey, labelValues, type LabelKind } from './label-ids';
import { createRecentWindow, latestHourOf, PRUNE_RECENT_HOURS } from './recent-hours';
import { rollupsOf } from './rollups';

const INSERT_CHUNK = 100;

const KINDS = Object.keys(LABEL_KINDS) as LabelKind[];
/** Values per raw row: link, at_ms, one id per label kind and the bot flag. */
const WIDTH = 3 + KINDS.length;

/**
 * Label ids on this connection: `learn` reads (and inserts) the labels of a batch not yet cached,
 * in a transaction of its own before the batch's: a label is never deleted, so one learned for a
 * batch that then fails is still right for its retry. `idOf` then reads the cache alone.
 */
function createLabelIds(db: BetterSqlite3.Database): { learn(rows: readonly ClickRow[]): void; idOf(kind: LabelKind, row: ClickRow): number } {
  const cache = new LabelCache();
  const statements = new Map(
    KINDS.map((kind) => {
      const { table, columns } = LABEL_KINDS[kind];
      const insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`);
      const select = db.prepare(`SELECT id FROM ${table} WHERE ${columns.map((c) => `${c} = ?`).join(' AND ')}`).pluck();
      return [kind, { insert, select }] as const;
    }),
  );
  const learnMissing = db.transaction((missing: [LabelKind, string, string[]][]) =>
    missing.map(([kind, , values]) => {
      const { insert, select } = statements.get(kind) as { insert: BetterSqlite3.Statement; select: BetterSqlite3.Statement };
      insert.run(values);
      return select.get(values) as number;
    }),
  );
  return {
    learn(rows) {
      cache.trim();
      const missing: [LabelKind, string, string[]][] = [];
      const seen = new Set<string>();
      let previous: ClickRow | undefined;
      for (const row of rows) {
        // Labels like the previous row's were looked at with it.
        if (previous && sameLabels(row, previous)) continue;
        previous = row;
        for (const kind of KINDS) {
          const values = labelValues(kind, row);
          const key = labelKey(values);
          if (cache.get(kind, key) !== undefined || seen.has(`${kind}\u0000${key}`)) continue;
          seen.add(`${kind}\u0000${key}`);
          missing.push([kind, key, values]);
        }
      }
      if (missing.length === 0) return;
      // Cached only once committed: ids of a transaction rolled back (a full disk) would be given again.
      const ids = learnMissing.immediate(missing);
      missing.forEach(([kind, key], i) => cache.set(kind, key, ids[i] as number));
    },
    idOf: (kind, row) => cache.get(kind, labelKey(labelValues(kind, row))) as number,
  };
}

/**
 * Makes the function that stores a batch of clicks in ONE transaction: the raw
 * rows, the rollups (see migrations 002-clicks.sql, 008-recent-hours.sql) and
 * links.total_clicks, so they always agree. Visits by bots are raw rows with
 * their flag and add to links.bot_clicks alone (009-bot-clicks.sql). Before it, when the batch's
 * latest click starts a new hour, the per-hour rows that aged out are deleted
 * (recent-hours.ts). A raw row is the link's number and label ids
 * (007-compact-clicks.sql). Clicks on links deleted since the visit are
 * dropped (the foreign keys would otherwise fail the whole batch). Returns
 * how many clicks were stored.
 */
export function createBatchWriter(db: BetterSqlite3.Database): (rows: readonly ClickRow[]) => number {
  const linkNumber = db.prepare('SELECT seq FROM links WHERE id = ?').pluck();
  const labels = createLabelIds(db);
  const insertSql = 'INSERT INTO clicks (link, at_ms, browser, device, platform, referrer, place, bot) VALUES ';
  const rowSql = '(?, ?, ?, ?, ?, ?, ?, ?)';
  const insertClick = db.prepare(insertSql + rowSql);
  // Raw rows go in INSERT_CHUNK at a time: one statement step per chunk instead of per row
  // (about 40 % less time per click, measured), which is most of a flush's cost.
  const insertChunk = db.prepare(insertSql + Array<string>(INSERT_CHUNK).fill(rowSql).join(', '));
  const upsertDaily = db.prepare(
    `INSERT INTO click_daily (link_id, day, device, platform, clicks) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (link_id, day, device, platform) DO UPDATE SET clicks = clicks + excluded.clicks`,
  );
  const upsertHour = db.prepare(
    `INSERT INTO click_hours (link_id, hour, clicks) VALUES (?, ?, ?)
     ON CONFLICT (link_id, hour) DO UPDATE SET clicks = clicks + excluded.clicks`,
  );
  const upsertBrowser = db.prepare(
    `INSERT INTO click_browsers (link_id, browser, clicks) VALUES (?, ?, ?)
     ON CONFLICT (link_id, browser) DO UPDATE SET clicks = clicks + excluded.clicks`,
  );
  const upsertPlace = db.prepare(
    `INSERT INTO click_places (link_id, country, state, city, clicks) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (link_id, country, state, city) DO UPDATE SET clicks = clicks + excluded.clicks`,
  );
  const upsertRecent = db.prepare(
    `INSERT INTO click_recent_hours (link_id, hour, device, clicks) VALUES (?, ?, ?, ?)
     ON CONFLICT (link_id, hour, device) DO UPDATE SET clicks = clicks + excluded.clicks`,
  );
  const addTotal = db.prepare('UPDATE links SET total_clicks = total_clicks + ? WHERE id = ?');
  const addBots = db.prepare('UPDATE links SET bot_clicks = bot_clicks + ? WHERE id = ?');
  const recentWindow = createRecentWindow();
  const pruneRecent = db.prepare(PRUNE_RECENT_HOURS);
  const prune = db.transaction((before: number) => pruneRecent.run(before));

  /** `firstKept`: the first hour click_recent_hours keeps; clicks before it are not counted there. */
  const write = db.transaction((rows: readonly ClickRow[], firstKept: number): number => {
    const numbers = new Map<string, number | null>();
    const pending: number[] = [];
    const kept: ClickRow[] = [];
    let previous: ClickRow | undefined;
    let ids = [0, 0, 0, 0, 0];
    for (const row of rows) {
      let link = numbers.get(row.linkId);
      if (link === undefined) {
        link = (linkNumber.get(row.linkId) as number | undefined) ?? null;
        numbers.set(row.linkId, link);
      }
      if (link === null) continue;
      kept.push(row);
      // A row labelled like the one before it has its label ids.
      if (!(previous && sameLabels(row, previous))) {
        ids = [labels.idOf('browser', row), labels.idOf('device', row), labels.idOf('platform', row), labels.idOf('referrer', row), labels.idOf('place', row)];
      }
      previous = row;
      pending.push(link, row.atMs, ...ids, row.bot === true ? 1 : 0);
      if (pending.length === INSERT_CHUNK * WIDTH) {
        insertChunk.run(pending);
        pending.length = 0;
      }
    }
    for (let i = 0; i < pending.length; i += WIDTH) insertClick.run(pending.slice(i, i + WIDTH));
    const { totals, bots, daily, hours, recent, browsers, places } = rollupsOf(kept);
    for (const values of daily.entries()) upsertDaily.run(values);
    for (const values of hours.entries()) upsertHour.run(values);
    for (const values of recent.entries()) if ((values[1] as number) >= firstKept) upsertRecent.run(values);
    for (const values of browsers.entries()) upsertBrowser.run(values);
    for (const values of places.entries()) upsertPlace.run(values);
    let stored = 0;
    for (const [linkId, n] of totals) {
      addTotal.run(n, linkId);
      stored += n;
    }
    for (const [linkId, n] of bots) {
      addBots.run(n, linkId);
      stored += n;
    }
    return stored;
  });
  // IMMEDIATE, for the reason given in server/http/idempotency.ts: the API's writes and this thread's share the file.
  return (rows) => {
    labels.learn(rows);
    const firstKept = recentWindow.advance(latestHourOf(rows));
    const due = recentWindow.due();
    if (due !== null) {
      prune.immediate(due);
      recentWindow.pruned(due);
    }
    return write.immediate(rows, firstKept);
  };
}
