import type { AppContext } from '../context';
import type { IdempotencyStore } from '../http/idempotency';
import type { RateLimiter } from '../http/rate-limit';

/** What the API routes share beyond the app context: built once per app. */
export interface RouteDeps {
  ctx: AppContext;
  idempotency: IdempotencyStore;
  /** Per-token limit on link creation. */
  createLimiter: RateLimiter;
  /** Per-token limit on custom domain creation (each asks DNS several questions). */
  domainLimiter: RateLimiter;
}
