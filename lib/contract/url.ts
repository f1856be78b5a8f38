/**
 * Which destination URLs may be shortened, shared by the service (which
 * enforces it) and the extension (which checks before sending anything).
 */
import { hostOfUrl, normaliseHost, sameHost } from './host';

export const MAX_URL_LENGTH = 2048;

/** Why a URL cannot be shortened: a code, turned into words by whoever shows it (catalogue or service message). */
export type UrlProblem = 'empty' | 'too-long' | 'invalid' | 'scheme' | 'no-host' | 'credentials' | 'own-host';

export type UrlVerdict =
  | { ok: true; url: string }
  | { ok: false; problem: UrlProblem };

/**
 * Parses and judges a destination URL. The WHATWG parser strips tabs and
 * newlines and lower-cases the scheme, so every rule is checked on the parsed
 * URL, never on the raw string. `ownHosts` are the service's own short
 * domains: a short link to a short link would loop or hide the destination.
 */
export function checkDestinationUrl(raw: string, ownHosts: readonly string[] = []): UrlVerdict {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  if (trimmed.length > MAX_URL_LENGTH) {
    return { ok: false, problem: 'too-long' };
  }
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { ok: false, problem: 'scheme' };
  }
  if (parsed.hostname === '') return { ok: false, problem: 'no-host' };
  if (parsed.username !== '' || parsed.password !== '') {
    // Credentials in a shared link leak them to everyone who clicks it.
    return { ok: false, problem: 'credentials' };
  }
  const href = parsed.href;
  if (href.length > MAX_URL_LENGTH) {
    return { ok: false, problem: 'too-long' };
  }
  // Compared in one normal form (lib/contract/host.ts): `localhost.`, upper case, an IDN
  // in unicode or a default port would otherwise slip past and loop.
  const destination = hostOfUrl(parsed);
  if (destination === null) return { ok: false, problem: 'no-host' };
  const isOwn = (own: string): boolean => {
    const o = normaliseHost(own);
    return o !== null && sameHost(o, destination);
  };
  if (ownHosts.some(isOwn)) {
    return { ok: false, problem: 'own-host' };
  }
  return { ok: true, url: href };
}
