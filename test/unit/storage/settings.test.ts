import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SETTINGS_DEFAULTS } from '../../../lib/storage/keys';
import {
  connectionItem,
  getConnection,
  getPreferences,
  isConfigured,
  preferencesItem,
  saveConnection,
  setPreferences,
} from '../../../lib/storage/settings';

beforeEach(() => {
  fakeBrowser.reset();
});

const good = { baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_abc123', workspaceId: 'demo' };

describe('defaults', () => {
  it('an empty store reads as the defaults', async () => {
    expect(await getConnection()).toEqual({ baseUrl: '', token: '', workspaceId: '' });
    expect(await getPreferences()).toEqual({
      autoShorten: true,
      copyToClipboard: true,
      keywordType: 'HASH',
      defaultDomain: null,
      notifyQueued: true,
      defaultTags: [],
      theme: 'system',
      cleanLinks: true,
      samePageIgnoresCampaign: false,
    });
    expect(await preferencesItem.getValue()).toEqual(SETTINGS_DEFAULTS.preferences);
  });

  it('a stored value missing a newer field still reads with that field', async () => {
    await fakeBrowser.storage.local.set({ preferences: { autoShorten: false } });
    expect(await getPreferences()).toMatchObject({ autoShorten: false, copyToClipboard: true, notifyQueued: true });
  });

  it('setPreferences changes only what it is given', async () => {
    await setPreferences({ keywordType: 'CUSTOM' });
    await setPreferences({ defaultDomain: 'go.example.com' });
    expect(await getPreferences()).toMatchObject({ keywordType: 'CUSTOM', defaultDomain: 'go.example.com', autoShorten: true });
  });

  it('the fallback objects cannot be mutated by accident', async () => {
    const value = await connectionItem.getValue();
    expect(() => {
      value.activeId = 'x';
    }).toThrow(TypeError);
    expect(() => {
      value.profiles.push({ id: 'x', name: 'x', baseUrl: '', token: '', workspaceId: '' });
    }).toThrow(TypeError);
  });
});

describe('the token stays local', () => {
  it('is written to storage.local and never to storage.sync', async () => {
    const verdict = await saveConnection(good);
    expect(verdict.ok).toBe(true);
    const local = await fakeBrowser.storage.local.get(null);
    const sync = await fakeBrowser.storage.sync.get(null);
    expect(JSON.stringify(local)).toContain('tok_abc123');
    expect(JSON.stringify(sync)).not.toContain('tok_abc123');
    expect(Object.keys(sync)).toHaveLength(0);
    await setPreferences({ autoShorten: false });
    expect(Object.keys(await fakeBrowser.storage.sync.get(null))).toHaveLength(0);
  });

  it('an invalid connection is not saved', async () => {
    const verdict = await saveConnection({ ...good, token: 'has space' });
    expect(verdict.ok).toBe(false);
    expect((await getConnection()).token).toBe('');
  });

  it('saves the normalised value', async () => {
    await saveConnection({ baseUrl: ' HTTP://Example.COM/api/// ', token: ' tok \n', workspaceId: ' demo ' });
    expect(await getConnection()).toEqual({ baseUrl: 'http://example.com/api', token: 'tok', workspaceId: 'demo', profileId: 'profile-1' });
  });
});

describe('isConfigured', () => {
  it.each([
    [good, true],
    [SETTINGS_DEFAULTS.connection, false],
    [{ ...good, token: '' }, false],
    [{ ...good, baseUrl: 'not a url' }, false],
  ])('%j → %s', (conn, expected) => {
    expect(isConfigured(conn)).toBe(expected);
  });
});
