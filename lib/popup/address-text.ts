/**
 * How the popup writes addresses: without the scheme (every link here is
 * http or https, and the scheme is the part a reader skips), a short link
 * split into its host and its keyword so the two can wrap apart instead of
 * being cut, and the letter that stands for a site without an icon (none
 * where no letter fits: the popup draws a neutral icon there).
 */

/** `https://www.acme.dev/pricing?ref=1` -> `www.acme.dev/pricing?ref=1`; the trailing slash of a bare host goes too. */
export function withoutScheme(url: string): string {
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const bare = /^[^/]*\/$/.test(rest) ? rest.slice(0, -1) : rest;
  try {
    // Escapes (%20, %E0%A4%95…) read as the characters they stand for; a malformed one stays as it is.
    return decodeURI(bare);
  } catch {
    return bare;
  }
}

export interface ShortLinkParts {
  /** The host and the slash after it: `go.acme.dev/`. */
  host: string;
  /** What follows: `spring-sale`; '' for a link with no path. */
  keyword: string;
}

/** `https://go.acme.dev/spring-sale` -> `go.acme.dev/` and `spring-sale`. */
export function shortLinkParts(shortUrl: string): ShortLinkParts {
  const text = withoutScheme(shortUrl);
  const slash = text.indexOf('/');
  return slash < 0 ? { host: text, keyword: '' } : { host: text.slice(0, slash + 1), keyword: text.slice(slash + 1) };
}

/** The host of an address, without `www.`; '' when it does not parse. */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** The host of an address as it is written, port included (`127.0.0.1:8787`); null when it does not parse. */
export function siteHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * The letter a site is drawn with when it has no icon: the first letter or
 * digit of its name, upper case. '' where no letter stands for the site (the
 * popup draws a neutral icon): an IP address (its "1" of 127.0.0.1 reads as
 * a figure, not a site), a name the URL parser turned into punycode (its "X"
 * of `xn--` is no letter of the name), or none at all.
 */
export function siteLetter(url: string): string {
  const site = siteOf(url);
  if (isAddressHost(site) || site.split('.').some((label) => label.startsWith('xn--'))) return '';
  const match = /[\p{L}\p{N}]/u.exec(site);
  return match === null ? '' : match[0].toLocaleUpperCase();
}

/** An IPv4 host (`127.0.0.1`, as the URL parser writes it) or an IPv6 one (`[::1]`). */
function isAddressHost(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/** Whether two addresses name the same page once parsed (`HTTPS://A.com` and `https://a.com/`). */
export function sameAddress(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}
