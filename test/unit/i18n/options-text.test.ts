/** The options page's form problems and Save lines in the user's words (lib/i18n/options-text.ts). */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { draftProblemsText, prefsStatusText } from '../../../lib/i18n/options-text';
import { useCatalogue } from '../fixtures/catalogue';

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

describe('draftProblemsText', () => {
  it('words each bad field, and only those', () => {
    expect(draftProblemsText({ token: 'token-empty', name: 'name-taken' })).toEqual({
      token: 'Fill in this field.',
      name: expect.stringMatching(/\S/),
    });
    expect(draftProblemsText({})).toEqual({});
  });

  it("puts the service's own words in its error", () => {
    expect(draftProblemsText({ baseUrl: 'service-error' }, 'workspace is archived')).toEqual({
      baseUrl: 'The service answered with an error: workspace is archived',
    });
  });
});

describe('prefsStatusText', () => {
  it.each([
    [null, null],
    ['saved' as const, { tone: 'ok', text: 'Saved.' }],
    ['failed' as const, { tone: 'error', text: 'Something went wrong inside the extension.' }],
  ])('%s', (status, text) => {
    expect(prefsStatusText(status)).toEqual(text);
  });
});

describe('the settings file and typed names, in words', () => {
  it('names a profile added beside one of the same name, and why', async () => {
    const { fileStatusText } = await import('../../../lib/i18n/profiles-text');
    expect(fileStatusText({ kind: 'imported', renamed: [{ from: 'Work', to: 'Work (2)' }] }).text).toBe(
      'Imported. Profiles marked “Token needed” ask for their token before use. “Work (2)” was added beside your profile “Work”: it points to another service or workspace, and an import never changes a profile you have.',
    );
    expect(fileStatusText({ kind: 'refused', verdict: { ok: false, problem: 'default-domain-invalid' } })).toEqual({
      tone: 'error',
      text: 'The default domain in the file is not a domain name. Nothing was imported.',
    });
  });

  it('says what is wrong with a name holding hidden characters', () => {
    expect(draftProblemsText({ name: 'name-characters' }).name).toBe(
      'Use only visible characters: no tabs, line breaks, invisible spaces or text-direction marks.',
    );
  });
});
