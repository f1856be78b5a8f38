import { keywordProblem } from '../../lib/contract/keyword';
import type { AppContext } from '../context';
import { redirectCache, type DomainSettings, type LinkTarget } from './cache';
import { createOwnHostCheck, parseHost } from './host';

export interface RedirectRequest {
  /** The path's one segment, percent-decoded. */
  keyword: string;
  /** The Host header as sent. */
  host: string;
  /** The scheme the visitor used (see visitorScheme). */
  scheme: string;
  /** Path and query as requested, for the HTTPS upgrade. */
  pathAndQuery: string;
}

export type RedirectOutcome =
  | { kind: 'redirect'; linkId: string; location: string }
  | { kind: 'https'; location: string }
  | { kind: 'not-found' };

/** Headers of the 302: shared by the Hono route and the node:http fast path so both answer alike. */
export function redirectHeaders(location: string): Record<string, string> {
  return {
    Location: location,
    // Every visit must reach the service to be counted, and a link can be edited or turned off.
    'Cache-Control': 'private, max-age=0',
    // Followed redirects keep the referrer of the page the visitor came from: let the destination
    // learn at most that page's origin, never its path.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** Headers of the 301 that sends a plain-HTTP visitor of an `httpToHttps` domain to HTTPS first. */
export function upgradeHeaders(location: string): Record<string, string> {
  return { Location: location, 'Cache-Control': 'private, max-age=0' };
}

/**
 * Where a short-link visit goes. The short domain comes from the Host: the
 * service's own (links stored with domain '') or a custom domain, which must
 * be connected and set up. Then one lookup by the unique (domain, keyword)
 * key, cached until that link or domain changes. Keywords that break the
 * keyword rules are not looked up at all.
 *
 * The answer is immediate (not a promise) when everything it needs is
 * cached, so found links are served without a turn of the event loop; it is
 * a promise when the database had to be asked.
 */
export function createRedirectResolver(ctx: AppContext): (request: RedirectRequest) => RedirectOutcome | Promise<RedirectOutcome> {
  // One lookup by the unique (domain, keyword) key, kept until the link changes (cache.ts).
  const cache = redirectCache(ctx.db);
  // publicUrl is read per request: with port 0 it is only known after listening.
  const isOwnHost = createOwnHostCheck(() => ctx.config.publicUrl);
  const notFound: RedirectOutcome = { kind: 'not-found' };

  /** The outcome once the domain's settings (custom domains) are known; undefined = go on to the link. */
  function byDomain(request: RedirectRequest, domain: string, settings: DomainSettings | undefined): RedirectOutcome | undefined {
    // trustDomains (local use) counts every connected domain as set up, as the API does.
    if (!settings || (settings.domain_setupped !== 1 && !ctx.config.trustDomains)) return notFound;
    if (settings.http_to_https === 1 && request.scheme === 'http') {
      return { kind: 'https', location: `https://${domain}${request.pathAndQuery}` };
    }
    return undefined;
  }

  function byLink(link: LinkTarget | undefined): RedirectOutcome {
    if (!link || link.active !== 1) return notFound;
    return { kind: 'redirect', linkId: link.id, location: link.long_url };
  }

  async function fromDatabase(request: RedirectRequest, domain: string, custom: boolean): Promise<RedirectOutcome> {
    if (custom) {
      const early = byDomain(request, domain, await cache.domain(domain));
      if (early) return early;
    }
    return byLink(await cache.link(domain, request.keyword));
  }

  return (request) => {
    if (keywordProblem(request.keyword) !== null) return notFound;
    const host = parseHost(request.host);
    const custom = !isOwnHost(host);
    const domain = custom ? host.hostname : '';
    if (custom) {
      const settings = cache.peekDomain(domain);
      if (!settings) return fromDatabase(request, domain, true);
      const early = byDomain(request, domain, settings);
      if (early) return early;
    }
    const link = cache.peekLink(domain, request.keyword);
    return link ? byLink(link) : fromDatabase(request, domain, false);
  };
}
