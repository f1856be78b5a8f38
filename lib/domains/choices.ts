/**
 * The options of a domain picker (the popup's customise panel, the options'
 * default domain): the service's own domain, the workspace's set-up custom
 * domains, and the current choice even when it is not among them (so a
 * stored default that stopped being set up is shown as it is, not silently
 * replaced).
 */
import { toUnicodeHost } from './punycode';

export interface DomainOption {
  /** '' for the service's own domain; else the domain as the service stores it. */
  value: string;
  /** The domain in Unicode; '' for the service's own domain (the page words it). */
  label: string;
  /** The current choice, not among the set-up domains. */
  missing: boolean;
}

export function domainOptions(setUp: readonly string[], current: string): DomainOption[] {
  const options: DomainOption[] = [{ value: '', label: '', missing: false }];
  for (const domain of [...setUp].sort()) options.push({ value: domain, label: toUnicodeHost(domain), missing: false });
  if (current !== '' && !setUp.includes(current)) options.push({ value: current, label: toUnicodeHost(current), missing: true });
  return options;
}
