/**
 * The campaign values chosen in the popup's Customise (issue 25): the five
 * fields, begun from the URL's own `utm_*` values, typed or filled by a saved
 * template, each checked as it changes. Only the fields that differ from the
 * URL's own are sent (the background writes them, lib/site-rules/link-plan.ts),
 * so an untouched pair stays byte for byte. Pure steps; loaded with the panel.
 */
import { templateFields, type CampaignTemplate } from './template';
import { tidyValue, utmOf, utmValueProblem, withUtm, UTM_FIELDS, type UtmField, type UtmValues } from './utm';

export type UtmProblem = NonNullable<ReturnType<typeof utmValueProblem>>;

export interface CampaignChoice {
  /** The URL's own values: what the fields began with. */
  initial: UtmValues;
  values: UtmValues;
  /** The fields whose value cannot be written, and why. */
  problems: Partial<Record<UtmField, UtmProblem>>;
}

/** The fields as the URL has them (none for no URL). */
export function campaignChoice(url: string | null): CampaignChoice {
  const initial = utmOf(url ?? '');
  return { initial, values: { ...initial }, problems: {} };
}

function withValues(choice: CampaignChoice, patch: Partial<UtmValues>): CampaignChoice {
  const next = { ...choice, values: { ...choice.values, ...patch } };
  const problems: CampaignChoice['problems'] = {};
  // Only a value to be written is judged: one the URL already had, left as it was, is not the user's to fix.
  for (const [field, value] of Object.entries(campaignChanges(next)) as [UtmField, string][]) {
    const problem = utmValueProblem(value);
    if (problem !== null) problems[field] = problem;
  }
  return { ...next, problems };
}

export function typeCampaign(choice: CampaignChoice, field: UtmField, value: string): CampaignChoice {
  return withValues(choice, { [field]: value });
}

/** A template's non-empty values fill their fields; the others keep what they hold. */
export function applyTemplate(choice: CampaignChoice, template: CampaignTemplate): CampaignChoice {
  return withValues(choice, templateFields(template));
}

/** The fields to write: those that differ, once trimmed, from the URL's own ('' removes the pair). */
export function campaignChanges(choice: CampaignChoice): Partial<UtmValues> {
  const changes: Partial<UtmValues> = {};
  for (const field of UTM_FIELDS) {
    if (tidyValue(choice.values[field]) !== tidyValue(choice.initial[field])) changes[field] = choice.values[field];
  }
  return changes;
}

export function campaignBlocked(choice: CampaignChoice): boolean {
  return Object.keys(choice.problems).length > 0;
}

/** The URL the link will be made for, as the background will write it (before any cleaning it does). */
export function finalUrlOf(url: string, choice: CampaignChoice): string {
  return withUtm(url, campaignChanges(choice));
}
