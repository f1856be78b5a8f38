import { normaliseHost } from './host';

/**
 * The rules a custom domain name must meet, shared by the service
 * (server/domains/domain-name.ts words them) and the extension (checked before
 * anything is sent, worded by lib/domains/domain-text.ts): one definition, so
 * the options page refuses exactly what the service would.
 *
 * Accepted: a bare host name, trimmed and lower-cased, IDN turned into
 * punycode, one trailing dot dropped (lib/contract/host.ts's normal form); at least
 * two labels of 1 to 63 characters of [a-z0-9-], not starting or ending with
 * "-"; 253 characters at most; not an IPv4 address.
 */
export type DomainNameProblem =
  | 'empty'
  | 'scheme'
  | 'spaces'
  | 'path'
  | 'port'
  | 'characters'
  | 'invalid'
  | 'too-long'
  | 'one-label'
  | 'label-too-long'
  | 'label-invalid'
  | 'ip-address';

export type DomainNameVerdict =
  | { ok: true; domain: string; isSubDomain: boolean }
  | { ok: false; problem: DomainNameProblem };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_LENGTH = 253;
const MAX_LABEL = 63;

/** Which of the bare-host rules a name breaks first; the most telling first (a URL is "scheme", not "path"). */
function shapeProblem(trimmed: string): DomainNameProblem | null {
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed)) return 'scheme';
  if (/\s/.test(trimmed)) return 'spaces';
  if (/[/\\]/.test(trimmed)) return 'path';
  if (trimmed.includes(':')) return 'port';
  if (/[@?#*%]/.test(trimmed)) return 'characters';
  return null;
}

export function judgeDomainName(raw: string): DomainNameVerdict {
  const trimmed = raw.trim().toLowerCase();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  const shape = shapeProblem(trimmed);
  if (shape !== null) return { ok: false, problem: shape };
  // One trailing dot (fully qualified) is the same domain; more leaves an empty label.
  if (trimmed.endsWith('..')) return { ok: false, problem: 'label-invalid' };
  const ascii = normaliseHost(trimmed)?.hostname ?? '';
  if (ascii === '') return { ok: false, problem: 'invalid' };
  if (ascii.length > MAX_LENGTH) return { ok: false, problem: 'too-long' };
  const labels = ascii.split('.');
  if (labels.length < 2) return { ok: false, problem: 'one-label' };
  for (const label of labels) {
    if (label.length > MAX_LABEL) return { ok: false, problem: 'label-too-long' };
    if (!LABEL.test(label)) return { ok: false, problem: 'label-invalid' };
  }
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return { ok: false, problem: 'ip-address' };
  return { ok: true, domain: ascii, isSubDomain: labels.length >= 3 };
}

/** The registrable part by the same simple rule (last two labels): no public-suffix list, see judgeDomainName. */
export function apexOf(domain: string): string {
  return domain.split('.').slice(-2).join('.');
}
