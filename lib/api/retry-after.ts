/**
 * Reads a `Retry-After` header (RFC 9110: delay-seconds or an HTTP-date) as
 * milliseconds from `now`. Unreadable or absent values give null; a date in
 * the past gives 0.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
