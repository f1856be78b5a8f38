/**
 * A site rule's host pattern: `acme.dev` (that host) or `*.acme.dev` (its
 * subdomains, not the apex). Nothing else: no other wildcard, no regular
 * expression, no scheme, port or path, so an imported rule cannot be a costly
 * or surprising pattern. Hosts are in the contract's normal form.
 */
import { normaliseHost } from '../contract/host';

/** A DNS name is at most 253 characters. */
export const PATTERN_MAX = 255;

export interface HostPattern {
  /** The normal host (lower case, punycode, no trailing dot). */
  host: string;
  subdomains: boolean;
}

export function parseHostPattern(raw: string): HostPattern | null {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed.length > PATTERN_MAX) return null;
  const subdomains = trimmed.startsWith('*.');
  const rest = subdomains ? trimmed.slice(2) : trimmed;
  // Only letters, digits, dots, hyphens (and IDN letters, made punycode below): no wildcard, port or regex.
  if (!/^[\p{L}\p{N}.-]+$/u.test(rest) || rest.startsWith('.') || rest.includes('..')) return null;
  const host = normaliseHost(rest);
  if (host === null || host.port !== '' || !host.hostname.includes('.') || host.hostname.startsWith('[')) return null;
  return { host: host.hostname, subdomains };
}

/** The pattern as stored and shown: `acme.dev` or `*.acme.dev`. */
export function formatHostPattern(pattern: HostPattern): string {
  return pattern.subdomains ? `*.${pattern.host}` : pattern.host;
}

/** `hostname`: a URL's normal host name. */
export function patternMatches(pattern: HostPattern, hostname: string): boolean {
  return pattern.subdomains ? hostname.endsWith(`.${pattern.host}`) : hostname === pattern.host;
}
