/**
 * `npm run server -- clicks export --to FILE [--since WHEN] [--until WHEN]`:
 * raw clicks to a CSV or NDJSON file (server/clicks/export-clicks.ts), from
 * either database, named as for backup: `--data DIR` or `--database URL`
 * (SHORTLINK_DATA, SHORTLINK_DATABASE). Runs beside the service.
 */
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { locationOf } from '../cli-token';
import { UsageError } from '../cli-usage';
import { DEFAULT_CONFIG } from '../config';
import { checkExportTarget, exportClicks, type ExportFormat } from '../clicks/export-clicks';
import { withEnvironment } from './env-options';

export const CLICKS_HELP = `Usage: npm run server -- clicks export --to FILE [--since WHEN] [--until WHEN] [--format csv|ndjson]
                                     [--public-url URL] [--trust-domains] [--data DIR | --database URL]

  Writes the raw clicks stored between --since and --until to FILE, one line per click:
  its time (ISO 8601, UTC), its link's short URL and id, browser, device, platform,
  country, state, city and referrer, and bot: true for a visit by a known bot, crawler
  or link-preview fetcher, which is not counted as a click (serve --help, --count-bots).
  Raw clicks are kept --click-retention days (serve --help); export them first to keep
  them longer. Runs while the service runs; streamed (memory stays small for any number
  of clicks); written to FILE.partial, then renamed. Never overwrites a file. Rows are
  not sorted: SQLite gives them link by link, each in time order; PostgreSQL month by month.

  --to FILE          where to write; FILE must not exist, its folder must
  --since WHEN       from this UTC day (2026-01-31) or time (2026-01-31T12:00:00Z), inclusive;
                     default: the first click kept
  --until WHEN       to the end of this UTC day, or up to this time (exclusive); default: the last
  --format F         csv or ndjson; by default from FILE's extension (.csv, .ndjson or .jsonl).
                     CSV cells a spreadsheet would run as a formula (= + - @) start with '
  --public-url URL   origin of the service's own short links, as for serve (default
                     ${DEFAULT_CONFIG.publicUrl}); custom domains' links are https://DOMAIN/keyword
  --trust-domains    as for serve: custom domains' links take --public-url's scheme and port
  --data DIR         SQLite: the data folder (default ${DEFAULT_CONFIG.dataDir})
  --database URL     PostgreSQL (postgres://user:password@host:5432/name)`;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * `--since` / `--until` as epoch ms: a UTC day (its start; with `endOfDay`, the next day's start)
 * or a time with its offset. Impossible dates (2026-02-30) are refused, not rolled over.
 */
export function parseWhen(flag: string, raw: string, endOfDay: boolean): number {
  const problem = () => new UsageError(`--${flag} must be a UTC day (2026-01-31) or a time with its zone (2026-01-31T12:00:00Z), not "${raw}"`);
  const day = DAY.exec(raw);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const ms = Date.UTC(y, m - 1, d);
    const back = new Date(ms);
    if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) throw problem();
    return endOfDay ? ms + DAY_MS : ms;
  }
  if (!TIME.test(raw)) throw problem();
  const ms = Date.parse(raw);
  // Date.parse rolls impossible days over too: the day it read must be the one written.
  if (Number.isNaN(ms) || !raw.startsWith(new Date(ms + offsetMs(raw)).toISOString().slice(0, 10))) throw problem();
  return ms;
}

/** The offset a time was written with, in ms (0 for Z): to read its day back as written. */
function offsetMs(raw: string): number {
  const zone = /([+-])(\d{2}):(\d{2})$/.exec(raw);
  if (!zone) return 0;
  return (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) * 60_000;
}

/** The format: --format if given, else from FILE's extension. */
export function exportFormat(file: string, flag: string | undefined): ExportFormat {
  if (flag !== undefined) {
    if (flag === 'csv' || flag === 'ndjson') return flag;
    throw new UsageError(`--format must be csv or ndjson, not "${flag}"`);
  }
  const ext = extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  throw new UsageError(`Cannot tell the format of ${file} from its extension: name it .csv or .ndjson, or give --format`);
}

const EXPORT_OPTIONS = {
  to: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  format: { type: 'string' },
  'public-url': { type: 'string' },
  'trust-domains': { type: 'boolean' },
  data: { type: 'string' },
  database: { type: 'string' },
  help: { type: 'boolean' },
} as const;

export async function clicksCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === 'help') return void console.log(CLICKS_HELP);
  if (sub !== 'export') throw new UsageError(`Unknown clicks command "${sub}": clicks export`);
  const { values: flags } = parseArgs({ args: rest, options: EXPORT_OPTIONS, strict: true, allowPositionals: false });
  if (flags.help) return void console.log(CLICKS_HELP);
  // As serve reads them: a service configured through its environment exports its own short URLs.
  const values = withEnvironment(flags, { 'public-url': { type: 'string' }, 'trust-domains': { type: 'boolean' } }, process.env);
  if (!values.to) throw new UsageError('clicks export needs --to FILE');
  const format = exportFormat(values.to, values.format);
  const sinceMs = values.since === undefined ? null : parseWhen('since', values.since, false);
  const untilMs = values.until === undefined ? null : parseWhen('until', values.until, true);
  if (sinceMs !== null && untilMs !== null && sinceMs >= untilMs) {
    throw new UsageError(`--since (${values.since}) must come before --until (${values.until})`);
  }
  const publicUrl = values['public-url'] ?? DEFAULT_CONFIG.publicUrl;
  if (!/^https?:\/\/[^/]+\/?$/.test(publicUrl)) throw new UsageError(`--public-url must be an http(s) origin such as https://sho.rt, not "${publicUrl}"`);
  const location = locationOf(values);
  // Before connecting: a wrong path is told at once.
  checkExportTarget(values.to);
  const { rows, bytes } = await exportClicks({
    location, file: values.to, format, sinceMs, untilMs,
    links: { publicUrl: new URL(publicUrl).origin, trustDomains: values['trust-domains'] ?? false },
  });
  const span = `${sinceMs === null ? 'the first click' : new Date(sinceMs).toISOString()} to ${untilMs === null ? 'the last' : new Date(untilMs).toISOString()}`;
  console.log(`Exported ${rows} clicks (${span}) to ${values.to} (${format}, ${bytes} bytes)`);
}
