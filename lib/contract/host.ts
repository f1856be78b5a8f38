/**
 * One normal form for host names, used wherever two hosts are compared (the
 * destination check here and in the extension, the service's own host and its
 * custom domains, the redirect's Host header). Two spellings of one host must
 * compare equal, or a short link can point at itself and loop: `localhost.`
 * (fully qualified), `LOCALHOST`, `bücher.example` versus
 * `xn--bcher-kva.example`, and `sho.rt:80` versus `sho.rt` all name the same
 * place. Pure (the WHATWG URL parser only): the extension bundles it too.
 */

export interface NormalHost {
  /** Lower-case ASCII (punycode) host name, no trailing dot; IPv6 keeps its brackets. */
  hostname: string;
  /** The port, '' when none or when it is the scheme's default. */
  port: string;
  /** `hostname` or `hostname:port`. */
  host: string;
}

// Characters that would make the parser read a host followed by a path, query or user.
const NOT_A_HOST = /[/?#@\\\s]/;

/**
 * Normalises `raw` ("name", "name:port", "[v6]:port"), judged as the host of a
 * URL of `protocol`, whose default port is dropped. The parser lower-cases,
 * turns IDN into punycode and canonicalises IPv4 forms (`127.1`, `0x7f.0.0.1`);
 * trailing dots are removed here. Null when `raw` is not a host.
 */
export function normaliseHost(raw: string, protocol: 'http:' | 'https:' = 'http:'): NormalHost | null {
  const trimmed = raw.trim();
  if (trimmed === '' || NOT_A_HOST.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(`${protocol}//${trimmed}/`);
  } catch {
    return null;
  }
  return hostOfUrl(url);
}

/** The normal host of an already parsed URL (the parser has already dropped its scheme's default port). */
export function hostOfUrl(url: URL): NormalHost | null {
  // "a.example." and "a.example" are one name in DNS. A run of dots is dropped too: when
  // comparing, taking a doubtful spelling for the same host refuses a link, never makes a loop.
  const hostname = url.hostname.replace(/\.+$/, '');
  if (hostname === '') return null;
  const port = url.port;
  return { hostname, port, host: port === '' ? hostname : `${hostname}:${port}` };
}

/**
 * True when `candidate` is the place `own` names. An own host given with a
 * port matches only that port, so a page served on the same machine on
 * another port stays a valid destination; one without a port matches any.
 */
export function sameHost(own: NormalHost, candidate: NormalHost): boolean {
  return own.port === '' ? own.hostname === candidate.hostname : own.host === candidate.host;
}
