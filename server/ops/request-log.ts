import type { MiddlewareHandler } from 'hono';
import type { Logger } from './logger';

declare module 'hono' {
  interface ContextVariableMap {
    /** This request's logger: every line it writes carries the request id. */
    log: Logger;
  }
}

/**
 * Gives each request a child logger carrying its id (also sent back as
 * X-Request-Id) and writes one line when it is answered: method, path
 * without its query (a client may put anything there), status, time. API
 * requests are logged at info; everything else (404s for unknown keywords,
 * health probes) at debug, so probes and scanners do not fill the log.
 * Registered first, so it sees the final status, errors included.
 */
export function requestLog(log: Logger, nextId: () => string): MiddlewareHandler {
  return async (c, next) => {
    const startedAt = performance.now();
    const reqId = nextId();
    const child = log.child({ reqId });
    c.set('log', child);
    try {
      await next();
    } finally {
      c.res.headers.set('X-Request-Id', reqId);
      const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((performance.now() - startedAt) * 10) / 10 };
      if (c.req.path === '/api' || c.req.path.startsWith('/api/')) child.info(line, 'request');
      else child.debug(line, 'request');
    }
  };
}
