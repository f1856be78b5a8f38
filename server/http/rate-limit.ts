import { ApiError } from './errors';

/**
 * A token bucket per API token: `perMinute` creations may burst at once, then
 * they refill evenly over the minute. On SQLite kept in memory: a restart
 * forgives, and one process serves the whole service. On PostgreSQL, where
 * several instances serve it, the buckets are rows (rate-limit-postgres.ts).
 * Each kind of creation has buckets of its own.
 */
export interface RateLimiter {
  /**
   * Reserves one unit for `tokenId` or throws RATE_LIMITED with `Retry-After`
   * (whole seconds). The unit is spent unless `refund` is called: a caller
   * refunds what did not really happen (a creation that failed), so only
   * successes count, while a burst of concurrent requests can never hold
   * more units than the bucket has, since each is reserved before its work.
   */
  reserve(tokenId: number): Promise<Refund>;
}

export interface Refund {
  refund(): Promise<void>;
}

/**
 * What a limiter counts: link creations (--create-rate-limit), and custom
 * domain creations (--domain-rate-limit), each of which asks DNS several
 * questions about names the tenant chooses.
 */
export type LimitedCreation = 'links' | 'domains';

/** The answer when a bucket is empty: how long until it holds one unit again. */
export function rateLimited(level: number, refillPerMs: number, what: LimitedCreation): ApiError {
  const waitSeconds = Math.max(1, Math.ceil((1 - level) / refillPerMs / 1000));
  return new ApiError('RATE_LIMITED', `Too many ${what} created with this token; try again in ${waitSeconds} s`, {
    'Retry-After': String(waitSeconds),
  });
}

interface Bucket {
  level: number;
  updatedMs: number;
}

export function createRateLimiter(perMinute: number, now: () => Date, what: LimitedCreation): RateLimiter {
  const buckets = new Map<number, Bucket>();
  const capacity = Math.max(1, perMinute);
  const refillPerMs = capacity / 60_000;

  /** The bucket refilled up to now. */
  function current(tokenId: number): Bucket {
    const t = now().getTime();
    const bucket = buckets.get(tokenId) ?? { level: capacity, updatedMs: t };
    bucket.level = Math.min(capacity, bucket.level + (t - bucket.updatedMs) * refillPerMs);
    bucket.updatedMs = t;
    buckets.set(tokenId, bucket);
    return bucket;
  }

  return {
    async reserve(tokenId) {
      const bucket = current(tokenId);
      if (bucket.level < 1) throw rateLimited(bucket.level, refillPerMs, what);
      bucket.level -= 1;
      let refunded = false;
      return {
        async refund() {
          if (refunded) return;
          refunded = true;
          const refilled = current(tokenId);
          refilled.level = Math.min(capacity, refilled.level + 1);
        },
      };
    },
  };
}
