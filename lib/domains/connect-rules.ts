/**
 * Whether a domain may be connected, judged before anything is sent: the
 * name rules the service applies (domain-name.ts), then the two it can only
 * answer with an error after a round trip: the service's own host, and a
 * domain this workspace already has.
 */
import { normaliseHost } from '../contract/host';
import { judgeDomainName, type DomainNameProblem } from '../contract/domain-name';

export type ConnectProblem = DomainNameProblem | 'own-domain' | 'already-connected';

export type ConnectVerdict = { ok: true; domain: string; isSubDomain: boolean } | { ok: false; problem: ConnectProblem };

export interface ConnectContext {
  /** The service's host (its API's), in any spelling; '' when unknown. */
  serviceHost: string;
  /** The workspace's domains known so far, as the service stores them (ASCII). */
  connected: readonly string[];
}

export function checkConnectInput(raw: string, context: ConnectContext): ConnectVerdict {
  const verdict = judgeDomainName(raw);
  if (!verdict.ok) return verdict;
  const own = normaliseHost(context.serviceHost)?.hostname;
  if (own !== undefined && verdict.domain === own) return { ok: false, problem: 'own-domain' };
  if (context.connected.includes(verdict.domain)) return { ok: false, problem: 'already-connected' };
  return verdict;
}
