/**
 * Reads the service's `Idempotency-Retention: <seconds>` header: how long it
 * keeps the answer to a request that carried an Idempotency-Key, so a resend
 * under that key within it is answered, not carried out again. Whole seconds
 * only; anything else (absent, empty, signed, fractional, zero, absurdly long)
 * is not an answer and gives null.
 */
export const IDEMPOTENCY_RETENTION_HEADER = 'Idempotency-Retention';

/** Ten years: past this, a value is a mistake, not a promise. */
const MAX_SECONDS = 10 * 366 * 86_400;

export function parseRetention(value: string | null): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const seconds = Number(trimmed);
  return seconds > 0 && seconds <= MAX_SECONDS ? seconds : null;
}
