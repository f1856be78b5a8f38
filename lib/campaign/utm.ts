/**
 * Campaign parameters on a URL (issue 25): read the five `utm_*` values a URL
 * has, and write some of them. Only the `utm_*` pairs change; every other pair
 * of the query, and the fragment, stay byte for byte. A value is trimmed and
 * percent-encoded as a URI component (spaces, `&`, `#` and Unicode included).
 */
import { decodeFormPart, queryPairs } from '../clean/query-pairs';

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type UtmValues = Record<UtmField, string>;

/** Longer values are refused when saved or made (a URL holds 2,048 characters in all). */
export const UTM_VALUE_MAX = 200;

export const EMPTY_UTM: UtmValues = { source: '', medium: '', campaign: '', term: '', content: '' };

function fieldOfKey(key: string): UtmField | null {
  const lower = key.toLowerCase();
  if (!lower.startsWith('utm_')) return null;
  const name = lower.slice(4);
  return (UTM_FIELDS as readonly string[]).includes(name) ? (name as UtmField) : null;
}

interface Split {
  head: string;
  search: string;
  hash: string;
}

function split(url: string): Split {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  return queryAt === -1
    ? { head: beforeHash, search: '', hash }
    : { head: beforeHash.slice(0, queryAt), search: beforeHash.slice(queryAt + 1), hash };
}

/** The URL's own campaign values (the first of each), decoded, for the builder's fields. */
export function utmOf(url: string): UtmValues {
  const out: UtmValues = { ...EMPTY_UTM };
  const seen = new Set<UtmField>();
  for (const pair of queryPairs(split(url).search)) {
    const field = fieldOfKey(pair.key);
    if (field === null || seen.has(field)) continue;
    seen.add(field);
    const eq = pair.raw.indexOf('=');
    out[field] = eq === -1 ? '' : decodeFormPart(pair.raw.slice(eq + 1));
  }
  return out;
}

/** A value as written: trimmed, Unicode in NFC. */
export function tidyValue(value: string): string {
  return value.trim().normalize('NFC');
}

/**
 * The URL with the given campaign fields written: a non-empty value replaces
 * the URL's pair in its place (or is added after the query, in the order of
 * UTM_FIELDS), an empty one removes the pair; fields not given are left alone.
 * Writing the same fields twice changes nothing more.
 */
export function withUtm(url: string, fields: Partial<UtmValues>): string {
  const parts = split(url);
  const wanted = new Map<UtmField, string>();
  for (const field of UTM_FIELDS) {
    const value = fields[field];
    if (value !== undefined) wanted.set(field, tidyValue(value));
  }
  if (wanted.size === 0) return url;
  const written = new Set<UtmField>();
  const out: string[] = [];
  for (const pair of queryPairs(parts.search)) {
    const field = fieldOfKey(pair.key);
    const value = field === null ? undefined : wanted.get(field);
    if (field === null || value === undefined) {
      out.push(pair.raw);
      continue;
    }
    // A second pair of a field being written is dropped: one value per field.
    if (written.has(field) || value === '') continue;
    written.add(field);
    out.push(`utm_${field}=${encodeURIComponent(value)}`);
  }
  for (const [field, value] of wanted) {
    if (value !== '' && !written.has(field)) out.push(`utm_${field}=${encodeURIComponent(value)}`);
  }
  const search = out.length === 0 ? '' : `?${out.join('&')}`;
  return `${parts.head}${search}${parts.hash}`;
}

/** A field's value that cannot be written, or null. */
export function utmValueProblem(value: string): 'too-long' | 'control' | null {
  const tidy = tidyValue(value);
  if (tidy.length > UTM_VALUE_MAX) return 'too-long';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(tidy)) return 'control';
  return null;
}
