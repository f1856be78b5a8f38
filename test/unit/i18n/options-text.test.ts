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
