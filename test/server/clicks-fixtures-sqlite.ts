/** The fixtures of clicks-fixtures.ts on a bare better-sqlite3 connection, for the suites of SQLite's own click writer (its thread, a full disk). */
import type { Database as Db } from 'better-sqlite3';
import { SqliteDatabase } from '../../server/db/sqlite-database';

export function seedWorkspace(db: Db, id = 'ws1'): void {
  db.prepare('INSERT OR IGNORE INTO workspaces (id, created_date) VALUES (?, ?)').run(id, '2026-01-01T00:00:00.000Z');
}

export function seedLink(
  db: Db,
  link: { id: string; keyword: string; longUrl: string; domain?: string; active?: boolean; workspaceId?: string },
): void {
  const workspaceId = link.workspaceId ?? 'ws1';
  seedWorkspace(db, workspaceId);
  db.prepare(
    `INSERT INTO links (id, workspace_id, domain, keyword, long_url, active, created_by, modified_by, created_date)
     VALUES (?, ?, ?, ?, ?, ?, 'test', 'test', '2026-01-01T00:00:00.000Z')`,
  ).run(link.id, workspaceId, link.domain ?? '', link.keyword, link.longUrl, link.active === false ? 0 : 1);
}

export function seedDomain(
  db: Db,
  domain: { id: string; domain: string; setUp: boolean; httpToHttps: boolean; workspaceId?: string },
): void {
  const workspaceId = domain.workspaceId ?? 'ws1';
  seedWorkspace(db, workspaceId);
  db.prepare(
    `INSERT INTO domains (id, workspace_id, domain, is_sub_domain, verify_token, domain_setupped, http_to_https, created_date)
     VALUES (?, ?, ?, 1, 'token', ?, ?, '2026-01-01T00:00:00.000Z')`,
  ).run(domain.id, workspaceId, domain.domain, domain.setUp ? 1 : 0, domain.httpToHttps ? 1 : 0);
}

export function totalClicks(db: Db, linkId: string): number {
  return db.prepare('SELECT total_clicks FROM links WHERE id = ?').pluck().get(linkId) as number;
}

export function storedClicks(db: Db, linkId: string): number {
  return db.prepare('SELECT count(*) FROM click_rows WHERE link_id = ?').pluck().get(linkId) as number;
}

/**
 * A data directory that fills and frees: `pages` is the database's size once
 * a filler table takes 200 pages; a connection capped at it (PRAGMA
 * max_page_count) fails any write that needs a new page with SQLITE_FULL, as
 * on a full disk. `free()` deletes the filler, so its pages can be reused.
 */
export function fillDisk(db: Db): { pages: number; free(): void } {
  db.exec('CREATE TABLE filler (b BLOB)');
  const insert = db.prepare('INSERT INTO filler (b) VALUES (zeroblob(4000))');
  for (let i = 0; i < 200; i += 1) insert.run();
  const pages = db.pragma('page_count', { simple: true }) as number;
  return { pages, free: () => db.exec('DELETE FROM filler') };
}

export type { Db };

/** The service's SQLite database (migrated) in `dataDir` or ':memory:', as its bare connection. */
export function openDatabase(dataDir: string): Db {
  return new SqliteDatabase(dataDir).native;
}
