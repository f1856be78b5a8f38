import type { Sql } from '../db/sql';
import { rateLimited, type LimitedCreation, type RateLimiter } from './rate-limit';

/** Each kind's buckets: `rate_buckets` (006-instances.sql), `domain_rate_buckets` (007-domain-rate-limit.sql). */
const TABLES: Readonly<Record<LimitedCreation, string>> = { links: 'rate_buckets', domains: 'domain_rate_buckets' };

/**
 * The token bucket of rate-limit.ts, kept in a table (TABLES) so every
 * instance draws from the same bucket. One statement refills the
 * bucket up to now and takes a unit only when a whole one is there; the row
 * lock of the upsert serialises concurrent requests of one token, whichever
 * instance they reach. An instance whose clock is behind refills nothing
 * (GREATEST) rather than draining the bucket.
 */
export function createSharedRateLimiter(db: Sql, perMinute: number, now: () => Date, what: LimitedCreation): RateLimiter {
  const capacity = Math.max(1, perMinute);
  const refillPerMs = capacity / 60_000;
  const table = TABLES[what];
  const refilled = `LEAST(?::float8, ${table}.level + GREATEST(0, ?::bigint - ${table}.updated_ms) * ?::float8)`;

  return {
    async reserve(tokenId) {
      const t = now().getTime();
      const taken = await db.get<{ level: number }>(
        `INSERT INTO ${table} (token_id, level, updated_ms) VALUES (?, ?, ?)
         ON CONFLICT (token_id) DO UPDATE SET level = ${refilled} - 1, updated_ms = GREATEST(${table}.updated_ms, ?::bigint)
         WHERE ${refilled} >= 1
         RETURNING level`,
        [tokenId, capacity - 1, t, capacity, t, refillPerMs, t, capacity, t, refillPerMs],
      );
      if (!taken) {
        const row = await db.get<{ level: number }>(
          `SELECT ${refilled} AS level FROM ${table} WHERE token_id = ?`,
          [capacity, t, refillPerMs, tokenId],
        );
        throw rateLimited(row?.level ?? 0, refillPerMs, what);
      }
      let refunded = false;
      return {
        async refund() {
          if (refunded) return;
          refunded = true;
          await db.run(`UPDATE ${table} SET level = LEAST(?, level + 1) WHERE token_id = ?`, [capacity, tokenId]);
        },
      };
    },
  };
}
