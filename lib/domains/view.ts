/**
 * A custom domain as pages show it, mapped from the service's record, and
 * where its set-up stands. Plain data: it travels between the background and
 * the pages (lib/messaging/protocol/domains.ts, DomainViewSchema).
 */
import type * as v from 'valibot';
import type { CustomDomain } from '../contract/schemas';
import type { DomainViewSchema } from '../messaging/protocol';

/** Its fields are listed once, in lib/messaging/protocol/domains.ts (DomainViewSchema). */
export type DomainView = v.InferOutput<typeof DomainViewSchema>;

export function toDomainView(domain: CustomDomain): DomainView {
  return {
    id: domain._id,
    domain: domain.domain,
    isSubDomain: domain.isSubDomain,
    setUp: domain.domainSetupped,
    dnsConfigured: domain.dnsConfigured,
    sslConfigured: domain.sslConfigured,
    pingVerified: domain.pingVerified,
    nameservers: domain.nameservers,
    registrarName: domain.registrarName,
    registrarWebsite: domain.registrarWebsite,
    httpToHttps: domain.domainConfig.httpToHttps,
    record: domain.configDetails.mandatory,
    createdDate: domain.createdDate,
  };
}

export type ChecklistStep = 'dns' | 'ssl' | 'ping' | 'setup';

/** The set-up checklist in the order a user works through it. */
export function checklistOf(view: DomainView): { step: ChecklistStep; done: boolean }[] {
  return [
    { step: 'dns', done: view.dnsConfigured },
    { step: 'ssl', done: view.sslConfigured },
    { step: 'ping', done: view.pingVerified },
    { step: 'setup', done: view.setUp },
  ];
}

/**
 * What the user should do next. The service sets a domain up once its
 * routing record reaches it and its ownership proof matches (pingVerified);
 * SSL is reported but not required (a proxy in front terminates TLS).
 */
export type DomainStage = 'ready' | 'add-records' | 'add-routing' | 'add-proof';

export function stageOf(view: DomainView): DomainStage {
  if (view.setUp) return 'ready';
  if (!view.dnsConfigured && !view.pingVerified) return 'add-records';
  return view.dnsConfigured ? 'add-proof' : 'add-routing';
}

/** A registrar's site, only when it is an http(s) address (service text is never trusted as a link). */
export function registrarLink(view: DomainView): string | null {
  try {
    const url = new URL(view.registrarWebsite);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
