import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { AppContext } from '../context';
import { visitorScheme } from './redirect-host';
import { createRedirectResolver, redirectHeaders, upgradeHeaders } from './redirect-resolve';

/** Request headers as the recorder reads them: only the configured geo headers are copied. */
function geoHeaders(req: IncomingMessage, names: readonly string[], none: Headers): Headers {
  if (names.length === 0) return none;
  const headers = new Headers();
  for (const name of names) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return headers;
}

/**
 * Serves found short links straight from node:http, before the request is
 * turned into a Fetch Request for Hono. That conversion, the app's middleware
 * and the Response conversion cost more than the redirect itself (about half
 * the throughput of a bare node:http server, measured by
 * test/bench/redirect.bench.ts). Same resolver, same headers, same recording
 * as the Hono route; anything this does not answer (other methods, paths of
 * more than one segment, percent-encoded or unknown keywords, 404s) goes on
 * to `next`, the app, unchanged.
 */
export function withRedirectFastPath(ctx: AppContext, next: RequestListener): RequestListener {
  const resolve = createRedirectResolver(ctx);
  const names = [ctx.config.geoHeaders.country, ctx.config.geoHeaders.state, ctx.config.geoHeaders.city]
    .filter((name): name is string => typeof name === 'string' && name !== '')
    .map((name) => name.toLowerCase());
  const noHeaders = new Headers();

  return (req: IncomingMessage, res: ServerResponse) => {
    const answered = (req.method === 'GET' || req.method === 'HEAD') && answer(req, res);
    if (!answered) next(req, res);
  };

  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    const target = req.url ?? '';
    const queryAt = target.indexOf('?');
    const path = queryAt === -1 ? target : target.slice(0, queryAt);
    // "/keyword" only; the resolver refuses anything but letters, digits, "-" and "_".
    if (path.length < 2 || path.charCodeAt(0) !== 47 /* / */) return false;
    const ownScheme = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
    const forwarded = req.headers['x-forwarded-proto'];
    const outcome = resolve({
      keyword: path.slice(1),
      host: req.headers.host ?? '',
      scheme: visitorScheme(typeof forwarded === 'string' ? forwarded : undefined, `${ownScheme}:`),
      pathAndQuery: target,
    });
    if (outcome.kind === 'not-found') return false;
    // The app sets nosniff on every answer; so does this path.
    if (outcome.kind === 'https') {
      res.writeHead(301, { ...upgradeHeaders(outcome.location), 'X-Content-Type-Options': 'nosniff' });
      res.end();
      return true;
    }
    if (req.method === 'GET') {
      ctx.clicks.record({
        linkId: outcome.linkId,
        at: ctx.now().getTime(),
        userAgent: req.headers['user-agent'] ?? '',
        referrer: req.headers.referer ?? '',
        headers: geoHeaders(req, names, noHeaders),
      });
    }
    res.writeHead(302, { ...redirectHeaders(outcome.location), 'X-Content-Type-Options': 'nosniff' });
    res.end();
    return true;
  }
}
