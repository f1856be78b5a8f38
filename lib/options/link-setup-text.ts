/**
 * The options page's campaign templates and site rules in words: each
 * problem a save is refused for, tied to the field it is about, and the
 * section's statuses (lib/options/link-setup-controller.ts).
 */
import { TEMPLATES_MAX, TEMPLATE_NAME_MAX, type TemplateProblem } from '../campaign/template';
import { UTM_VALUE_MAX, type UtmField } from '../campaign/utm';
import type { LinkSetupStatus } from './link-setup-controller';
import { RULES_MAX, type RuleProblem } from '../site-rules/site-rule';
import { toUnicodeHost } from '../domains/punycode';
import { t, type MessageKey } from '../i18n/catalogue';
import { formatCount } from '../i18n/format';

export const UTM_FIELD_LABELS: Record<UtmField, MessageKey> = {
  source: 'utmFieldSource',
  medium: 'utmFieldMedium',
  campaign: 'utmFieldCampaign',
  term: 'utmFieldTerm',
  content: 'utmFieldContent',
};

/** The template field a problem is shown beside: its name, a value, or the values as a whole. */
export type TemplateProblemField = 'name' | 'values' | UtmField;

export function templateProblemText(problem: TemplateProblem): { field: TemplateProblemField; text: string } {
  switch (problem.problem) {
    case 'name-empty':
      return { field: 'name', text: t('templateNameEmpty') };
    case 'name-too-long':
      return { field: 'name', text: t('templateNameTooLong', formatCount(TEMPLATE_NAME_MAX)) };
    case 'name-taken':
      return { field: 'name', text: t('templateNameTaken') };
    case 'no-values':
      return { field: 'values', text: t('templateNoValues') };
    case 'value-too-long':
      return { field: problem.field, text: t('templateValueTooLong', t(UTM_FIELD_LABELS[problem.field]), formatCount(UTM_VALUE_MAX)) };
    case 'value-control':
      return { field: problem.field, text: t('templateValueControl', t(UTM_FIELD_LABELS[problem.field])) };
  }
}

/** The rule field a problem is shown beside; `form` for a rule that sets nothing. */
export type RuleProblemField = 'pattern' | 'domain' | 'tags' | 'template' | 'form';

const RULE_PROBLEMS: Record<RuleProblem, { field: RuleProblemField; key: MessageKey }> = {
  'pattern-invalid': { field: 'pattern', key: 'rulePatternInvalid' },
  'pattern-taken': { field: 'pattern', key: 'rulePatternTaken' },
  'domain-invalid': { field: 'domain', key: 'ruleDomainInvalid' },
  'tags-invalid': { field: 'tags', key: 'ruleTagsInvalid' },
  'template-unknown': { field: 'template', key: 'ruleTemplateUnknown' },
  'sets-nothing': { field: 'form', key: 'ruleSetsNothingProblem' },
};

export function ruleProblemText(problem: RuleProblem): { field: RuleProblemField; text: string } {
  const { field, key } = RULE_PROBLEMS[problem];
  return { field, text: t(key) };
}

/** A status line, and whether it is a failure (said as an alert). */
export function linkSetupStatusText(status: LinkSetupStatus): { text: string; failed: boolean } {
  switch (status.kind) {
    case 'template-saved':
      return { text: t('templateSaved', status.name), failed: false };
    case 'template-deleted':
      return { text: t('templateDeleted', status.name), failed: false };
    case 'rule-saved':
      return { text: t('ruleSaved', status.pattern), failed: false };
    case 'rule-deleted':
      return { text: t('ruleDeleted', status.pattern), failed: false };
    case 'rule-moved':
      return { text: t('ruleMoved', status.pattern, formatCount(status.position)), failed: false };
    case 'templates-full':
      return { text: t('templatesFull', formatCount(TEMPLATES_MAX)), failed: true };
    case 'rules-full':
      return { text: t('rulesFull', formatCount(RULES_MAX)), failed: true };
    case 'template-in-use':
      return { text: t('templateInUse', status.name, status.patterns.join(', ')), failed: true };
    case 'save-failed':
      return { text: t('rulesSaveFailed'), failed: true };
  }
}

/**
 * What a rule sets, one phrase a setting ("Domain: go.acme.dev"), for the
 * list of rules and the test box. `serviceHost` names the service's own domain.
 */
export function ruleSetsText(sets: { domain?: string | null; tags?: readonly string[]; template?: string; clean?: boolean }, serviceHost: string): string[] {
  const out: string[] = [];
  if (sets.domain !== undefined) out.push(t('ruleSetsDomain', sets.domain === null ? serviceHost || t('domainsServiceDomain') : toUnicodeHost(sets.domain)));
  if (sets.tags !== undefined && sets.tags.length > 0) out.push(t('ruleSetsTags', sets.tags.join(', ')));
  if (sets.template !== undefined) out.push(t('ruleSetsTemplate', sets.template));
  if (sets.clean !== undefined) out.push(t(sets.clean ? 'ruleSetsCleanOn' : 'ruleSetsCleanOff'));
  return out;
}
