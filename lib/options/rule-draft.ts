/**
 * A site rule as the options page's editor holds it (lib/site-rules/site-rule.ts):
 * every field has a value the form can show, and "leave my default" is a
 * value of its own, so the form never has to tell unset from empty.
 */
import type { SiteRule } from '../site-rules/site-rule';

/** The rule's domain: the user's default, the service's own, or a custom domain. */
export type DomainPick = { kind: 'default' } | { kind: 'own' } | { kind: 'custom'; domain: string };
/** Whether links to the site are cleaned: as the user's setting says, or always, or never. */
export type CleanPick = 'default' | 'on' | 'off';

export interface RuleDraft {
  id: string;
  pattern: string;
  domain: DomainPick;
  /** None: the user's default tags. */
  tags: string[];
  /** '': no template. */
  templateId: string;
  clean: CleanPick;
}

export function emptyRuleDraft(id: string): RuleDraft {
  return { id, pattern: '', domain: { kind: 'default' }, tags: [], templateId: '', clean: 'default' };
}

export function draftOfRule(rule: SiteRule): RuleDraft {
  const domain: DomainPick = rule.domain === undefined ? { kind: 'default' } : rule.domain === null ? { kind: 'own' } : { kind: 'custom', domain: rule.domain };
  return {
    id: rule.id,
    pattern: rule.pattern,
    domain,
    tags: [...(rule.tags ?? [])],
    templateId: rule.templateId ?? '',
    clean: rule.clean === undefined ? 'default' : rule.clean ? 'on' : 'off',
  };
}

/** The rule the draft describes, before lib/site-rules/site-rule.ts checks it. */
export function ruleOfDraft(draft: RuleDraft): SiteRule {
  const rule: SiteRule = { id: draft.id, pattern: draft.pattern };
  if (draft.domain.kind === 'own') rule.domain = null;
  if (draft.domain.kind === 'custom') rule.domain = draft.domain.domain;
  if (draft.tags.length > 0) rule.tags = [...draft.tags];
  if (draft.templateId !== '') rule.templateId = draft.templateId;
  if (draft.clean !== 'default') rule.clean = draft.clean === 'on';
  return rule;
}
