/**
 * The upgrade of stored raw clicks, timed on a database holding `rows`
 * clicks of the shape before compact rows (20 links, varied labels): the
 * migrations themselves, the short step the service is stopped for (SQLite
 * 007, PostgreSQL 009 and 010: no click copied), then the background move of
 * the old rows by the recorder's pruning pass with its default batches and
 * pauses (server/db/legacy-clicks.ts), while nothing else runs.
 */
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import postgres from 'postgres';
import { createClickRecorder } from '../../server/clicks/click-recorder';
import { applyPostgresMigrations } from '../../server/db/migrate-postgres';
import { migrateSqlite } from '../../server/db/migrate-sqlite';
import { migrationNames } from '../../server/db/migration-files';
import { openDatabase } from '../../server/db/open';
import { BENCH_ON_POSTGRES, benchDatabase } from './bench-database';

export interface MigrationTimes {
  /** The migrations from the version before compact rows to this one, ms. */
  migrationMs: number;
  /** The background move: clicks moved, and how long the pass took, ms. */
  moved: number;
  moveMs: number;
}

const OLD_ROWS = `SELECT 'link-' || (1 + i % 20), 1767225600000 + i * CAST(7000 AS BIGINT),
    CASE i % 5 WHEN 0 THEN 'Chrome' WHEN 1 THEN 'Safari' WHEN 2 THEN 'Firefox' WHEN 3 THEN 'Microsoft Edge' ELSE 'Opera' END,
    CASE i % 3 WHEN 0 THEN 'Mobile' WHEN 1 THEN 'Desktop' ELSE 'Tablet' END,
    CASE i % 4 WHEN 0 THEN 'Android' WHEN 1 THEN 'iOS' WHEN 2 THEN 'Windows' ELSE 'macOS' END,
    'IN', 'State ' || (i % 36), 'City ' || (i % 300), CASE WHEN i % 3 = 0 THEN 'https://t.co' ELSE '' END`;
const INSERT_OLD = `INSERT INTO clicks (link_id, at_ms, browser, device, platform, country, state, city, referrer)`;

export async function migrationTimes(rows: number): Promise<MigrationTimes> {
  const dialect = BENCH_ON_POSTGRES ? 'postgres' : 'sqlite';
  const compact = BENCH_ON_POSTGRES ? '009-compact-clicks.sql' : '007-compact-clicks.sql';
  const before = migrationNames(dialect).filter((name) => name < compact);
  const spot = await benchDatabase('clicks-migration-bench-');
  try {
    let migrationMs: number;
    if (!BENCH_ON_POSTGRES) {
      const file = new BetterSqlite3(join(spot.location, 'service.sqlite'));
      migrateSqlite(file, before);
      file.exec("INSERT INTO workspaces VALUES ('bench', '2026-01-01')");
      for (let l = 1; l <= 20; l += 1) {
        file.prepare("INSERT INTO links (id, workspace_id, keyword, long_url, created_by, modified_by, created_date) VALUES (?, 'bench', ?, 'https://e.com', 'b', 'b', '2026')").run(`link-${l}`, `k${l}`);
      }
      file.exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows - 1}) ${INSERT_OLD} ${OLD_ROWS} FROM n`);
      const started = performance.now();
      migrateSqlite(file);
      migrationMs = performance.now() - started;
      file.close();
    } else {
      const sql = postgres(spot.location, { max: 1, onnotice: () => undefined });
      try {
        await sql.begin(async (tx) => {
          await tx.unsafe('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
          await applyPostgresMigrations(tx, before);
          await tx.unsafe("INSERT INTO workspaces VALUES ('bench', '2026-01-01')");
          await tx.unsafe("INSERT INTO links (id, workspace_id, keyword, long_url, created_by, modified_by, created_date) SELECT 'link-' || l, 'bench', 'k' || l, 'https://e.com', 'b', 'b', '2026' FROM generate_series(1, 20) l");
          await tx.unsafe(`${INSERT_OLD} ${OLD_ROWS} FROM generate_series(0, ${rows - 1}) i`);
        });
        await sql.unsafe('VACUUM ANALYZE');
        const started = performance.now();
        await sql.begin((tx) => applyPostgresMigrations(tx, migrationNames('postgres')));
        migrationMs = performance.now() - started;
      } finally {
        await sql.end();
      }
    }
    const db = await openDatabase(spot.location);
    const recorder = createClickRecorder(db, { retentionDays: 0, thread: 'main', log: () => undefined });
    try {
      const pass = await recorder.prune!(Date.now());
      return { migrationMs, moved: pass.moved, moveMs: pass.ms };
    } finally {
      await recorder.close();
      await db.close();
    }
  } finally {
    await spot.remove();
  }
}
