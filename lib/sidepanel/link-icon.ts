/**
 * A link's icon, as the popup shows one: Chrome's own favicon cache
 * (`_favicon/?pageUrl=…`, no request to the site) where the extension holds
 * the `favicon` permission; elsewhere (Firefox has no such cache) the
 * destination's first letter on a colour picked from its host, so a link
 * keeps its colour from one opening to the next.
 */

/** The favicon cache's address for a page, or null for what is not a web page. */
export function faviconUrl(pageUrl: string, extensionOrigin: string, size = 32): string | null {
  if (!/^https?:\/\//i.test(pageUrl)) return null;
  return `${extensionOrigin}/_favicon/?pageUrl=${encodeURIComponent(pageUrl)}&size=${size}`;
}

/** The host of a destination without `www.`, or the text as given when it is no URL. */
export function displayHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The letter standing for a destination: the first letter or digit of its host, upper case. */
export function letterOf(url: string): string {
  const match = /[\p{L}\p{N}]/u.exec(displayHost(url));
  return match === null ? '?' : match[0].toLocaleUpperCase();
}

/** One of `count` colours, the same for the same host. */
export function colourIndexOf(url: string, count: number): number {
  let hash = 0;
  for (const char of displayHost(url)) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % count;
}
