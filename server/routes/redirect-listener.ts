import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { AppContext } from '../context';
import { createClickCapture } from '../redirect/capture-click';
import { visitorScheme } from '../redirect/host';
import { createRedirectResolver, redirectHeaders, upgradeHeaders, type RedirectOutcome } from '../redirect/resolve';

/** Destinations whose 302 headers are kept ready; beyond it the set starts again. */
const MAX_HEADER_SETS = 10_000;

/**
 * Serves found short links straight from node:http, before the request is
 * turned into a Fetch Request for Hono. That conversion, the app's middleware
 * and the Response conversion cost more than the redirect itself (about half
 * the throughput of a bare node:http server, measured by
 * test/bench/redirect.bench.ts). Same resolver, same headers, same click
 * capture as the Hono route; anything this does not answer (other methods,
 * paths of more than one segment, percent-encoded or unknown keywords, 404s)
 * goes on to `next`, the app, unchanged.
 */
export function withRedirectFastPath(ctx: AppContext, next: RequestListener): RequestListener {
  const resolve = createRedirectResolver(ctx);
  const capture = createClickCapture(ctx);
  const rawHeaders = new Map<string, string[]>();

  const metrics = ctx.metrics;
  // Judged once: a redirect at the default level pays nothing for logging.
  const debug = ctx.log?.isLevelEnabled('debug') ? ctx.log : undefined;
  return (req: IncomingMessage, res: ServerResponse) => {
    const startedAt = metrics ? performance.now() : 0;
    const outcome = req.method === 'GET' || req.method === 'HEAD' ? resolveRequest(req) : undefined;
    if (outcome instanceof Promise) {
      // Not cached yet: asked from the database; the request waits (a GET has no body to lose meanwhile).
      outcome.then(
        (found) => {
          if (!answer(req, res, found, startedAt)) next(req, res);
        },
        () => next(req, res),
      );
      return;
    }
    if (!answer(req, res, outcome, startedAt)) next(req, res);
  };

  function resolveRequest(req: IncomingMessage): RedirectOutcome | Promise<RedirectOutcome> | undefined {
    const target = req.url ?? '';
    const queryAt = target.indexOf('?');
    const path = queryAt === -1 ? target : target.slice(0, queryAt);
    // "/keyword" only; the resolver refuses anything but letters, digits, "-" and "_".
    if (path.length < 2 || path.charCodeAt(0) !== 47 /* / */) return undefined;
    const ownScheme = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
    const forwarded = req.headers['x-forwarded-proto'];
    return resolve({
      keyword: path.slice(1),
      host: req.headers.host ?? '',
      scheme: visitorScheme(typeof forwarded === 'string' ? forwarded : undefined, `${ownScheme}:`),
      pathAndQuery: target,
    });
  }

  /** Answers a found link or an HTTPS upgrade; false leaves the request to the app. */
  function answer(req: IncomingMessage, res: ServerResponse, outcome: RedirectOutcome | undefined, startedAt: number): boolean {
    if (outcome === undefined || outcome.kind === 'not-found') return false;
    const path = debug ? (req.url ?? '').split('?')[0] : undefined;
    // The app sets nosniff on every answer; so does this path.
    // With debug logging on, the answer carries the id its log line has (the app's X-Request-Id).
    const reqId = debug ? ctx.requestId?.() : undefined;
    const idHeader = reqId ? ['X-Request-Id', reqId] : [];
    if (outcome.kind === 'https') {
      res.writeHead(301, [...Object.entries({ ...upgradeHeaders(outcome.location), 'X-Content-Type-Options': 'nosniff' }).flat(), ...idHeader]);
      res.end();
      metrics?.redirect('upgrade', startedAt);
      debug?.debug({ reqId, method: req.method, path, status: 301 }, 'request');
      return true;
    }
    capture(req.method ?? 'GET', outcome.linkId, req.headers);
    res.writeHead(302, reqId ? [...headersFor(outcome.location), ...idHeader] : headersFor(outcome.location));
    res.end();
    metrics?.redirect('found', startedAt);
    debug?.debug({ reqId, method: req.method, path, status: 302 }, 'request');
    return true;
  }

  /** The 302's headers as node:http's flat [name, value, …] list, built once per destination. */
  function headersFor(location: string): string[] {
    let raw = rawHeaders.get(location);
    if (!raw) {
      raw = Object.entries({ ...redirectHeaders(location), 'X-Content-Type-Options': 'nosniff' }).flat();
      if (rawHeaders.size >= MAX_HEADER_SETS) rawHeaders.clear();
      rawHeaders.set(location, raw);
    }
    return raw;
  }
}
