/**
 * Counts as numbers a chart can scale to. The service sends integers, but a
 * broken or hostile answer may carry negatives, fractions, NaN, Infinity or
 * values past 2^53 - 1, where sums stop being exact; each is clamped and
 * the caller learns that it was, so a page can say "at least".
 */
export interface SafeCount {
  readonly value: number;
  readonly clamped: boolean;
}

const MAX = Number.MAX_SAFE_INTEGER;

export function safeCount(raw: number): SafeCount {
  if (Number.isNaN(raw) || raw < 0) return { value: 0, clamped: true };
  if (raw > MAX) return { value: MAX, clamped: true };
  const value = Math.floor(raw);
  return { value, clamped: value !== raw };
}

/** a + b for clamped counts, stopping at 2^53 - 1 instead of losing precision. */
export function addCounts(a: number, b: number): SafeCount {
  return a > MAX - b ? { value: MAX, clamped: true } : { value: a + b, clamped: false };
}

/**
 * A signed figure (the trend's percentage change may be negative): only
 * non-finite and out-of-range values are clamped.
 */
export function safeSigned(raw: number): SafeCount {
  if (Number.isNaN(raw)) return { value: 0, clamped: true };
  if (raw > MAX) return { value: MAX, clamped: true };
  if (raw < -MAX) return { value: -MAX, clamped: true };
  return { value: raw, clamped: false };
}
