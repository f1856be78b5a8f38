/** Query values the client sends; undefined ones are left out. */
export type QueryValue = string | number | boolean | undefined;

/**
 * Joins the configured base URL and path segments. Users paste base URLs with
 * or without a trailing slash (`…/api`, `…/api/`, `…/api//`); each segment is
 * percent-encoded so an id can never add a path step or a query.
 */
export function joinUrl(baseUrl: string, segments: readonly string[], query?: Record<string, QueryValue>): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  const path = segments.map((s) => encodeURIComponent(s)).join('/');
  const url = new URL(`${base}/${path}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.href;
}
