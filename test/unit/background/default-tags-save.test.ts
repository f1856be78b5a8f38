import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { savePreferencesFromPage } from '../../../lib/background/settings/connection';
import { getPreferences } from '../../../lib/storage/settings';

const prefs = { autoShorten: true, copyToClipboard: true, keywordType: 'HASH' as const, defaultDomain: '', notifyQueued: true, theme: 'system' as const, cleanLinks: true, samePageIgnoresCampaign: false };

beforeEach(() => fakeBrowser.reset());

describe('saving default tags', () => {
  it('stores them trimmed and without repeats', async () => {
    await savePreferencesFromPage({ ...prefs, defaultTags: [' inbox', 'inbox ', 'mine'] });
    expect((await getPreferences()).defaultTags).toEqual(['inbox', 'mine']);
  });

  it.each([
    ['a tag over 50 characters', ['x'.repeat(51)]],
    ['a control character', ['two\nlines']],
    ['more than 50 tags', Array.from({ length: 51 }, (_, i) => `t${i}`)],
  ])('refuses %s and stores nothing', async (_what, defaultTags) => {
    await expect(savePreferencesFromPage({ ...prefs, autoShorten: false, defaultTags })).rejects.toThrow(/tag rules/);
    expect(await getPreferences()).toMatchObject({ autoShorten: true, defaultTags: [] });
  });

  it("keeps a tag ticked from the workspace's list as the service listed it, whatever it holds (issue 19, item 7)", async () => {
    const listed = ['sum\u200bmer', 'x'.repeat(60)];
    await savePreferencesFromPage({ ...prefs, defaultTags: [...listed, ' cafe\u0301'] }, listed);
    expect((await getPreferences()).defaultTags).toEqual([...listed, 'caf\u00e9']);
  });
});
