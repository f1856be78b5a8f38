import { retryAfterOf } from '../api/errors';

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

/**
 * The cap is the longest an item waits when the service comes back without
 * an `online` event (a server restart, a captive portal left): 5 minutes
 * (docs/design.md, Offline queue).
 */
export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 2_000, capMs: 5 * 60_000 };

/**
 * Full-jitter exponential backoff (AWS Architecture Blog, "Exponential Backoff
 * and Jitter"): a uniform delay in [0, min(cap, base·2^failures)). Spreading
 * retries over the whole window keeps many extensions that went offline
 * together from hammering the service together when it returns.
 */
export function backoffDelay(failures: number, random: () => number, opts: BackoffOptions = DEFAULT_BACKOFF): number {
  const n = Math.max(0, Math.floor(failures));
  // 2^n overflows to Infinity for large n; min() with the cap keeps it finite.
  const window = Math.min(opts.capMs, opts.baseMs * 2 ** n);
  return Math.floor(random() * window);
}

/**
 * The wait before the next try: the backoff, but never sooner than the
 * service's Retry-After, and never past the cap even when it asks for more.
 */
export function retryDelay(err: unknown, failures: number, random: () => number, opts: BackoffOptions = DEFAULT_BACKOFF): number {
  const jittered = backoffDelay(failures, random, opts);
  const asked = retryAfterOf(err);
  return asked === null ? jittered : Math.min(opts.capMs, Math.max(asked, jittered));
}
