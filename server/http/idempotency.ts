import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Sql } from '../db/sql';
import { ApiError } from './errors';

const DAY_MS = 86_400_000;

/** How long a first answer is kept and replayed: `--idempotency-days` (config.ts), in ms. */
export function idempotencyRetentionMs(days: number): number {
  return days * DAY_MS;
}

/** The response header that tells a client how long, in seconds, an answer is kept for its key. */
export const RETENTION_HEADER = 'Idempotency-Retention';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One POST's identity for idempotency: whose key, which key, and what was asked. */
export interface IdempotencyScope {
  workspaceId: string;
  /** Lower-cased UUID, or null when the request carried no key. */
  key: string | null;
  requestHash: string;
  /**
   * Hashes that mean this very request as an earlier version stored them (before top-level nulls
   * were left out of the fingerprint): an answer stored then, while it is kept, still replays.
   */
  earlierHashes: readonly string[];
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
 * as canonical JSON, top-level nulls left out: canonical-json.ts), so the same
 * key with another request is caught while a retry that only orders its keys
 * differently, or sends an optional field as null instead of leaving it out,
 * replays.
 */
export function idempotencyScope(
  c: Context,
  key: string | null,
  workspaceId: string,
  fingerprint: string,
  legacyFingerprint: string = fingerprint,
): IdempotencyScope {
  const hash = (print: string) => createHash('sha256').update(`${c.req.method} ${c.req.path}\n${print}`).digest('hex');
  const requestHash = hash(fingerprint);
  return { workspaceId, key, requestHash, earlierHashes: legacyFingerprint === fingerprint ? [] : [hash(legacyFingerprint)] };
}

export interface IdempotencyStore {
  /** The stored answer for this scope as a response, or null when there is none (or no key). */
  replay(c: Context, scope: IdempotencyScope): Promise<Response | null>;
  /**
   * Runs `write` and stores its answer in ONE transaction, so a write is never
   * kept without its answer or the reverse. If another request with the same
   * key committed in the meantime, its answer is replayed instead: the key is
   * locked for the transaction (Sql.lock), so two instances given the same
   * key at once write once.
   */
  commit<T>(c: Context, scope: IdempotencyScope, write: () => Promise<T>): Promise<{ response: Response; written: T | null }>;
  /** Deletes answers older than the retention; returns how many. */
  purge(): Promise<number>;
}

const FIND =
  'SELECT request_hash, status, response FROM idempotency WHERE workspace_id = ? AND key = ? AND created_ms > ?';
// An expired answer of the same key is replaced (it is ignored already, and may not be purged yet).
const SAVE = `INSERT INTO idempotency (workspace_id, key, request_hash, status, response, created_ms) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (workspace_id, key) DO UPDATE SET request_hash = excluded.request_hash, status = excluded.status,
    response = excluded.response, created_ms = excluded.created_ms`;

/**
 * Every answer to a request that carried an Idempotency-Key (errors and
 * replays included) says how long the service keeps answers for a key, so a
 * client holding a request of unknown outcome knows until when a retry with
 * the same key is safe. Clients that do not know the header ignore it.
 */
export function retentionHeader(retentionMs: number): MiddlewareHandler {
  const seconds = String(Math.floor(retentionMs / 1000));
  return async (c, next) => {
    await next();
    if (c.req.header('idempotency-key') !== undefined) c.res.headers.set(RETENTION_HEADER, seconds);
  };
}

/** The store of first answers on `db`, each kept `retentionMs` from when it was stored. */
export function createIdempotencyStore(db: Sql, now: () => Date, retentionMs: number): IdempotencyStore {
  async function lookup(scope: IdempotencyScope): Promise<StoredAnswer | null> {
    if (scope.key === null) return null;
    const row = await db.get<StoredAnswer>(FIND, [scope.workspaceId, scope.key, now().getTime() - retentionMs]);
    if (!row) return null;
    if (row.request_hash !== scope.requestHash && !scope.earlierHashes.includes(row.request_hash)) {
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
    async replay(c, scope) {
      const row = await lookup(scope);
      return row ? asResponse(c, row, true) : null;
    },
    async commit<T>(c: Context, scope: IdempotencyScope, write: () => Promise<T>) {
      type Outcome = { row: StoredAnswer; written: T | null };
      const result = await db.transaction(async (): Promise<Outcome> => {
        if (scope.key !== null) await db.lock(`idempotency ${scope.workspaceId} ${scope.key}`);
        const earlier = await lookup(scope);
        if (earlier) return { row: earlier, written: null };
        const written = await write();
        const response = JSON.stringify(written);
        if (scope.key !== null) {
          await db.run(SAVE, [scope.workspaceId, scope.key, scope.requestHash, 200, response, now().getTime()]);
        }
        return { row: { request_hash: scope.requestHash, status: 200, response }, written };
      });
      return { response: asResponse(c, result.row, result.written === null), written: result.written };
    },
    async purge() {
      return (await db.run('DELETE FROM idempotency WHERE created_ms <= ?', [now().getTime() - retentionMs])).changes;
    },
  };
}
