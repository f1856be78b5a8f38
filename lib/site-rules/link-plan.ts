/**
 * What a new link is made of, before it is made (issue 25): the URL cleaned
 * (or not), the site rule that applies to it (matched on the URL with its
 * redirect wrapper removed), and the campaign values written. One function,
 * so the popup, the context menu, the shortcut, bulk and the options page's
 * test box all agree. An explicit ask (the Undo, Customise's fields, a batch's
 * domain and tags) wins over the rule, and the rule over the user's defaults.
 */
import { cleanUrl } from '../clean/clean-url';
import { templateFields, type CampaignTemplate } from '../campaign/template';
import { withUtm, type UtmValues } from '../campaign/utm';
import { firstMatch, type SiteRule } from './site-rule';

export interface PlanAsk {
  /** false: the URL as it was. */
  clean?: boolean;
  /** Campaign values chosen by hand: they replace the rule's template. */
  utm?: Partial<UtmValues>;
}

export interface PlanDefaults {
  cleanLinks: boolean;
}

export interface LinkPlan {
  /** The URL to shorten (not yet judged again by the destination rules). */
  longUrl: string;
  /** Cleaning changed the URL: what it removed. */
  cleaned?: { original: string; removed: string[]; unwrappedFrom: string | null };
  cleanFailed?: true;
  /** The rule that applied, its pattern and its place (from 0) in the list. */
  rule?: { pattern: string; index: number; domain?: string | null; tags?: string[]; clean?: boolean };
  /** The template the rule applied, by name. */
  template?: string;
}

export function planLink(
  url: string,
  setup: { rules: readonly SiteRule[]; templates: readonly CampaignTemplate[] },
  defaults: PlanDefaults,
  ask: PlanAsk = {},
): LinkPlan {
  const cleaning = cleanUrl(url);
  // Matched on the page behind a wrapper: a rule for acme.dev applies to a Facebook link to acme.dev.
  const match = firstMatch(setup.rules, cleaning.url);
  const plan: LinkPlan = { longUrl: url };
  if (match !== null) {
    const { rule, index } = match;
    plan.rule = {
      pattern: rule.pattern,
      index,
      ...(rule.domain !== undefined ? { domain: rule.domain } : {}),
      ...(rule.tags !== undefined ? { tags: rule.tags } : {}),
      ...(rule.clean !== undefined ? { clean: rule.clean } : {}),
    };
  }
  const clean = ask.clean ?? match?.rule.clean ?? defaults.cleanLinks;
  if (clean) {
    if (cleaning.failed) plan.cleanFailed = true;
    else if (cleaning.url !== url) {
      plan.longUrl = cleaning.url;
      plan.cleaned = { original: url, removed: cleaning.removed, unwrappedFrom: cleaning.unwrappedFrom };
    }
  }
  if (ask.utm !== undefined) {
    plan.longUrl = withUtm(plan.longUrl, ask.utm);
  } else if (match?.rule.templateId !== undefined) {
    const template = setup.templates.find((t) => t.id === match.rule.templateId);
    if (template !== undefined) {
      plan.longUrl = withUtm(plan.longUrl, templateFields(template));
      plan.template = template.name;
    }
  }
  return plan;
}
