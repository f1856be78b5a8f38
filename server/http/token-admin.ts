import type { Sql } from '../db/sql';

/** What `token list` shows of a token: never its secret nor its hash. */
export interface TokenSummary {
  id: number;
  name: string;
  workspaces: string[];
  created: string;
  /** ISO time, or null when it never expires. */
  expires: string | null;
  /** ISO time of revocation, or null. */
  revoked: string | null;
}

interface SummaryRow {
  id: number;
  name: string;
  created_date: string;
  expires_ms: number | null;
  revoked_date: string | null;
}

/** Every token, oldest first, with the workspaces it grants. */
export async function listTokens(db: Sql): Promise<TokenSummary[]> {
  const [rows, grants] = await db.transaction(
    () =>
      Promise.all([
        db.all<SummaryRow>('SELECT id, name, created_date, expires_ms, revoked_date FROM tokens ORDER BY id'),
        db.all<{ token_id: number; workspace_id: string }>('SELECT token_id, workspace_id FROM token_workspaces ORDER BY workspace_id'),
      ]),
    { snapshot: true },
  );
  const workspacesOf = new Map<number, string[]>();
  for (const grant of grants) workspacesOf.set(grant.token_id, [...(workspacesOf.get(grant.token_id) ?? []), grant.workspace_id]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    workspaces: workspacesOf.get(row.id) ?? [],
    created: row.created_date,
    expires: row.expires_ms === null ? null : new Date(row.expires_ms).toISOString(),
    revoked: row.revoked_date,
  }));
}

export type RevokeOutcome = 'revoked' | 'already-revoked' | 'not-found';

/** Marks token `id` revoked at `now`; the service refuses it from its next request on. */
export async function revokeToken(db: Sql, id: number, now: Date = new Date()): Promise<RevokeOutcome> {
  const { changes } = await db.run('UPDATE tokens SET revoked_date = ? WHERE id = ? AND revoked_date IS NULL', [now.toISOString(), id]);
  if (changes === 1) return 'revoked';
  const exists = await db.get('SELECT 1 FROM tokens WHERE id = ?', [id]);
  return exists === undefined ? 'not-found' : 'already-revoked';
}
