/**
 * How the popup writes addresses: without the scheme (every link here is
 * http or https, and the scheme is the part a reader skips), a short link
 * split into its host and its keyword so the two can wrap apart instead of
 * being cut, and the letter that stands for a site without an icon.
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

/** The letter a site is drawn with when it has no icon: the first letter or digit of its name, upper case; '' for none. */
export function siteLetter(url: string): string {
  const match = /[\p{L}\p{N}]/u.exec(siteOf(url));
  return match === null ? '' : match[0].toLocaleUpperCase();
}

/** Whether two addresses name the same page once parsed (`HTTPS://A.com` and `https://a.com/`). */
export function sameAddress(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}
