/**
 * A profile's templates and site rules as the settings file holds them: a
 * rule names its template by name (ids are this browser's own). Read back
 * through the same checks as a save, with fresh ids, so a hostile file (huge
 * patterns, thousands of rules, regex-like patterns) is refused whole, not
 * half applied; the schema has already bounded its sizes.
 */
import { checkTemplate, type CampaignTemplate } from '../campaign/template';
import type { UtmValues } from '../campaign/utm';
import type { LinkSetup } from './link-setup';
import { checkRule, type SiteRule } from './site-rule';

export interface FileTemplate {
  name: string;
  utm: UtmValues;
}

export interface FileRule {
  pattern: string;
  domain?: string | null;
  tags?: string[];
  /** A template of the same profile, by name. */
  template?: string;
  clean?: boolean;
}

export function setupToFile(setup: LinkSetup): { templates: FileTemplate[]; rules: FileRule[] } {
  const nameOf = new Map(setup.templates.map((t) => [t.id, t.name]));
  return {
    templates: setup.templates.map(({ name, utm }) => ({ name, utm: { ...utm } })),
    rules: setup.rules.map(({ id: _id, templateId, ...rest }) => {
      const template = templateId === undefined ? undefined : nameOf.get(templateId);
      return { ...rest, ...(template !== undefined ? { template } : {}) };
    }),
  };
}

export type SetupFileVerdict = { ok: true; setup: LinkSetup } | { ok: false; problem: 'template-invalid' | 'rule-invalid'; at: number };

export function setupFromFile(
  file: { templates?: readonly FileTemplate[]; rules?: readonly FileRule[] },
  newId: () => string,
): SetupFileVerdict {
  const templates: CampaignTemplate[] = [];
  for (const [at, entry] of (file.templates ?? []).entries()) {
    const verdict = checkTemplate({ id: newId(), name: entry.name, utm: entry.utm }, templates);
    if (!verdict.ok) return { ok: false, problem: 'template-invalid', at };
    templates.push(verdict.template);
  }
  const rules: SiteRule[] = [];
  for (const [at, entry] of (file.rules ?? []).entries()) {
    const { template, ...rest } = entry;
    const templateId = template === undefined ? undefined : (templates.find((t) => t.name === template)?.id ?? '');
    const verdict = checkRule(
      { id: newId(), ...rest, ...(templateId !== undefined ? { templateId } : {}) },
      rules,
      templates.map((t) => t.id),
    );
    if (!verdict.ok) return { ok: false, problem: 'rule-invalid', at };
    rules.push(verdict.rule);
  }
  return { ok: true, setup: { templates, rules } };
}
