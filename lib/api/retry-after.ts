/**
 * Reads a `Retry-After` header (RFC 9110: delay-seconds or an HTTP-date) as
 * milliseconds from `now`. Unreadable or absent values give null; a date in
 * the past gives 0.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP-date always names a day or month; Date.parse alone would read "-5" or "1.5" as years.
  if (!/[A-Za-z]{3}/.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
