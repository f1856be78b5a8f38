import type { Db } from '../db/open';

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
  workspaces: string | null;
}

/** Every token, oldest first, with the workspaces it grants. */
export function listTokens(db: Db): TokenSummary[] {
  const rows = db
    .prepare<[], SummaryRow>(
      `SELECT t.id, t.name, t.created_date, t.expires_ms, t.revoked_date,
              (SELECT json_group_array(workspace_id) FROM (SELECT workspace_id FROM token_workspaces w
                 WHERE w.token_id = t.id ORDER BY workspace_id)) AS workspaces
       FROM tokens t ORDER BY t.id`,
    )
    .all();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    workspaces: row.workspaces === null ? [] : (JSON.parse(row.workspaces) as string[]),
    created: row.created_date,
    expires: row.expires_ms === null ? null : new Date(row.expires_ms).toISOString(),
    revoked: row.revoked_date,
  }));
}

export type RevokeOutcome = 'revoked' | 'already-revoked' | 'not-found';

/** Marks token `id` revoked at `now`; the service refuses it from its next request on. */
export function revokeToken(db: Db, id: number, now: Date = new Date()): RevokeOutcome {
  const { changes } = db.prepare('UPDATE tokens SET revoked_date = ? WHERE id = ? AND revoked_date IS NULL').run(now.toISOString(), id);
  if (changes === 1) return 'revoked';
  const exists = db.prepare<[number], number>('SELECT 1 FROM tokens WHERE id = ?').pluck().get(id);
  return exists === undefined ? 'not-found' : 'already-revoked';
}
