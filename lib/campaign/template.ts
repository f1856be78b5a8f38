/**
 * Campaign templates ("Newsletter", "LinkedIn", …): a named set of campaign
 * values, kept per profile (lib/site-rules/link-setup.ts), applied with one click
 * in Customise or by a site rule. A template with a bad field is refused, with
 * the field and why, before it is saved or imported.
 */
import { UTM_FIELDS, tidyValue, utmValueProblem, type UtmValues } from './utm';

export const TEMPLATE_NAME_MAX = 60;
/** A profile's templates: a handful in practice; an imported file cannot add thousands. */
export const TEMPLATES_MAX = 50;

export interface CampaignTemplate {
  id: string;
  name: string;
  utm: UtmValues;
}

export type TemplateProblem =
  | { problem: 'name-empty' | 'name-too-long' | 'name-taken' | 'no-values' }
  | { problem: 'value-too-long' | 'value-control'; field: (typeof UTM_FIELDS)[number] };

/** The template as saved (trimmed), or its first problem. `others`: the profile's other templates. */
export function checkTemplate(
  input: CampaignTemplate,
  others: readonly CampaignTemplate[],
): { ok: true; template: CampaignTemplate } | ({ ok: false } & TemplateProblem) {
  const name = input.name.trim().normalize('NFC');
  if (name === '') return { ok: false, problem: 'name-empty' };
  if (name.length > TEMPLATE_NAME_MAX) return { ok: false, problem: 'name-too-long' };
  if (others.some((t) => t.id !== input.id && t.name.toLocaleLowerCase() === name.toLocaleLowerCase())) {
    return { ok: false, problem: 'name-taken' };
  }
  const utm = { ...input.utm };
  for (const field of UTM_FIELDS) {
    const problem = utmValueProblem(utm[field]);
    if (problem !== null) return { ok: false, problem: problem === 'too-long' ? 'value-too-long' : 'value-control', field };
    utm[field] = tidyValue(utm[field]);
  }
  if (UTM_FIELDS.every((field) => utm[field] === '')) return { ok: false, problem: 'no-values' };
  return { ok: true, template: { id: input.id, name, utm } };
}

/** The fields a template sets: its non-empty ones (an empty field leaves the URL's value alone). */
export function templateFields(template: CampaignTemplate): Partial<UtmValues> {
  const out: Partial<UtmValues> = {};
  for (const field of UTM_FIELDS) if (template.utm[field] !== '') out[field] = template.utm[field];
  return out;
}
