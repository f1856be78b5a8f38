/**
 * `clicks export`: raw clicks of a time range written to a file, CSV or
 * NDJSON, each with its link's short URL, so an operator keeps raw history
 * outside the database before retention prunes it. Streamed: rows are read
 * from the database in pages (a statement iterator on SQLite, a cursor on
 * PostgreSQL) and written as they come, waiting whenever the file is
 * behind, so memory stays flat for any size. Written to FILE.partial and
 * renamed once complete: a failed export never leaves a file under the name
 * asked for.
 */
import BetterSqlite3 from 'better-sqlite3';
import { createWriteStream, existsSync, renameSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { dirname, resolve } from 'node:path';
import postgres from 'postgres';
import { DEFAULT_CONFIG, type ServerConfig } from '../config';
import { LEGACY_PRESENT, LEGACY_TABLE } from '../db/legacy-clicks';
import { isPostgresUrl } from '../db/open';
import { shortUrl } from '../links/short-url';

export type ExportFormat = 'csv' | 'ndjson';

export interface ExportRange {
  /** Epoch ms, inclusive; null = from the first click. */
  sinceMs: number | null;
  /** Epoch ms, exclusive; null = to the last click. */
  untilMs: number | null;
}

/** One exported click, in the file's column order. */
interface ExportRow {
  time: string;
  shortUrl: string;
  linkId: string;
  browser: string;
  device: string;
  platform: string;
  country: string;
  state: string;
  city: string;
  referrer: string;
  /** A visit by a known bot, crawler or link-preview fetcher: not counted as a click (migration 009-bot-clicks.sql). */
  bot: boolean;
}

const COLUMNS: (keyof ExportRow)[] = ['time', 'shortUrl', 'linkId', 'browser', 'device', 'platform', 'country', 'state', 'city', 'referrer', 'bot'];
const CSV_HEADER = 'time,short_url,link_id,browser,device,platform,country,state,city,referrer,bot';
/** Beyond Date's range on either side: no bound. */
const FOREVER = 8_640_000_000_000_000;
/** Rows fetched per round trip on PostgreSQL. */
const CURSOR_ROWS = 2000;

const SELECT = `SELECT c.at_ms AS at_ms, l.id AS link_id, l.domain AS domain, l.keyword AS keyword,
         b.name AS browser, d.name AS device, p.name AS platform, pl.country AS country, pl.state AS state, pl.city AS city,
         r.origin AS referrer, c.bot AS bot
  FROM clicks c
  JOIN links l ON l.seq = c.link
  JOIN label_browsers b ON b.id = c.browser
  JOIN label_devices d ON d.id = c.device
  JOIN label_platforms p ON p.id = c.platform
  JOIN label_referrers r ON r.id = c.referrer
  JOIN label_places pl ON pl.id = c.place
  WHERE c.at_ms >= $1 AND c.at_ms < $2`;

/**
 * The clicks of the old shape that the background move has not reached yet (legacy-clicks.ts). They
 * have no bot flag: every one was counted as a person's. `0 = 1` is false in both dialects (0 in SQLite).
 */
const SELECT_LEGACY = `SELECT c.at_ms AS at_ms, l.id AS link_id, l.domain AS domain, l.keyword AS keyword,
         c.browser AS browser, c.device AS device, c.platform AS platform, c.country AS country, c.state AS state, c.city AS city,
         c.referrer AS referrer, 0 = 1 AS bot
  FROM ${LEGACY_TABLE} c
  JOIN links l ON l.id = c.link_id
  WHERE c.at_ms >= $1 AND c.at_ms < $2`;

interface StoredRow {
  at_ms: number | string;
  link_id: string;
  domain: string;
  keyword: string;
  browser: string;
  device: string;
  platform: string;
  country: string;
  state: string;
  city: string;
  referrer: string;
  /** SQLite: 0 or 1; PostgreSQL: a boolean. */
  bot: number | boolean;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return before one) as a formula; referrers and place names come from
 * outside, so such a cell gets a leading apostrophe, the usual defence.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function line(format: ExportFormat, row: ExportRow): string {
  if (format === 'ndjson') return `${JSON.stringify(row)}\n`;
  return `${COLUMNS.map((column) => csvCell(String(row[column]))).join(',')}\n`;
}

/** Writes `text`, waiting until the file has taken what was written before when it is behind. */
async function write(out: WriteStream, text: string): Promise<void> {
  if (out.write(text)) return;
  await new Promise<void>((done, fail) => {
    const onError = (error: Error) => fail(error);
    out.once('error', onError);
    out.once('drain', () => {
      out.off('error', onError);
      done();
    });
  });
}

/**
 * The stored rows of the range: SQLite link by link, each in time order (its index); PostgreSQL month by month.
 * While clicks of the old shape wait to be moved, theirs come first, read in the same snapshot as the rest, so
 * a click the move carries over during the export is read once.
 */
async function* storedRows(location: string, range: ExportRange): AsyncGenerator<StoredRow> {
  const bounds = [range.sinceMs ?? -FOREVER, range.untilMs ?? FOREVER];
  if (isPostgresUrl(location)) {
    const sql = postgres(location, { max: 1, onnotice: () => undefined, connect_timeout: 10, connection: { application_name: 'shortlink-export' } });
    try {
      const legacy = Number((await sql.unsafe<{ n: number }[]>(LEGACY_PRESENT.postgres))[0]?.n) === 1;
      const text = legacy ? `${SELECT_LEGACY}\nUNION ALL\n${SELECT}` : SELECT;
      // One statement, so one snapshot for the whole file; the cursor fetches a page when the file has taken the last.
      for await (const page of sql.unsafe<StoredRow[]>(text, bounds).cursor(CURSOR_ROWS)) yield* page;
    } finally {
      await sql.end({ timeout: 1 });
    }
    return;
  }
  const file = resolve(location, 'service.sqlite');
  if (!existsSync(file)) throw new Error(`No database at ${file}`);
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const positional = (text: string) => text.replace('$1', '?').replace('$2', '?');
    // One read transaction: a WAL reader sees one committed state while the service writes on.
    db.exec('BEGIN');
    if (db.prepare(LEGACY_PRESENT.sqlite).pluck().get() === 1) yield* db.prepare(positional(SELECT_LEGACY)).iterate(...bounds) as IterableIterator<StoredRow>;
    yield* db.prepare(`${positional(SELECT)} ORDER BY c.link, c.at_ms`).iterate(...bounds) as IterableIterator<StoredRow>;
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

export interface ExportOptions extends ExportRange {
  /** Where the database is: a data folder or a postgres:// URL. */
  location: string;
  file: string;
  format: ExportFormat;
  /** What short URLs are made from (`--public-url`, `--trust-domains`). */
  links: Pick<ServerConfig, 'publicUrl' | 'trustDomains'>;
}

/** Throws, saying why, unless `file` can be made: its folder exists and nothing is there yet. */
export function checkExportTarget(file: string): void {
  const target = resolve(file);
  const folder = dirname(target);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new Error(`Cannot write ${file}: the folder ${folder} does not exist`);
  if (existsSync(target)) throw new Error(`${file} already exists: export never overwrites a file; name another or remove it`);
}

/** Exports the raw clicks of the range to `file`; returns how many. */
export async function exportClicks(opts: ExportOptions): Promise<{ rows: number; bytes: number }> {
  checkExportTarget(opts.file);
  const target = resolve(opts.file);
  const partial = `${target}.partial`;
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...opts.links };
  rmSync(partial, { force: true });
  const out = createWriteStream(partial, { flags: 'wx' });
  const opened = new Promise<void>((done, fail) => {
    out.once('open', () => done());
    out.once('error', fail);
  });
  let rows = 0;
  try {
    await opened;
    if (opts.format === 'csv') await write(out, `${CSV_HEADER}\n`);
    for await (const row of storedRows(opts.location, opts)) {
      rows += 1;
      await write(out, line(opts.format, {
        time: new Date(Number(row.at_ms)).toISOString(),
        shortUrl: shortUrl(config, row.domain, row.keyword),
        linkId: row.link_id,
        browser: row.browser, device: row.device, platform: row.platform,
        country: row.country, state: row.state, city: row.city,
        referrer: row.referrer,
        bot: Number(row.bot) === 1,
      }));
    }
    await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
    renameSync(partial, target);
    return { rows, bytes: statSync(target).size };
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}
