/** The options page's form problems, status lines and load failures in the user's words (lib/options/options-text.ts). */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { NO_HOST_PERMISSION } from '../../../lib/i18n/describe-error';
import {
  codeProblemText,
  codeStatusText,
  connectionCodeHintParts,
  connectionStatusText,
  draftProblemsText,
  loadErrorText,
  prefsStatusText,
} from '../../../lib/options/options-text';
import { tagErrorText } from '../../../lib/tags/tags-text';
import type { ErrorView } from '../../../lib/messaging/send-message';
import { useCatalogue } from '../fixtures/catalogue';

beforeEach(() => {
  fakeBrowser.reset();
  useCatalogue();
});

describe('codeProblemText', () => {
  const ADDRESS = 'https://sho.rt/api';

  it.each([
    ['empty', /^Paste the connection code here first\.$/],
    ['not-a-code', /^This is not a Shortlink connection code .*another kind of service/],
    ['damaged', /incomplete or changed: it was probably cut short.*Copy the whole code again/],
    ['bad-address', /not a web address \(http or https\)/],
    ['bad-parts', /token or workspace in this code cannot be used/],
  ] as const)('says what is wrong with a code that cannot be read: %s', (problem, words) => {
    expect(codeProblemText({ kind: 'code', problem })).toMatch(words);
  });

  it('says which part the service refused, and that a new code is the fix', () => {
    const refused = (problem: Parameters<typeof codeProblemText>[0] & { kind: 'service' }) => codeProblemText(problem);
    expect(refused({ kind: 'service', problem: 'service-refused-token', address: ADDRESS })).toBe(
      'Your service refused the token in this code: it may have been revoked or have expired. Make a new code with its token command.',
    );
    expect(refused({ kind: 'service', problem: 'service-workspace-not-granted', address: ADDRESS })).toMatch(/doesn't give access to its workspace/);
    expect(refused({ kind: 'service', problem: 'service-unreachable', address: ADDRESS })).toMatch(/^Could not reach the service at https:\/\/sho\.rt\/api, the address in this code\./);
    expect(refused({ kind: 'service', problem: 'service-timeout', address: ADDRESS })).toMatch(/^The service at https:\/\/sho\.rt\/api, .* did not answer in time/);
    expect(refused({ kind: 'service', problem: 'service-not-api', address: ADDRESS })).toMatch(/not like a Shortlink service/);
    expect(refused({ kind: 'service', problem: 'service-error', address: ADDRESS, message: 'archived' })).toBe('The service refused this: archived');
  });

  it("says the code's one field is marked, however many fields it filled", () => {
    expect(codeStatusText({ kind: 'fix-fields', count: 2 })).toEqual({ tone: 'error', text: 'Nothing was saved: see the field marked in red.' });
    expect(codeStatusText({ kind: 'saving' })).toEqual(connectionStatusText({ kind: 'saving' }));
  });

  it('puts the two commands of the hint where the message says', () => {
    expect(connectionCodeHintParts()).toEqual(['Your service prints it when you make a token: ', ' (or ', ' in its folder). It holds the token: keep it secret.']);
  });
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
      baseUrl: 'The service refused this: workspace is archived',
    });
  });
});

describe('connectionStatusText', () => {
  it('counts the fields to check, in the count\'s plural form', () => {
    expect(connectionStatusText({ kind: 'fix-fields', count: 1 })).toEqual({ tone: 'error', text: 'Check the field marked in red.' });
    expect(connectionStatusText({ kind: 'fix-fields', count: 3 })).toEqual({ tone: 'error', text: 'Check the 3 fields marked in red.' });
  });

  it("leaves the service's reason to its field: the line says only that nothing was saved", () => {
    const text = connectionStatusText({ kind: 'check-failed', problem: 'service-unreachable' }).text;
    expect(text).toBe('Nothing was saved: see the field marked in red.');
    expect(draftProblemsText({ baseUrl: 'service-unreachable' }).baseUrl).toMatch(/^Could not reach the service/);
  });
});

describe('prefsStatusText', () => {
  it.each([
    [null, null],
    ['saving' as const, { tone: 'progress', text: 'Saving…' }],
    ['saved' as const, { tone: 'ok', text: 'Saved.' }],
    ['failed' as const, { tone: 'error', text: 'Your change could not be saved.' }],
  ])('%s', (status, text) => {
    expect(prefsStatusText(status)).toEqual(text);
  });
});

describe('loadErrorText: a section that could not load, said to someone already in settings', () => {
  const error = (over: Partial<ErrorView>): ErrorView => ({ kind: 'internal', message: '', ...over });

  it.each([
    [error({ kind: 'network' }), { what: "Can't reach links.example.com.", fixConnection: false }],
    [error({ kind: 'unauthorized' }), { what: 'links.example.com refused the API token.', todo: 'Fix the token under Connection and save.', fixConnection: true }],
    [error({ kind: 'network', code: NO_HOST_PERMISSION }), { todo: 'Press Save under Connection, then allow access.', fixConnection: true }],
    [error({ kind: 'service', code: 'WORKSPACE_NOT_GRANTED', message: 'x' }), { todo: 'Fix the workspace ID under Connection and save.', fixConnection: true }],
    [error({ kind: 'invalid-response' }), { fixConnection: true }],
  ])('%o', (view, expected) => {
    expect(loadErrorText(view, 'links.example.com')).toMatchObject(expected);
  });

  it('never sends someone in settings to "settings"', () => {
    for (const kind of ['network', 'unauthorized', 'invalid-response', 'timeout'] as const) {
      const text = loadErrorText(error({ kind }), 'h');
      expect(`${text.what} ${text.todo}`).not.toMatch(/in settings|open settings/i);
    }
  });

  it('a tag not created in the options page is worded the same way, the service by its host', () => {
    const text = tagErrorText(error({ kind: 'unauthorized' }), (e) => loadErrorText(e, 'links.example.com'));
    expect(text).toBe('links.example.com refused the API token. Fix the token under Connection and save.');
    // The popup keeps the general words, which lead to the settings.
    expect(tagErrorText(error({ kind: 'unauthorized' }))).toMatch(/in settings/);
  });
});

describe('the settings file and typed names, in words', () => {
  it('names a profile added beside one of the same name, and why', async () => {
    const { fileStatusText } = await import('../../../lib/options/profiles-text');
    expect(fileStatusText({ kind: 'imported', renamed: [{ from: 'Work', to: 'Work (2)' }] }).text).toBe(
      'Imported. Profiles marked “Token needed” ask for their token before use. “Work (2)” was added next to your profile “Work”: it uses another service or workspace, and importing never changes a profile you have.',
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
