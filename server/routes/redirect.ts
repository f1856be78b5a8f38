import { Hono } from 'hono';
import type { AppContext } from '../context';
import { errorBody } from '../http/errors';
import { createClickCapture } from '../redirect/capture-click';
import { visitorScheme } from '../redirect/host';
import { createRedirectResolver, redirectHeaders, upgradeHeaders } from '../redirect/resolve';

/**
 * `GET /:keyword` on the default short domain or a custom domain: 302 to the
 * link's long URL, one click recorded off the request's path (the recorder
 * only buffers). HEAD answers the same redirect but records no click
 * (server/redirect/capture-click.ts).
 *
 * startServer also answers found links before Hono (redirect-listener.ts),
 * with the same resolver; this route answers the rest (404s, encoded paths)
 * and serves every redirect when the app runs without that fast path.
 */
export function redirectRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const resolve = createRedirectResolver(ctx);
  const capture = createClickCapture(ctx);

  const notFound = () =>
    new Response(JSON.stringify(errorBody('ROUTE_NOT_FOUND', 'No short link at this address')), {
      status: 404,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'private, max-age=0' },
    });

  // Hono answers HEAD with this GET handler (and drops the body); c.req.method stays HEAD.
  app.get('/:keyword', async (c) => {
    const startedAt = performance.now();
    const url = new URL(c.req.url);
    const outcome = await resolve({
      keyword: c.req.param('keyword'),
      host: c.req.header('host') ?? url.host,
      scheme: visitorScheme(c.req.header('x-forwarded-proto'), c.req.url),
      pathAndQuery: `${url.pathname}${url.search}`,
    });
    if (outcome.kind === 'not-found') {
      ctx.metrics?.redirect('not_found', startedAt);
      return notFound();
    }
    if (outcome.kind === 'https') {
      ctx.metrics?.redirect('upgrade', startedAt);
      return new Response(null, { status: 301, headers: upgradeHeaders(outcome.location) });
    }
    capture(c.req.method, outcome.linkId, c.req.header());
    ctx.metrics?.redirect('found', startedAt);
    return new Response(null, { status: 302, headers: redirectHeaders(outcome.location) });
  });
  return app;
}
