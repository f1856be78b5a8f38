/**
 * Which destination URLs may be shortened, shared by the service (which
 * enforces it) and the extension (which checks before sending anything).
 */

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
  // An own host given with a port ("127.0.0.1:8787") matches only that port,
  // so a page served on the same machine on another port stays shortenable.
  const isOwn = (own: string): boolean => {
    const o = own.toLowerCase();
    return o === parsed.host || (!o.includes(':') && o === parsed.hostname);
  };
  if (ownHosts.some(isOwn)) {
    return { ok: false, problem: 'own-host' };
  }
  return { ok: true, url: href };
}
