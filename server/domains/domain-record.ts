import type { CustomDomain, DnsRecord } from '../../lib/contract/schemas';

/** A row of `domains` (001-core.sql plus 003-domain-checks.sql). */
export interface DomainRow {
  id: string;
  workspace_id: string;
  domain: string;
  is_sub_domain: number;
  /** Copy of the ownership proof's value (the old random token on domains added before it). */
  verify_token: string;
  domain_setupped: number;
  dns_configured: number;
  ssl_configured: number;
  ping_verified: number;
  http_to_https: number;
  created_date: string;
  /** JSON routing record (CNAME, A or ALIAS): the create answer's `optional`. */
  mandatory: string;
  nameservers: string;
  checked_ms: number;
}

export const DOMAIN_COLUMNS =
  'id, workspace_id, domain, is_sub_domain, verify_token, domain_setupped, dns_configured, ssl_configured, ' +
  'ping_verified, http_to_https, created_date, mandatory, nameservers, checked_ms';

/**
 * The interface's custom domain record. configDetails.mandatory is the TXT
 * ownership proof (`proof`, derived by domain-challenge.ts), the one record
 * the user cannot work out alone; the routing record is the same for every
 * domain (the service's host) and was answered as `optional` at creation. registrarName and registrarWebsite are
 * "": DNS does not tell who the registrar is, and the interface names no other
 * source (RDAP would need outside network access the service does not assume).
 * deleteDomain is false: a deleted domain is gone, never listed.
 */
export function toCustomDomain(row: DomainRow, proof: DnsRecord): CustomDomain {
  return {
    _id: row.id,
    workspaceId: row.workspace_id,
    domain: row.domain,
    isSubDomain: row.is_sub_domain === 1,
    domainSetupped: row.domain_setupped === 1,
    dnsConfigured: row.dns_configured === 1,
    sslConfigured: row.ssl_configured === 1,
    pingVerified: row.ping_verified === 1,
    nameservers: parseStrings(row.nameservers),
    registrarName: '',
    registrarWebsite: '',
    deleteDomain: false,
    domainConfig: { httpToHttps: row.http_to_https === 1 },
    createdDate: row.created_date,
    configDetails: { mandatory: proof },
  };
}

function parseStrings(json: string): string[] {
  const value = parse(json);
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
