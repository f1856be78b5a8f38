import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateLimitedError, ServiceError, NetworkError } from '../../../lib/api/errors';
import { DEFAULT_BACKOFF, backoffDelay, retryDelay } from '../../../lib/queue/backoff';

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const options = fc
  .record({ baseMs: fc.integer({ min: 1, max: 60_000 }), capMs: fc.integer({ min: 1, max: 24 * 3600_000 }) });

describe('full-jitter backoff', () => {
  it('is an integer within [0, min(cap, base·2^n)]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), unit, options, (n, r, opts) => {
        const delay = backoffDelay(n, () => r, opts);
        expect(Number.isInteger(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(Math.min(opts.capMs, opts.baseMs * 2 ** n));
      }),
    );
  });

  it('with the default settings never waits more than 5 minutes, and does reach the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), unit, (n, r) => {
        expect(backoffDelay(n, () => r)).toBeLessThanOrEqual(5 * 60_000);
      }),
    );
    expect(DEFAULT_BACKOFF).toEqual({ baseMs: 2_000, capMs: 300_000 });
    expect(backoffDelay(30, () => 0.999999)).toBeGreaterThan(5 * 60_000 - 10);
  });

  it('the window doubles: for a fixed draw, more failures never wait less', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), unit, (n, r) => {
        expect(backoffDelay(n + 1, () => r)).toBeGreaterThanOrEqual(backoffDelay(n, () => r));
      }),
    );
  });

  it('spreads retries over the whole window', () => {
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(3, () => 0.5)).toBe(8_000);
    expect(backoffDelay(3, () => 0.999999)).toBe(15_999);
  });

  it('never waits less than Retry-After asked, up to the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), unit, fc.integer({ min: 0, max: 7200_000 }), (n, r, asked) => {
        const err = r < 0.5 ? new RateLimitedError(asked) : new ServiceError(503, 'HTTP_503', 'busy', { retryAfterMs: asked });
        const delay = retryDelay(err, n, () => r);
        expect(delay).toBeGreaterThanOrEqual(Math.min(asked, DEFAULT_BACKOFF.capMs));
        expect(delay).toBeLessThanOrEqual(Math.max(Math.min(asked, DEFAULT_BACKOFF.capMs), Math.min(DEFAULT_BACKOFF.capMs, DEFAULT_BACKOFF.baseMs * 2 ** n)));
      }),
    );
  });

  it('a Retry-After longer than the cap waits only the cap: the service may be back sooner than it said', () => {
    expect(retryDelay(new RateLimitedError(3600_000), 0, () => 0)).toBe(5 * 60_000);
  });

  it('without a hint it is the plain backoff', () => {
    expect(retryDelay(new NetworkError('h'), 2, () => 0.5)).toBe(backoffDelay(2, () => 0.5));
    expect(retryDelay(new RateLimitedError(null), 2, () => 0.5)).toBe(backoffDelay(2, () => 0.5));
  });
});
