/**
 * The record that points a custom domain at the service, worked out again
 * for a domain's row: the service answers it only when the domain is
 * connected, yet a user who comes back later needs it to check or move the
 * domain. The same rule as the service's (a CNAME to its host for a
 * subdomain; an apex, which cannot hold a CNAME, an A record when the
 * service is addressed by its IPv4, else an ALIAS to its host, which DNS
 * hosts flatten at the apex).
 */

export interface RoutingRecord {
  recordType: 'CNAME' | 'A' | 'ALIAS';
  hostname: string;
  pointsTo: string;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function routingRecordFor(domain: string, isSubDomain: boolean, serviceHost: string): RoutingRecord {
  const isIp = IPV4.test(serviceHost);
  if (isSubDomain && !isIp) return { recordType: 'CNAME', hostname: domain, pointsTo: serviceHost };
  return { recordType: isIp ? 'A' : 'ALIAS', hostname: domain, pointsTo: serviceHost };
}
