/**
 * Each profile's campaign templates and site rules (issue 25), in one storage
 * item keyed by profile id: a profile's rules name its own domains and tags,
 * so they never apply under another profile. Written by the options page,
 * read by the background when a link is made; what is read is checked again
 * and bounded, so a hand-edited store cannot feed the background bad rules.
 */
import { storage } from 'wxt/utils/storage';
import { LINK_SETUP_KEY } from '../storage/keys';
import { TEMPLATES_MAX, checkTemplate, type CampaignTemplate } from '../campaign/template';
import { UTM_FIELDS } from '../campaign/utm';
import { RULES_MAX, checkRule, type SiteRule } from './site-rule';

export interface LinkSetup {
  templates: CampaignTemplate[];
  rules: SiteRule[];
}

export interface LinkSetupStore {
  v: 1;
  byProfile: Record<string, LinkSetup>;
}

export const EMPTY_SETUP: LinkSetup = Object.freeze({ templates: [], rules: [] }) as unknown as LinkSetup;

export const linkSetupItem = storage.defineItem<LinkSetupStore>(LINK_SETUP_KEY, {
  fallback: { v: 1, byProfile: {} },
  version: 1,
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';

function isTemplateShape(value: unknown): value is CampaignTemplate {
  if (!isRecord(value) || !isText(value.id) || !isText(value.name) || !isRecord(value.utm)) return false;
  const utm = value.utm;
  return UTM_FIELDS.every((field) => isText(utm[field]));
}

function isRuleShape(value: unknown): value is SiteRule {
  if (!isRecord(value) || !isText(value.id) || !isText(value.pattern)) return false;
  const { domain, tags, templateId, clean } = value;
  return (
    (domain === undefined || domain === null || isText(domain)) &&
    (tags === undefined || (Array.isArray(tags) && tags.every(isText))) &&
    (templateId === undefined || isText(templateId)) &&
    (clean === undefined || typeof clean === 'boolean')
  );
}

/**
 * The setup as a save would have left it: at most the caps, and each template
 * and rule checked again (shape, then the save's own checks), so an entry a
 * hand-edited or damaged store holds is left out instead of failing every link.
 */
function bounded(setup: unknown): LinkSetup {
  if (!isRecord(setup) || !Array.isArray(setup.templates) || !Array.isArray(setup.rules)) return EMPTY_SETUP;
  const templates: CampaignTemplate[] = [];
  for (const entry of setup.templates.slice(0, TEMPLATES_MAX)) {
    if (!isTemplateShape(entry)) continue;
    const verdict = checkTemplate(entry, templates);
    if (verdict.ok) templates.push(verdict.template);
  }
  const ids = templates.map((template) => template.id);
  const rules: SiteRule[] = [];
  for (const entry of setup.rules.slice(0, RULES_MAX)) {
    if (!isRuleShape(entry)) continue;
    const verdict = checkRule(entry, rules, ids);
    if (verdict.ok) rules.push(verdict.rule);
  }
  return { templates, rules };
}

export async function getLinkSetup(profileId: string | undefined): Promise<LinkSetup> {
  if (profileId === undefined) return EMPTY_SETUP;
  const stored = await linkSetupItem.getValue();
  return bounded(isRecord(stored.byProfile) && Object.hasOwn(stored.byProfile, profileId) ? stored.byProfile[profileId] : undefined);
}

export async function setLinkSetup(profileId: string, setup: LinkSetup): Promise<void> {
  const stored = await linkSetupItem.getValue();
  await linkSetupItem.setValue({ v: 1, byProfile: { ...stored.byProfile, [profileId]: bounded(setup) } });
}

/**
 * For the background, which reads the setup on every link made: the store is
 * kept in memory and dropped whenever it changes, so a shorten pays no storage
 * read for it (the popup's new-link budget, docs/design.md).
 */
export function createLinkSetupMemo(): (profileId: string | undefined) => Promise<LinkSetup> {
  let held: Promise<LinkSetupStore> | null = null;
  // Checked once per profile while the store stays the same, not at every link made.
  let checked = new Map<string, LinkSetup>();
  linkSetupItem.watch(() => {
    held = null;
    checked = new Map();
  });
  return async (profileId) => {
    if (profileId === undefined) return EMPTY_SETUP;
    held ??= linkSetupItem.getValue();
    const seen = checked;
    const stored: LinkSetupStore = await held.catch(() => ({ v: 1 as const, byProfile: {} }));
    const known = seen.get(profileId);
    if (known !== undefined) return known;
    const setup = bounded(isRecord(stored.byProfile) && Object.hasOwn(stored.byProfile, profileId) ? stored.byProfile[profileId] : undefined);
    seen.set(profileId, setup);
    return setup;
  };
}
