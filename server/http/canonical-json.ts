/**
 * JSON text of `value` with every object's keys sorted, so two bodies that
 * differ only in key order give the same text (the idempotency fingerprint).
 * Recursive: call it only on values whose depth is bounded (json-bounds.ts).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The idempotency fingerprint of a validated request body: its canonical JSON
 * without top-level fields that are null. An optional field sent as null asks
 * for what leaving it out asks for (`"customDomain": null` is no custom
 * domain), so a retry that spells it the other way is the same request. Only
 * at the top: a null inside a value (a metadata entry) is data, not absence.
 * A field where null were required would be refused when absent, so dropping
 * it cannot make two different valid requests one.
 */
export function requestFingerprint(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return canonicalJson(body);
  return canonicalJson(Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null)));
}
