import type { ServerConfig } from '../config';

/**
 * The parts around a custom domain in its short links' origin. A custom
 * domain is reached over HTTPS on the default port; in trust-domains mode
 * (local use, no TLS in front) it takes publicUrl's scheme and port, so
 * `http://go.localhost:8787/kw` works.
 */
function customParts(config: ServerConfig): { prefix: string; suffix: string } {
  if (!config.trustDomains) return { prefix: 'https://', suffix: '' };
  const base = new URL(config.publicUrl);
  return { prefix: `${base.protocol}//`, suffix: base.port === '' ? '' : `:${base.port}` };
}

/** Origin that short links of `domain` are served at ('' = the service's own domain, publicUrl). */
export function shortOrigin(config: ServerConfig, domain: string): string {
  if (domain === '') return new URL(config.publicUrl).origin;
  const { prefix, suffix } = customParts(config);
  return `${prefix}${domain}${suffix}`;
}

export function shortUrl(config: ServerConfig, domain: string, keyword: string): string {
  return `${shortOrigin(config, domain)}/${keyword}`;
}

/** The same rule as an SQL expression over `links`, so lists can be ordered by shortUrl in the database. */
export function shortUrlSql(config: ServerConfig): { sql: string; params: [string, string, string] } {
  const { prefix, suffix } = customParts(config);
  return {
    sql: "((CASE WHEN domain = '' THEN ? ELSE ? || domain || ? END) || '/' || keyword)",
    params: [shortOrigin(config, ''), prefix, suffix],
  };
}
