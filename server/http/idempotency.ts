import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Db } from '../db/open';
import { ApiError } from './errors';

/** How long a first answer is kept and replayed (DESIGN.md: 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One POST's identity for idempotency: whose key, which key, and what was asked. */
export interface IdempotencyScope {
  workspaceId: string;
  /** Lower-cased UUID, or null when the request carried no key. */
  key: string | null;
  requestHash: string;
}

interface StoredAnswer {
  request_hash: string;
  status: number;
  response: string;
}

/** Reads `Idempotency-Key`; call it before anything else so a bad key is reported first. */
export function readIdempotencyKey(c: Context): string | null {
  const raw = c.req.header('idempotency-key');
  if (raw === undefined) return null;
  const key = raw.trim();
  if (!UUID.test(key)) throw new ApiError('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be a UUID');
  return key.toLowerCase();
}

/**
 * The hash covers method, path and the body's fingerprint (the validated body
 * as canonical JSON, server/http/validate.ts), so the same key with another
 * request is caught while a retry that only orders its keys differently replays.
 */
export function idempotencyScope(c: Context, key: string | null, workspaceId: string, fingerprint: string): IdempotencyScope {
  const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${fingerprint}`).digest('hex');
  return { workspaceId, key, requestHash };
}

export interface IdempotencyStore {
  /** The stored answer for this scope as a response, or null when there is none (or no key). */
  replay(c: Context, scope: IdempotencyScope): Response | null;
  /**
   * Runs `write` and stores its answer in ONE transaction, so a write is never
   * kept without its answer or the reverse. If another request with the same
   * key committed in the meantime, its answer is replayed instead.
   */
  commit<T>(c: Context, scope: IdempotencyScope, write: () => T): { response: Response; written: T | null };
  /** Deletes answers older than the TTL; returns how many. */
  purge(): number;
}

export function createIdempotencyStore(db: Db, now: () => Date): IdempotencyStore {
  const find = db.prepare<[string, string, number], StoredAnswer>(
    'SELECT request_hash, status, response FROM idempotency WHERE workspace_id = ? AND key = ? AND created_ms > ?',
  );
  const save = db.prepare(
    'INSERT OR REPLACE INTO idempotency (workspace_id, key, request_hash, status, response, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const expire = db.prepare('DELETE FROM idempotency WHERE created_ms <= ?');

  function lookup(scope: IdempotencyScope): StoredAnswer | null {
    if (scope.key === null) return null;
    const row = find.get(scope.workspaceId, scope.key, now().getTime() - IDEMPOTENCY_TTL_MS);
    if (!row) return null;
    if (row.request_hash !== scope.requestHash) {
      throw new ApiError(
        'IDEMPOTENCY_KEY_REUSED',
        'Idempotency-Key was already used for a different request; make a new key for a new request',
      );
    }
    return row;
  }

  function asResponse(c: Context, row: StoredAnswer, replayed: boolean): Response {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (replayed) headers['Idempotent-Replayed'] = 'true';
    return c.body(row.response, row.status as 200, headers);
  }

  return {
    replay(c, scope) {
      const row = lookup(scope);
      return row ? asResponse(c, row, true) : null;
    },
    commit(c, scope, write) {
      type Outcome = { row: StoredAnswer; written: ReturnType<typeof write> | null };
      // IMMEDIATE: the write lock is taken (waiting up to busy_timeout) before the first read. A deferred
      // transaction that reads and then writes fails at once with SQLITE_BUSY when the click writer
      // thread committed in between, and the request got a 500.
      const result = db.transaction((): Outcome => {
        const earlier = lookup(scope);
        if (earlier) return { row: earlier, written: null };
        const written = write();
        const response = JSON.stringify(written);
        if (scope.key !== null) {
          save.run(scope.workspaceId, scope.key, scope.requestHash, 200, response, now().getTime());
        }
        return { row: { request_hash: scope.requestHash, status: 200, response }, written };
      }).immediate();
      return { response: asResponse(c, result.row, result.written === null), written: result.written };
    },
    purge() {
      return expire.run(now().getTime() - IDEMPOTENCY_TTL_MS).changes;
    },
  };
}
