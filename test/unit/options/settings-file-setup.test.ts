/** Templates and site rules in the settings file (issue 25): exported, imported, and a hostile file refused or bounded. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createProfileHandlers } from '../../../lib/background/settings/profiles';
import { parseSettingsText } from '../../../lib/options/settings-file';
import { getLinkSetup, setLinkSetup } from '../../../lib/site-rules/link-setup';
import { getProfileSet, storeProfile } from '../../../lib/storage/settings';
import { EMPTY_UTM } from '../../../lib/campaign/utm';

const A = { id: 'a', name: 'Work', baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_a', workspaceId: 'alpha' };
const newsletter = { name: 'Newsletter', utm: { ...EMPTY_UTM, source: 'newsletter', medium: 'email' } };

function fileWith(profile: Record<string, unknown>) {
  return JSON.stringify({
    format: 'shortlink-settings',
    version: 1,
    profiles: [{ name: 'Work', baseUrl: A.baseUrl, workspaceId: 'alpha', ...profile }],
    preferences: {},
  });
}

function handlers() {
  return createProfileHandlers({ queue: { list: vi.fn(async () => []), remove: vi.fn(async () => undefined) }, onChanged: vi.fn() });
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('templates and rules in the settings file', () => {
  it('exports them with the profile (a rule names its template), and imports them back under new ids', async () => {
    await storeProfile(A, true);
    await setLinkSetup('a', {
      templates: [{ id: 't1', ...newsletter }],
      rules: [{ id: 'r1', pattern: '*.acme.dev', domain: 'go.acme.dev', tags: ['acme'], templateId: 't1', clean: false }],
    });
    const exported = await handlers().exportSettings();
    expect(exported.profiles[0]).toMatchObject({
      templates: [newsletter],
      rules: [{ pattern: '*.acme.dev', domain: 'go.acme.dev', tags: ['acme'], template: 'Newsletter', clean: false }],
    });

    fakeBrowser.reset();
    await storeProfile(A, true);
    const verdict = parseSettingsText(JSON.stringify(exported));
    if (!verdict.ok) throw new Error(`refused: ${verdict.problem}`);
    expect(await handlers().importSettings(verdict.file)).toMatchObject({ ok: true });
    const setup = await getLinkSetup((await getProfileSet()).profiles[0]!.id);
    expect(setup.templates).toMatchObject([newsletter]);
    expect(setup.rules).toMatchObject([{ pattern: '*.acme.dev', domain: 'go.acme.dev', tags: ['acme'], templateId: setup.templates[0]!.id, clean: false }]);
  });

  it('refuses regex-like or huge patterns, thousands of rules, and rules naming an unknown template', () => {
    const refused = (profile: Record<string, unknown>) => parseSettingsText(fileWith(profile));
    expect(refused({ rules: [{ pattern: '(a+)+$', clean: true }] })).toEqual({ ok: false, problem: 'rule-invalid', name: 'Work' });
    expect(refused({ rules: [{ pattern: '*.*.acme.dev', clean: true }] })).toEqual({ ok: false, problem: 'rule-invalid', name: 'Work' });
    expect(refused({ rules: [{ pattern: `${'a'.repeat(100_000)}.dev`, clean: true }] })).toMatchObject({ ok: false, problem: 'bad-format' });
    const many = Array.from({ length: 5000 }, (_, i) => ({ pattern: `s${i}.acme.dev`, clean: true }));
    expect(refused({ rules: many })).toMatchObject({ ok: false, problem: 'bad-format' });
    expect(refused({ rules: [{ pattern: 'acme.dev', template: 'Nope' }] })).toEqual({ ok: false, problem: 'rule-invalid', name: 'Work' });
    expect(refused({ templates: [newsletter, newsletter] })).toEqual({ ok: false, problem: 'template-invalid', name: 'Work' });
  });

  it('the background refuses a bad rule too, applying nothing', async () => {
    await storeProfile(A, true);
    const before = await getProfileSet();
    const file = JSON.parse(fileWith({ rules: [{ pattern: 'acme.*', clean: true }] }));
    expect(await handlers().importSettings(file)).toEqual({ ok: false, problem: 'rule-invalid', index: 0 });
    expect(await getProfileSet()).toEqual(before);
    expect(await getLinkSetup('a')).toEqual({ templates: [], rules: [] });
  });
});
