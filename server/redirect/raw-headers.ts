/** Header names node:http keeps the first of when a request repeats them (the rest it joins with ", "). */
const FIRST_WINS = new Set(['host', 'user-agent', 'referer']);

/**
 * The named request headers (lower-case names) read straight from node:http's
 * `rawHeaders`, with the values `req.headers` would give them. Reading
 * `req.headers` builds an object of every header the request carries (a
 * browser sends a dozen and more: client hints, accept headers), which cost
 * the redirect more than the few it needs (docs/performance.md, Redirect).
 */
export function pickHeaders(raw: readonly string[], wanted: readonly string[]): Record<string, string | undefined> {
  const picked: Record<string, string | undefined> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    // Compared by length first: most headers are none of the few wanted, and this spares lower-casing them.
    let match: string | undefined;
    for (const w of wanted) {
      if (w.length === name.length && (name === w || name.toLowerCase() === w)) {
        match = w;
        break;
      }
    }
    if (match === undefined) continue;
    const value = raw[i + 1] as string;
    const before = picked[match];
    if (before === undefined) picked[match] = value;
    else if (!FIRST_WINS.has(match)) picked[match] = `${before}, ${value}`;
  }
  return picked;
}
