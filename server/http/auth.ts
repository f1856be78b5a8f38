import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Sql } from '../db/sql';
import { ApiError } from './errors';
import type { ApiEnv, AuthInfo } from './env';

/** Tokens are stored and looked up only as SHA-256 hashes (tokens.hash). */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

// base64url of 32 random bytes is 43 characters; anything else cannot be one of ours.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// Made only when needed: an Error captures a stack, too costly for every request.
const unauthorized = (): ApiError =>
  new ApiError('UNAUTHORIZED', 'A valid bearer token is required (Authorization: Bearer <token>)', {
    'WWW-Authenticate': 'Bearer',
  });

interface TokenRow {
  id: number;
  hash: Buffer;
  name: string;
  expires_ms: number | null;
  revoked_date: string | null;
}

/**
 * Bearer-token auth for /api/*. A missing, malformed, unknown, revoked or
 * expired token is 401 with one message, so the answer never tells which of
 * these it was. Nothing about tokens is cached: each request reads the row, so
 * `token revoke` (the CLI writes the same database file) and an expiry take
 * effect on the very next request. The read is one lookup by a unique index.
 */
export function authMiddleware(db: Sql, now: () => Date = () => new Date()): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    const token = match?.[1] ?? '';
    if (!TOKEN_PATTERN.test(token)) throw unauthorized();
    const hash = hashToken(token);
    const row = await db.get<TokenRow>('SELECT id, hash, name, expires_ms, revoked_date FROM tokens WHERE hash = ?', [hash]);
    // The lookup is by hash, so timing reveals nothing about the token; the
    // constant-time compare guards against a lookup that matched loosely.
    if (!row || row.hash.length !== hash.length || !timingSafeEqual(row.hash, hash)) throw unauthorized();
    if (row.revoked_date !== null || (row.expires_ms !== null && row.expires_ms <= now().getTime())) throw unauthorized();
    const auth: AuthInfo = { tokenId: row.id, tokenName: row.name, workspaces: new Set(
        (await db.all<{ workspace_id: string }>('SELECT workspace_id FROM token_workspaces WHERE token_id = ?', [row.id])).map(
          (grant) => grant.workspace_id,
        ),
      ),
    };
    c.set('auth', auth);
    await next();
  };
}

/**
 * Fails unless the token grants `workspaceId`. The message is the same whether
 * the workspace exists or not, and it is checked before any of its objects are
 * looked at, so nothing about them leaks.
 */
export function assertWorkspace(c: Context<ApiEnv>, workspaceId: string): AuthInfo {
  const auth = c.get('auth');
  if (!auth.workspaces.has(workspaceId)) {
    throw new ApiError('WORKSPACE_NOT_GRANTED', 'workspaceId is not a workspace this token grants');
  }
  return auth;
}

/**
 * Makes a token for `workspaceId` (creating the workspace if new) and returns
 * the plaintext, which is not stored and cannot be shown again. `expiresAt`
 * (optional) is when the service starts refusing it.
 */
export async function createToken(db: Sql, workspaceId: string, name: string, now: Date = new Date(), expiresAt?: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const created = now.toISOString();
  await db.transaction(async () => {
    await db.run('INSERT INTO workspaces (id, created_date) VALUES (?, ?) ON CONFLICT DO NOTHING', [workspaceId, created]);
    const made = await db.get<{ id: number }>(
      'INSERT INTO tokens (hash, name, created_date, expires_ms) VALUES (?, ?, ?, ?) RETURNING id',
      [hashToken(token), name, created, expiresAt?.getTime() ?? null],
    );
    if (!made) throw new Error('the new token has no id');
    await db.run('INSERT INTO token_workspaces (token_id, workspace_id) VALUES (?, ?)', [made.id, workspaceId]);
  });
  return token;
}
