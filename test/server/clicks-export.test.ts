/**
 * `clicks export`: raw clicks of a time range to CSV or NDJSON, streamed,
 * each with its link's short URL; clear errors for bad dates and paths.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../server/cli-usage';
import type { ClickRow } from '../../server/clicks/click-row';
import { createClickWriter } from '../../server/clicks/click-writer';
import { checkExportTarget, exportClicks } from '../../server/clicks/export-clicks';
import { openDatabase, type Database } from '../../server/db/open';
import { exportFormat, parseWhen } from '../../server/ops/cli-clicks';
import { seedLink } from './clicks-fixtures';
import { ON_POSTGRES, testLocation, type TestLocation } from './test-database';

const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'shortlink-export-'));
let where: TestLocation;
let db: Database;

const base: Omit<ClickRow, 'linkId' | 'atMs'> = {
  browser: 'Chrome', device: 'Desktop', platform: 'Windows', country: 'IN', state: 'Maharashtra', city: 'Mumbai', referrer: '',
};
const CLICKS: ClickRow[] = [
  { ...base, linkId: 'l1', atMs: Date.parse('2026-01-31T23:59:59.999Z') },
  { ...base, linkId: 'l1', atMs: Date.parse('2026-02-01T00:00:00.000Z'), referrer: 'https://news.example' },
  // Text a spreadsheet would run, a comma and a quote: CSV must carry them as data.
  { ...base, linkId: 'l2', atMs: Date.parse('2026-02-14T12:30:00.250Z'), referrer: '=HYPERLINK("http://evil.example")', city: 'São Paulo, SP', state: 'O"Higgins' },
  { ...base, linkId: 'l2', atMs: Date.parse('2026-02-28T23:00:00.000Z'), browser: 'Firefox', device: 'Mobile', platform: 'Android' },
  // A link preview's fetch: stored, not counted as a click, and marked in the export.
  { ...base, linkId: 'l2', atMs: Date.parse('2026-02-14T12:30:01.000Z'), browser: 'SlackBot', device: 'Bot', platform: 'Unknown', bot: true },
  { ...base, linkId: 'l1', atMs: Date.parse('2026-03-01T00:00:00.000Z') },
];

beforeAll(async () => {
  where = await testLocation();
  db = await openDatabase(where.location);
  await seedLink(db, { id: 'l1', keyword: 'abc', longUrl: 'https://example.com/1' });
  await seedLink(db, { id: 'l2', keyword: 'promo', longUrl: 'https://example.com/2', domain: 'go.example.com' });
  await createClickWriter(db)(CLICKS);
}, 60_000);
afterAll(async () => {
  await db.close();
  await where.remove();
  rmSync(out, { recursive: true, force: true });
});

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  return rows;
}

const location = () => (ON_POSTGRES ? ['--database', where.location] : ['--data', where.location]);

describe(`clicks export (${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('writes CSV of the range with each link\'s short URL; cells that would run as formulas are defused', async () => {
    const file = join(out, 'february.csv');
    const result = await exportClicks({
      location: where.location, file, format: 'csv',
      sinceMs: parseWhen('since', '2026-02-01', false), untilMs: parseWhen('until', '2026-02-28', true),
      links: { publicUrl: 'https://sho.rt', trustDomains: false },
    });
    const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'));
    expect(header).toEqual(['time', 'short_url', 'link_id', 'browser', 'device', 'platform', 'country', 'state', 'city', 'referrer', 'bot']);
    expect(result.rows).toBe(4);
    expect(rows.sort((a, b) => (a[0]! < b[0]! ? -1 : 1))).toEqual([
      ['2026-02-01T00:00:00.000Z', 'https://sho.rt/abc', 'l1', 'Chrome', 'Desktop', 'Windows', 'IN', 'Maharashtra', 'Mumbai', 'https://news.example', 'false'],
      ['2026-02-14T12:30:00.250Z', 'https://go.example.com/promo', 'l2', 'Chrome', 'Desktop', 'Windows', 'IN', 'O"Higgins', 'São Paulo, SP', '\'=HYPERLINK("http://evil.example")', 'false'],
      ['2026-02-14T12:30:01.000Z', 'https://go.example.com/promo', 'l2', 'SlackBot', 'Bot', 'Unknown', 'IN', 'Maharashtra', 'Mumbai', '', 'true'],
      ['2026-02-28T23:00:00.000Z', 'https://go.example.com/promo', 'l2', 'Firefox', 'Mobile', 'Android', 'IN', 'Maharashtra', 'Mumbai', '', 'false'],
    ]);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });

  it('the CLI writes NDJSON (from the extension) with every click when no range is given, and says how many', () => {
    const file = join(out, 'all.ndjson');
    const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'clicks', 'export', '--to', file, ...location()], {
      encoding: 'utf8', timeout: 60_000, env: { ...process.env, SHORTLINK_PUBLIC_URL: 'http://127.0.0.1:9999' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Exported 6 clicks \(the first click to the last\) to .*all\.ndjson \(ndjson, \d+ bytes\)$/m);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string | boolean>);
    expect(lines).toHaveLength(6);
    expect(lines.filter((l) => l.bot === true).map((l) => l.browser)).toEqual(['SlackBot']);
    expect(lines.filter((l) => l.linkId === 'l1').map((l) => l.shortUrl)).toEqual(Array(3).fill('http://127.0.0.1:9999/abc'));
    expect(lines.find((l) => l.time === '2026-02-14T12:30:00.250Z')).toEqual({
      time: '2026-02-14T12:30:00.250Z', shortUrl: 'https://go.example.com/promo', linkId: 'l2', browser: 'Chrome', device: 'Desktop',
      platform: 'Windows', country: 'IN', state: 'O"Higgins', city: 'São Paulo, SP', referrer: '=HYPERLINK("http://evil.example")', bot: false,
    });
  }, 60_000);

  it('the CLI refuses a bad date with its usage (exit 2) before touching anything', () => {
    const file = join(out, 'never.csv');
    const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'clicks', 'export', '--to', file, '--since', 'yesterday', ...location()], {
      encoding: 'utf8', timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Error: --since must be a UTC day (2026-01-31) or a time with its zone (2026-01-31T12:00:00Z), not "yesterday"');
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it.each([
    ['2026-13-01'], ['2026-02-30'], ['2026-02-30T10:00:00Z'], ['2026-01-31T12:00:00'], ['31/01/2026'], [''],
  ])('refuses the date %j', (raw) => {
    expect(() => parseWhen('since', raw, false)).toThrow(UsageError);
  });

  it('reads days as UTC days (--until to the end of its day) and times with their zone', () => {
    expect(parseWhen('since', '2026-01-31', false)).toBe(Date.parse('2026-01-31T00:00:00Z'));
    expect(parseWhen('until', '2026-01-31', true)).toBe(Date.parse('2026-02-01T00:00:00Z'));
    expect(parseWhen('until', '2026-01-31T23:00:00-05:00', true)).toBe(Date.parse('2026-02-01T04:00:00Z'));
  });

  it('tells the format from --format or the extension, and refuses to guess', () => {
    expect(exportFormat('a.CSV', undefined)).toBe('csv');
    expect(exportFormat('a.jsonl', undefined)).toBe('ndjson');
    expect(exportFormat('a.txt', 'ndjson')).toBe('ndjson');
    expect(() => exportFormat('a.txt', undefined)).toThrow(/Cannot tell the format of a\.txt from its extension: name it \.csv or \.ndjson, or give --format/);
    expect(() => exportFormat('a.csv', 'xml')).toThrow(/--format must be csv or ndjson, not "xml"/);
  });

  it('refuses a path whose folder does not exist, and never overwrites a file', async () => {
    expect(() => checkExportTarget(join(out, 'missing', 'x.csv'))).toThrow(`Cannot write ${join(out, 'missing', 'x.csv')}: the folder ${join(out, 'missing')} does not exist`);
    const taken = join(out, 'taken.csv');
    writeFileSync(taken, 'keep me');
    await expect(
      exportClicks({ location: where.location, file: taken, format: 'csv', sinceMs: null, untilMs: null, links: { publicUrl: 'https://sho.rt', trustDomains: false } }),
    ).rejects.toThrow(/taken\.csv already exists: export never overwrites a file; name another or remove it/);
    expect(readFileSync(taken, 'utf8')).toBe('keep me');
  });
});
