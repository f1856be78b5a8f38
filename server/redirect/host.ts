/** Which short domain a request was made to, from its Host header. */
import { normaliseHost } from '../../lib/contract/host';

export interface RequestHost {
  /** Normal host (lib/contract/host.ts), port included unless default: `sho.rt:8787`, `[::1]`. */
  host: string;
  /** Normal host name without the port (IPv6 keeps its brackets). */
  hostname: string;
}

// Hosts seen are few (the service's own and its custom domains); the bound keeps
// a client sending made-up Host headers from growing it.
const MAX_REMEMBERED = 1024;
const remembered = new Map<string, RequestHost>();

/**
 * The request's host in the normal form every host comparison uses
 * (lib/contract/host.ts): `GO.Example.com.`, `go.example.com:80` and a unicode IDN all
 * find the custom domain `go.example.com` or its punycode. A Host that is not
 * a host name matches nothing.
 */
export function parseHost(raw: string): RequestHost {
  const known = remembered.get(raw);
  if (known) return known;
  const normal = normaliseHost(raw);
  const unusable = raw.trim().toLowerCase();
  const parsed: RequestHost = normal ? { host: normal.host, hostname: normal.hostname } : { host: unusable, hostname: unusable };
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(raw, parsed);
  return parsed;
}

/**
 * True when the request is for the service's own short domain (links stored
 * with domain ''). The port is compared too unless it differs only because the
 * service listens behind a proxy or on a port picked at start-up: a request's
 * host name equal to publicUrl's host name is ours, since a custom domain can
 * never be the service's own (domain validation refuses it).
 */
export function createOwnHostCheck(publicUrl: () => string): (host: RequestHost) => boolean {
  let cachedFor = '';
  let own: RequestHost = { host: '', hostname: '' };
  return (request) => {
    const current = publicUrl();
    if (current !== cachedFor) {
      own = parseHost(new URL(current).host);
      cachedFor = current;
    }
    return request.host === own.host || request.hostname === own.hostname;
  };
}

/**
 * The scheme the visitor used. Behind a TLS-terminating proxy the service sees
 * plain HTTP, so `X-Forwarded-Proto` (first value) wins when present.
 */
export function visitorScheme(forwardedProto: string | undefined, requestUrl: string): string {
  const forwarded = forwardedProto?.split(',')[0]?.trim().toLowerCase();
  if (forwarded) return forwarded;
  return requestUrl.slice(0, requestUrl.indexOf(':')).toLowerCase();
}
