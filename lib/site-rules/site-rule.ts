/**
 * Rules per site (issue 25): for links to a host pattern, the defaults a link
 * is made with: the domain, the tags, a campaign template, and whether to
 * clean. A field left unset keeps the user's default. A profile's rules are
 * ordered; the first whose pattern matches the URL (after its redirect wrapper
 * is removed) applies. Checked when saved and when imported, and bounded.
 */
import { defaultDomainOf } from '../storage/default-domain';
import { sendableTags } from '../tags/sendable-tags';
import { formatHostPattern, parseHostPattern, patternMatches } from './host-pattern';

/** A profile's rules: a few dozen in practice; an imported file with thousands is refused. */
export const RULES_MAX = 100;

export interface SiteRule {
  id: string;
  /** `acme.dev` or `*.acme.dev` (host-pattern.ts). */
  pattern: string;
  /** Unset: the user's default domain; null: the service's own; else a custom domain. */
  domain?: string | null;
  /** Unset: the user's default tags. */
  tags?: string[];
  /** A template of the same profile. */
  templateId?: string;
  /** Unset: the user's setting. */
  clean?: boolean;
}

export type RuleProblem = 'pattern-invalid' | 'pattern-taken' | 'domain-invalid' | 'tags-invalid' | 'template-unknown' | 'sets-nothing';

/** The rule as saved (pattern and domain in their normal forms), or its first problem. */
export function checkRule(
  input: SiteRule,
  others: readonly SiteRule[],
  templateIds: readonly string[],
): { ok: true; rule: SiteRule } | { ok: false; problem: RuleProblem } {
  const parsed = parseHostPattern(input.pattern);
  if (parsed === null) return { ok: false, problem: 'pattern-invalid' };
  const pattern = formatHostPattern(parsed);
  if (others.some((r) => r.id !== input.id && r.pattern === pattern)) return { ok: false, problem: 'pattern-taken' };
  const rule: SiteRule = { id: input.id, pattern };
  if (input.domain !== undefined) {
    const domain = defaultDomainOf(input.domain);
    if (!domain.ok) return { ok: false, problem: 'domain-invalid' };
    rule.domain = domain.value;
  }
  if (input.tags !== undefined) {
    const tags = sendableTags(input.tags);
    if (!tags.ok) return { ok: false, problem: 'tags-invalid' };
    rule.tags = tags.tags;
  }
  if (input.templateId !== undefined) {
    if (!templateIds.includes(input.templateId)) return { ok: false, problem: 'template-unknown' };
    rule.templateId = input.templateId;
  }
  if (input.clean !== undefined) rule.clean = input.clean;
  if (Object.keys(rule).length === 2) return { ok: false, problem: 'sets-nothing' };
  return { ok: true, rule };
}

/** The first rule whose pattern matches `url`'s host, with its place in the list; null when none. */
export function firstMatch(rules: readonly SiteRule[], url: string): { rule: SiteRule; index: number } | null {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.replace(/\.+$/, '');
  } catch {
    return null;
  }
  for (const [index, rule] of rules.entries()) {
    const pattern = parseHostPattern(rule.pattern);
    if (pattern !== null && patternMatches(pattern, hostname)) return { rule, index };
  }
  return null;
}
