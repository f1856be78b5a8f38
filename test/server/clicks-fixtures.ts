/** Rows the redirect, recorder and analytics suites build on: made with plain SQL, as CORE's routes would. */
import type { Sql } from '../../server/db/sql';

export async function seedWorkspace(db: Sql, id = 'ws1'): Promise<void> {
  await db.run('INSERT INTO workspaces (id, created_date) VALUES (?, ?) ON CONFLICT DO NOTHING', [id, '2026-01-01T00:00:00.000Z']);
}

export async function seedLink(
  db: Sql,
  link: { id: string; keyword: string; longUrl: string; domain?: string; active?: boolean; workspaceId?: string },
): Promise<void> {
  const workspaceId = link.workspaceId ?? 'ws1';
  await seedWorkspace(db, workspaceId);
  await db.run(
    `INSERT INTO links (id, workspace_id, domain, keyword, long_url, active, created_by, modified_by, created_date)
     VALUES (?, ?, ?, ?, ?, ?, 'test', 'test', '2026-01-01T00:00:00.000Z')`,
    [link.id, workspaceId, link.domain ?? '', link.keyword, link.longUrl, link.active === false ? 0 : 1],
  );
}

export async function seedDomain(
  db: Sql,
  domain: { id: string; domain: string; setUp: boolean; httpToHttps: boolean; workspaceId?: string },
): Promise<void> {
  const workspaceId = domain.workspaceId ?? 'ws1';
  await seedWorkspace(db, workspaceId);
  await db.run(
    `INSERT INTO domains (id, workspace_id, domain, is_sub_domain, verify_token, domain_setupped, http_to_https, created_date)
     VALUES (?, ?, ?, 1, 'token', ?, ?, '2026-01-01T00:00:00.000Z')`,
    [domain.id, workspaceId, domain.domain, domain.setUp ? 1 : 0, domain.httpToHttps ? 1 : 0],
  );
}

export async function totalClicks(db: Sql, linkId: string): Promise<number> {
  return (await db.get<{ n: number }>('SELECT total_clicks AS n FROM links WHERE id = ?', [linkId]))?.n as number;
}

export async function storedClicks(db: Sql, linkId: string): Promise<number> {
  return (await db.get<{ n: number }>('SELECT count(*) AS n FROM click_rows WHERE link_id = ?', [linkId]))?.n as number;
}

/** Waits until `done()` (which may ask the database) or the deadline; returns whether it became true. */
export async function eventually(done: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
