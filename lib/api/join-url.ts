/** Query values the client sends; undefined ones are left out. */
export type QueryValue = string | number | boolean | undefined;

/**
 * Joins the configured base URL and path segments. Users paste base URLs with
 * or without a trailing slash (`…/api`, `…/api/`, `…/api//`); each segment is
 * percent-encoded so an id can never add a path step or a query.
 */
export function joinUrl(baseUrl: string, segments: readonly string[], query?: Record<string, QueryValue>): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  const path = segments.map(encodeSegment).join('/');
  const url = new URL(`${base}/${path}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.href;
}

function encodeSegment(segment: string): string {
  // The URL parser resolves "." and ".." (even as %2E%2E), so they would climb out of the base path.
  if (segment === '' || segment === '.' || segment === '..') {
    throw new TypeError(`"${segment}" cannot be used as a path parameter`);
  }
  return encodeURIComponent(segment);
}
