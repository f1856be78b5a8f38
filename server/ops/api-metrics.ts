import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { ServiceMetrics } from './metrics';

/**
 * Counts and times every API request by the pattern of the route that
 * answered it (`/api/link/:linkId/:workspaceId`), or `unmatched`. Registered
 * first, so it sees the final status, errors included.
 */
export function apiMetrics(metrics: ServiceMetrics): MiddlewareHandler {
  return async (c, next) => {
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      const handler = matchedRoutes(c).findLast((route) => route.method !== 'ALL' && !route.path.endsWith('*'));
      metrics.api(handler?.path ?? 'unmatched', c.req.method, c.res.status, startedAt);
    }
  };
}
