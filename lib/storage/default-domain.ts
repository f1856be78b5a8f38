/**
 * The default domain as it is stored: null for the service's own domain,
 * else a custom domain in the contract's one normal form (lib/contract/domain-name.ts:
 * trimmed, lower case, IDN as punycode, no trailing dot). Anything that is not
 * a domain name (a URL, a path, markup) is refused rather than stored, since
 * every new link would carry it to the service.
 */
import { judgeDomainName } from '../contract/domain-name';

export type DefaultDomainVerdict = { ok: true; value: string | null } | { ok: false };

export function defaultDomainOf(raw: string | null): DefaultDomainVerdict {
  if (raw === null || raw.trim() === '') return { ok: true, value: null };
  const verdict = judgeDomainName(raw);
  return verdict.ok ? { ok: true, value: verdict.domain } : { ok: false };
}
