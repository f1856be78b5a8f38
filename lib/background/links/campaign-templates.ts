/**
 * The popup's Customise offers the active profile's campaign templates
 * (issue 25) and shows the URL a link would be made for (finalUrl). Read
 * here, from the setup the shortener already keeps in memory, so the popup
 * needs no storage code of its own; each template is checked
 * again as a save would (lib/campaign/template.ts), so a hand-edited store
 * offers only templates that could have been saved.
 */
import { checkTemplate, type CampaignTemplate } from '../../campaign/template';
import type { LinkSetup } from '../../site-rules/link-setup';
import type { Connection, Preferences } from '../../storage/settings';
import type { Handlers } from '../dispatcher';
import { finalUrlFor } from './shorten';

export interface CampaignHandlerDeps {
  getConnection(): Promise<Connection>;
  getPreferences(): Promise<Preferences>;
  /** The profile's templates and site rules (lib/site-rules/link-setup.ts). */
  linkSetup(profileId: string | undefined): Promise<LinkSetup>;
}

/** The templates that pass the save's checks, each as it would be saved; a second of the same name is left out. */
export function offeredTemplates(stored: readonly CampaignTemplate[]): CampaignTemplate[] {
  const offered: CampaignTemplate[] = [];
  for (const template of stored) {
    const verdict = checkTemplate(template, offered);
    if (verdict.ok) offered.push(verdict.template);
  }
  return offered;
}

export function createCampaignHandlers(deps: CampaignHandlerDeps): Pick<Handlers, 'campaignTemplates' | 'finalUrl'> {
  return {
    async finalUrl({ url, utm }) {
      const [conn, prefs] = await Promise.all([deps.getConnection(), deps.getPreferences()]);
      return finalUrlFor(url, conn, prefs, await deps.linkSetup(conn.profileId), utm);
    },
    async campaignTemplates() {
      const conn = await deps.getConnection();
      return offeredTemplates((await deps.linkSetup(conn.profileId)).templates);
    },
  };
}
