import { Resolver } from 'node:dns/promises';
import { isIPv4 } from 'node:net';
import { challengeHost } from './domain-challenge';
import type { DomainVerifier } from './verifier-port';

export interface DnsVerifierOptions {
  /** The service's host name or IPv4 (publicUrl's hostname): what a CNAME or A record must point at. */
  serviceHost: string;
  /** Per-query limit; a registrar's DNS that does not answer must not hold a request for long. */
  timeoutMs?: number;
  /** DNS servers to ask ("ip" or "ip:port"); the system's by default. */
  servers?: string[];
}

function resolverFor(timeoutMs: number, servers: string[] | undefined): Resolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers) resolver.setServers(servers);
  return resolver;
}

const normalise = (name: string): string => name.toLowerCase().replace(/\.$/, '');

/**
 * Checks a domain's records with real DNS queries:
 * - dnsConfigured: a subdomain's CNAME names the service host, or the domain's
 *   A records include one of the service's IPv4 addresses;
 * - pingVerified: the TXT record `_shortlink-challenge.<domain>` holds the
 *   value asked for (`verifyToken`: the workspace's ownership proof, see
 *   domain-challenge.ts); a domain is set up only with it;
 * - sslConfigured: always false here, because this service does not terminate
 *   TLS (a proxy in front does) and so cannot vouch for a certificate.
 * Any DNS failure (no record, timeout) counts as "not configured".
 */
export function createDnsVerifier(options: DnsVerifierOptions): DomainVerifier {
  const resolver = resolverFor(options.timeoutMs ?? 2000, options.servers);
  const quiet = <T>(promise: Promise<T[]>): Promise<T[]> => promise.catch(() => []);
  const service = normalise(options.serviceHost);

  async function serviceAddresses(): Promise<string[]> {
    return isIPv4(service) ? [service] : quiet(resolver.resolve4(service));
  }

  return {
    async verify({ domain, isSubDomain, verifyToken }) {
      const [cnames, addresses, wanted, txt] = await Promise.all([
        isSubDomain ? quiet(resolver.resolveCname(domain)) : Promise.resolve([]),
        quiet(resolver.resolve4(domain)),
        serviceAddresses(),
        quiet(resolver.resolveTxt(challengeHost(domain))),
      ]);
      const cnameOk = cnames.some((name) => normalise(name) === service);
      const aOk = addresses.some((address) => wanted.includes(address));
      const txtOk = txt.some((chunks) => chunks.join('') === verifyToken);
      return { dnsConfigured: cnameOk || aOk, pingVerified: txtOk, sslConfigured: false };
    },
  };
}

/** `--trust-domains` (local use): every domain counts as fully set up, no DNS is asked. */
export function createTrustedVerifier(): DomainVerifier {
  return {
    verify() {
      return Promise.resolve({ dnsConfigured: true, pingVerified: true, sslConfigured: true });
    },
  };
}

/** The nameservers of `apex`, or [] when they cannot be found in time. */
export async function lookupNameservers(apex: string, timeoutMs = 2000, servers?: string[]): Promise<string[]> {
  const resolver = resolverFor(timeoutMs, servers);
  try {
    return (await resolver.resolveNs(apex)).map(normalise).sort();
  } catch {
    return [];
  }
}
