/**
 * Where "Show stats" appears: on links to the service's short domain and the
 * workspace's custom domains only, as the menu's `targetUrlPatterns`.
 *
 * The short domain is the API's own host (the reference service serves both)
 * and the host of every short link the extension knows: a service whose API
 * lives on another host than its short links shows its short domain there.
 * Patterns name the host without a port: Firefox refuses ports in match
 * patterns; the click resolves the exact link anyway (stats-link.ts).
 */
import { hostOfUrl, normaliseHost } from '../../contract/host';

export interface ShortHosts {
  /** The saved API address, e.g. `http://127.0.0.1:8787/api`; '' when not connected. */
  baseUrl: string;
  /** Short URLs of links the extension knows (local cache). */
  shortUrls: readonly string[];
  /** The workspace's set-up custom domains. */
  customDomains: readonly string[];
}

function hostnameOfUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return hostOfUrl(parsed)?.hostname ?? null;
  } catch {
    return null;
  }
}

/** `*://host/*` for every distinct host, sorted (so an unchanged set is recognised); empty when not connected. */
export function shortLinkPatterns({ baseUrl, shortUrls, customDomains }: ShortHosts): string[] {
  const api = baseUrl === '' ? null : hostnameOfUrl(baseUrl);
  if (api === null) return [];
  const hosts = new Set<string>([api]);
  for (const url of shortUrls) {
    const host = hostnameOfUrl(url);
    if (host !== null) hosts.add(host);
  }
  for (const domain of customDomains) {
    const host = normaliseHost(domain)?.hostname;
    if (host !== undefined) hosts.add(host);
  }
  return [...hosts].sort().map((host) => `*://${host}/*`);
}
