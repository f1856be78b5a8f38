import { normaliseHost } from '../../lib/host';

export type DomainNameVerdict =
  | { ok: true; domain: string; isSubDomain: boolean }
  | { ok: false; reason: string };

const LABELS_REASON = 'domain labels must be 1 to 63 letters, digits or "-", not starting or ending with "-"';
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Normalises and judges a custom domain name: trimmed, lower-cased, IDN to
 * punycode, one trailing dot dropped (lib/host.ts). Only a bare host name
 * is accepted: no scheme, path, port, credentials or wildcard, at least two
 * labels of 1 to 63 characters of [a-z0-9-] not starting or ending with "-",
 * 253 characters at most, and not an IPv4 address.
 *
 * `isSubDomain` uses a simple rule: three or more labels. It does not know the
 * public-suffix list, so `example.co.uk` counts as a subdomain (and gets a
 * CNAME record, which most registrars refuse at an apex: the user then adds
 * an A record to the service's address instead).
 */
export function checkDomainName(raw: string): DomainNameVerdict {
  const trimmed = raw.trim().toLowerCase();
  if (trimmed === '') return { ok: false, reason: 'domain must not be empty' };
  if (/[/:@?#*%\\\s]/.test(trimmed)) {
    return { ok: false, reason: 'domain must be a bare host name such as go.example.com (no scheme, path, port or wildcard)' };
  }
  // One trailing dot (fully qualified) is the same domain; more leaves an empty label.
  if (trimmed.endsWith('..')) return { ok: false, reason: LABELS_REASON };
  // The same normal form as every other host comparison (lib/host.ts), so a stored
  // domain is found whatever spelling a request or a destination uses.
  const ascii = normaliseHost(trimmed)?.hostname ?? '';
  if (ascii === '') return { ok: false, reason: 'domain is not a valid domain name' };
  if (ascii.length > 253) return { ok: false, reason: 'domain must be at most 253 characters' };
  const labels = ascii.split('.');
  if (labels.length < 2) return { ok: false, reason: 'domain must have at least two labels, such as example.com' };
  if (!labels.every((label) => LABEL.test(label))) {
    return { ok: false, reason: LABELS_REASON };
  }
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) {
    return { ok: false, reason: 'domain must be a name, not an IP address' };
  }
  return { ok: true, domain: ascii, isSubDomain: labels.length >= 3 };
}

/** The registrable part by the same simple rule (last two labels), for the nameserver lookup. */
export function apexOf(domain: string): string {
  return domain.split('.').slice(-2).join('.');
}
