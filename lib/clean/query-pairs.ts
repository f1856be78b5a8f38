/**
 * A query string's pairs as written, each with its decoded key: what lets a
 * change to some pairs (cleaning, campaign parameters) keep every other pair
 * byte for byte instead of re-encoding the query.
 */
export interface QueryPair {
  /** The pair exactly as in the URL (`a=b%20c`), without its `&`. */
  raw: string;
  /** Its name decoded as a form (`+` is a space); the raw name when it cannot be decoded. */
  key: string;
}

export function decodeFormPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** `search`: `?a=1&b=2`, `a=1&b=2` or empty. Empty pieces (`a=1&&b=2`) are dropped. */
export function queryPairs(search: string): QueryPair[] {
  const body = search.startsWith('?') ? search.slice(1) : search;
  if (body === '') return [];
  return body
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const eq = raw.indexOf('=');
      return { raw, key: decodeFormPart(eq === -1 ? raw : raw.slice(0, eq)) };
    });
}
