import { lookup } from 'node:dns/promises';
import { isIPv4 } from 'node:net';
import type { DnsRecord } from '../../lib/contract/schemas';

/**
 * The record a domain needs to reach the service (the routing record, answered
 * as `optional` at creation; the ownership proof is `mandatory`, see
 * domain-challenge.ts and docs/service.md):
 * - a subdomain (3+ labels, see domain-name.ts) gets a CNAME to the service's
 *   host name, so the service can move without the user changing DNS;
 * - an apex cannot hold a CNAME, so it gets an A record to the service's IPv4;
 * - when the service is addressed by an IP literal there is no name to point
 *   a CNAME at, so a subdomain gets the A record too;
 * - when the service's name has no IPv4 (lookup failed), an apex gets an
 *   ALIAS record to the name, which most DNS hosts flatten at the apex.
 */
export function routingRecord(domain: string, isSubDomain: boolean, serviceHost: string, serviceIpv4: string | null): DnsRecord {
  if (isSubDomain && !isIPv4(serviceHost)) return { recordType: 'CNAME', hostname: domain, pointsTo: serviceHost };
  if (serviceIpv4 !== null) return { recordType: 'A', hostname: domain, pointsTo: serviceIpv4 };
  return { recordType: 'ALIAS', hostname: domain, pointsTo: serviceHost };
}

/** The service's IPv4: the host itself when it is one, else its first A record, with a time limit. */
export async function serviceIpv4(serviceHost: string, timeoutMs = 2000): Promise<string | null> {
  if (isIPv4(serviceHost)) return serviceHost;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([
      lookup(serviceHost, { family: 4 }).then((r) => r.address, () => null),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
