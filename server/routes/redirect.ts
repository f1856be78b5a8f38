import { Hono } from 'hono';
import { keywordProblem } from '../../lib/api/keyword';
import type { AppContext } from '../context';
import { errorBody } from '../http/errors';
import { createOwnHostCheck, parseHost, visitorScheme } from './redirect-host';

interface LinkTarget {
  id: string;
  long_url: string;
  active: number;
}

interface DomainSettings {
  http_to_https: number;
  domain_setupped: number;
}

/**
 * `GET /:keyword` on the default short domain or a custom domain: 302 to the
 * link's long URL, one click recorded off the request's path (the recorder
 * only buffers). HEAD answers the same redirect but records no click: link
 * checkers, unfurlers and prefetchers send HEAD, and a person never does.
 */
export function redirectRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  // One lookup by the unique (domain, keyword) key; domain '' is the default short domain.
  const linkByKey = ctx.db.prepare<[string, string], LinkTarget>(
    'SELECT id, long_url, active FROM links WHERE domain = ? AND keyword = ?',
  );
  const domainByName = ctx.db.prepare<[string], DomainSettings>(
    'SELECT http_to_https, domain_setupped FROM domains WHERE domain = ?',
  );
  // publicUrl is read per request: with port 0 it is only known after listening.
  const isOwnHost = createOwnHostCheck(() => ctx.config.publicUrl);

  const notFound = () =>
    new Response(JSON.stringify(errorBody('ROUTE_NOT_FOUND', 'No short link at this address')), {
      status: 404,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'private, max-age=0' },
    });

  // Hono answers HEAD with this GET handler (and drops the body); c.req.method stays HEAD.
  app.get('/:keyword', (c) => {
    const keyword = c.req.param('keyword');
    if (keywordProblem(keyword) !== null) return notFound();

    const request = parseHost(c.req.header('host') ?? new URL(c.req.url).host);
    let domain = '';
    if (!isOwnHost(request)) {
      domain = request.hostname;
      const settings = domainByName.get(domain);
      // trustDomains (local use) counts every connected domain as set up, as the API does.
      if (!settings || (settings.domain_setupped !== 1 && !ctx.config.trustDomains)) return notFound();
      if (settings.http_to_https === 1 && visitorScheme(c.req.header('x-forwarded-proto'), c.req.url) === 'http') {
        const url = new URL(c.req.url);
        return new Response(null, {
          status: 301,
          headers: { Location: `https://${domain}${url.pathname}${url.search}`, 'Cache-Control': 'private, max-age=0' },
        });
      }
    }

    const link = linkByKey.get(domain, keyword);
    if (!link || link.active !== 1) return notFound();

    if (c.req.method !== 'HEAD') {
      ctx.clicks.record({
        linkId: link.id,
        at: ctx.now().getTime(),
        userAgent: c.req.header('user-agent') ?? '',
        referrer: c.req.header('referer') ?? '',
        headers: c.req.raw.headers,
      });
    }
    return new Response(null, {
      status: 302,
      headers: {
        Location: link.long_url,
        // Every visit must reach the service to be counted, and a link can be edited or turned off.
        'Cache-Control': 'private, max-age=0',
        // Followed redirects keep the referrer of the page the visitor came from: let the destination
        // learn at most that page's origin, never its path.
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'X-Robots-Tag': 'noindex',
      },
    });
  });
  return app;
}
