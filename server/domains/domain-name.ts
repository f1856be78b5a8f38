import { judgeDomainName, type DomainNameProblem } from '../../lib/contract/domain-name';

export { apexOf } from '../../lib/contract/domain-name';

export type DomainNameVerdict =
  | { ok: true; domain: string; isSubDomain: boolean }
  | { ok: false; reason: string };

const BARE = 'domain must be a bare host name such as go.example.com (no scheme, path, port or wildcard)';
const LABELS = 'domain labels must be 1 to 63 letters, digits or "-", not starting or ending with "-"';

/** The service's words for each broken rule; every reason starts with "domain" (the field's name). */
const REASONS: Record<DomainNameProblem, string> = {
  empty: 'domain must not be empty',
  scheme: BARE,
  spaces: BARE,
  path: BARE,
  port: BARE,
  characters: BARE,
  invalid: 'domain is not a valid domain name',
  'too-long': 'domain must be at most 253 characters',
  'one-label': 'domain must have at least two labels, such as example.com',
  'label-too-long': LABELS,
  'label-invalid': LABELS,
  'ip-address': 'domain must be a name, not an IP address',
};

/**
 * Normalises and judges a custom domain name by the rules the extension
 * applies too (lib/contract/domain-name.ts). `isSubDomain` uses a simple rule:
 * three or more labels. It does not know the public-suffix list, so
 * `example.co.uk` counts as a subdomain (and gets a CNAME record, which most
 * registrars refuse at an apex: the user then adds an A record to the
 * service's address instead).
 */
export function checkDomainName(raw: string): DomainNameVerdict {
  const verdict = judgeDomainName(raw);
  return verdict.ok ? verdict : { ok: false, reason: REASONS[verdict.problem] };
}
