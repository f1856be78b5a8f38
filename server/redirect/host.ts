/** Which short domain a request was made to, from its Host header. */

export interface RequestHost {
  /** Lower-case host as sent, port included: `sho.rt:8787`, `[::1]:80`. */
  host: string;
  /** Lower-case host name without the port (IPv6 keeps its brackets). */
  hostname: string;
}

export function parseHost(raw: string): RequestHost {
  const host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return { host, hostname: end === -1 ? host : host.slice(0, end + 1) };
  }
  const colon = host.lastIndexOf(':');
  // "go.brand.test." (fully qualified, trailing dot) is the same name as "go.brand.test".
  const hostname = (colon === -1 ? host : host.slice(0, colon)).replace(/\.$/, '');
  return { host, hostname };
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
