/** The templates Customise offers: the active profile's, checked again as a save would check them. */
import { describe, expect, it } from 'vitest';
import type { CampaignTemplate } from '../../../lib/campaign/template';
import { EMPTY_UTM } from '../../../lib/campaign/utm';
import { createCampaignHandlers, offeredTemplates } from '../../../lib/background/links/campaign-templates';
import { EMPTY_SETUP, type LinkSetup } from '../../../lib/site-rules/link-setup';
import { SETTINGS_DEFAULTS } from '../../../lib/storage/keys';
import type { Connection, Preferences } from '../../../lib/storage/settings';

const newsletter: CampaignTemplate = { id: 't1', name: 'Newsletter', utm: { ...EMPTY_UTM, source: 'newsletter', medium: 'email' } };
const linkedIn: CampaignTemplate = { id: 't2', name: 'LinkedIn', utm: { ...EMPTY_UTM, source: 'linkedin' } };
const prefs = (over: Partial<Preferences> = {}): Preferences => ({ ...SETTINGS_DEFAULTS.preferences, ...over });
const conn = (profileId?: string): Connection => ({ baseUrl: 'http://s.test/api', token: 'tok', workspaceId: 'w1', ...(profileId ? { profileId } : {}) });

describe('campaign templates for the popup', () => {
  it("answers the active profile's templates, in their order; another profile's are not offered", async () => {
    const setups: Record<string, LinkSetup> = { p1: { templates: [newsletter, linkedIn], rules: [] }, p2: { templates: [linkedIn], rules: [] } };
    const asked: (string | undefined)[] = [];
    const handlers = createCampaignHandlers({
      getConnection: async () => conn('p1'),
      getPreferences: async () => prefs(),
      linkSetup: async (id) => {
        asked.push(id);
        return (id === undefined ? undefined : setups[id]) ?? EMPTY_SETUP;
      },
    });
    expect(await handlers.campaignTemplates({})).toEqual([newsletter, linkedIn]);
    expect(asked).toEqual(['p1']);
  });

  it('no profile: none', async () => {
    const handlers = createCampaignHandlers({ getConnection: async () => conn(), getPreferences: async () => prefs(), linkSetup: async () => EMPTY_SETUP });
    expect(await handlers.campaignTemplates({})).toEqual([]);
  });

  it('a stored template a save would refuse is left out; the others are offered trimmed', () => {
    const stored: CampaignTemplate[] = [
      { id: 'a', name: '  Spaced  ', utm: { ...EMPTY_UTM, source: ' mail ' } },
      { id: 'b', name: '', utm: { ...EMPTY_UTM, source: 'x' } },
      { id: 'c', name: 'Empty', utm: EMPTY_UTM },
      { id: 'd', name: 'Bad', utm: { ...EMPTY_UTM, term: 'a\u0000b' } },
      { id: 'e', name: 'spaced', utm: { ...EMPTY_UTM, source: 'dup' } },
      { id: 'f', name: 'Long', utm: { ...EMPTY_UTM, content: 'z'.repeat(201) } },
    ];
    expect(offeredTemplates(stored)).toEqual([{ id: 'a', name: 'Spaced', utm: { ...EMPTY_UTM, source: 'mail' } }]);
  });
});

describe('the final URL Customise shows', () => {
  const setup: LinkSetup = { templates: [newsletter], rules: [{ id: 'r1', pattern: 'acme.dev', templateId: 't1' }] };
  const handlersWith = (over: Partial<Preferences> = {}) =>
    createCampaignHandlers({ getConnection: async () => conn('p1'), getPreferences: async () => prefs(over), linkSetup: async () => setup });

  it('is the URL the background would make the link for: cleaned, with the values typed (which replace the rule\'s template)', async () => {
    const handlers = handlersWith();
    expect(await handlers.finalUrl({ url: 'https://example.com/a?x=1&fbclid=abc', utm: { source: 'my list' } })).toBe('https://example.com/a?x=1&utm_source=my%20list');
    expect(await handlers.finalUrl({ url: 'https://acme.dev/p?gclid=1' })).toBe('https://acme.dev/p?utm_source=newsletter&utm_medium=email');
    expect(await handlers.finalUrl({ url: 'https://acme.dev/p?gclid=1', utm: { source: 'x' } })).toBe('https://acme.dev/p?utm_source=x');
  });

  it('keeps the trackers when cleaning is off, and is null for what a shorten would refuse', async () => {
    expect(await handlersWith({ cleanLinks: false }).finalUrl({ url: 'https://example.com/a?fbclid=abc' })).toBe('https://example.com/a?fbclid=abc');
    const handlers = handlersWith();
    expect(await handlers.finalUrl({ url: 'javascript:alert(1)' })).toBeNull();
    expect(await handlers.finalUrl({ url: 'http://s.test/abc' })).toBeNull();
    expect(await handlers.finalUrl({ url: 'https://example.com/', utm: { term: 'a\u0000b' } })).toBeNull();
  });
});
