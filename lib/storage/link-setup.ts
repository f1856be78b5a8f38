/**
 * Each profile's campaign templates and site rules (issue 25), in one storage
 * item keyed by profile id: a profile's rules name its own domains and tags,
 * so they never apply under another profile. Written by the options page,
 * read by the background when a link is made; what is read is checked again
 * and bounded, so a hand-edited store cannot feed the background bad rules.
 */
import { storage } from 'wxt/utils/storage';
import { LINK_SETUP_KEY } from './keys';
import { TEMPLATES_MAX, type CampaignTemplate } from '../campaign/template';
import { RULES_MAX, type SiteRule } from '../site-rules/site-rule';

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

function bounded(setup: LinkSetup | undefined): LinkSetup {
  if (setup === undefined || !Array.isArray(setup.templates) || !Array.isArray(setup.rules)) return EMPTY_SETUP;
  return { templates: setup.templates.slice(0, TEMPLATES_MAX), rules: setup.rules.slice(0, RULES_MAX) };
}

export async function getLinkSetup(profileId: string | undefined): Promise<LinkSetup> {
  if (profileId === undefined) return EMPTY_SETUP;
  const stored = await linkSetupItem.getValue();
  return bounded(Object.hasOwn(stored.byProfile, profileId) ? stored.byProfile[profileId] : undefined);
}

export async function setLinkSetup(profileId: string, setup: LinkSetup): Promise<void> {
  const stored = await linkSetupItem.getValue();
  await linkSetupItem.setValue({ v: 1, byProfile: { ...stored.byProfile, [profileId]: bounded(setup) } });
}

/**
 * For the background, which reads the setup on every link made: the store is
 * kept in memory and dropped whenever it changes, so a shorten pays no storage
 * read for it (the popup's new-link budget, DESIGN.md).
 */
export function createLinkSetupMemo(): (profileId: string | undefined) => Promise<LinkSetup> {
  let held: Promise<LinkSetupStore> | null = null;
  linkSetupItem.watch(() => {
    held = null;
  });
  return async (profileId) => {
    if (profileId === undefined) return EMPTY_SETUP;
    held ??= linkSetupItem.getValue();
    const stored: LinkSetupStore = await held.catch(() => ({ v: 1 as const, byProfile: {} }));
    return bounded(Object.hasOwn(stored.byProfile, profileId) ? stored.byProfile[profileId] : undefined);
  };
}
