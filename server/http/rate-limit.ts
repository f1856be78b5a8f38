import { ApiError } from './errors';

/**
 * A token bucket per API token: `perMinute` creations may burst at once, then
 * they refill evenly over the minute. Kept in memory: a restart forgives, and
 * one process serves the whole service.
 */
export interface RateLimiter {
  /** Takes one unit for `tokenId` or throws RATE_LIMITED with `Retry-After` (whole seconds). */
  take(tokenId: number): void;
}

interface Bucket {
  level: number;
  updatedMs: number;
}

export function createRateLimiter(perMinute: number, now: () => Date): RateLimiter {
  const buckets = new Map<number, Bucket>();
  const capacity = Math.max(1, perMinute);
  const refillPerMs = capacity / 60_000;
  return {
    take(tokenId) {
      const t = now().getTime();
      const bucket = buckets.get(tokenId) ?? { level: capacity, updatedMs: t };
      bucket.level = Math.min(capacity, bucket.level + (t - bucket.updatedMs) * refillPerMs);
      bucket.updatedMs = t;
      buckets.set(tokenId, bucket);
      if (bucket.level >= 1) {
        bucket.level -= 1;
        return;
      }
      const waitSeconds = Math.max(1, Math.ceil((1 - bucket.level) / refillPerMs / 1000));
      throw new ApiError(
        'RATE_LIMITED',
        `Too many links created with this token; try again in ${waitSeconds} s`,
        { 'Retry-After': String(waitSeconds) },
      );
    },
  };
}
