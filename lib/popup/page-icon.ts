/**
 * A page's icon without a request to the page's site: Chrome hands
 * extensions holding the `favicon` permission the icon it already has, at
 * `/_favicon/?pageUrl=…&size=…` on the extension's own origin (which the
 * pages' `img-src 'self'` allows). Firefox has no such address; there, and
 * for anything but a web page, the popup draws the site's letter instead.
 */

/** The address of `pageUrl`'s icon, or null where the browser gives none. `faviconBase`: the extension's `/_favicon/`, when it may use it. */
export function pageIconUrl(pageUrl: string, faviconBase: string | null, size = 32): string | null {
  if (faviconBase === null || !/^https?:\/\//i.test(pageUrl)) return null;
  return `${faviconBase}?pageUrl=${encodeURIComponent(pageUrl)}&size=${size}`;
}
