import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  SETTINGS_DEFAULTS,
  connectionItem,
  getConnection,
  getPreferences,
  isConfigured,
  preferencesItem,
  saveConnection,
  setPreferences,
  validateConnection,
} from '../../lib/settings';

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
      (value as { token: string }).token = 'x';
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
    expect(await getConnection()).toEqual({ baseUrl: 'http://example.com/api', token: 'tok', workspaceId: 'demo' });
  });
});

describe('validateConnection', () => {
  it.each([
    [{}, {}],
    [{ baseUrl: '' }, { baseUrl: 'Enter the base URL' }],
    [{ baseUrl: 'example.com/api' }, { baseUrl: 'must be a full address' }],
    [{ baseUrl: '/api' }, { baseUrl: 'must be a full address' }],
    [{ baseUrl: 'ftp://example.com/api' }, { baseUrl: 'must start with http:// or https://' }],
    [{ baseUrl: 'javascript:alert(1)' }, { baseUrl: 'must start with http:// or https://' }],
    [{ baseUrl: 'https://user:pw@example.com/api' }, { baseUrl: 'user name or password' }],
    [{ baseUrl: 'https://example.com/api?x=1' }, { baseUrl: 'cannot contain "?" or "#"' }],
    [{ token: '' }, { token: 'Enter the token' }],
    [{ token: '   ' }, { token: 'Enter the token' }],
    [{ token: 'two words' }, { token: 'cannot contain spaces' }],
    [{ token: 'a\tb' }, { token: 'cannot contain spaces' }],
    [{ workspaceId: '' }, { workspaceId: 'Enter the workspace id' }],
    [{ workspaceId: 'a b' }, { workspaceId: 'may contain only letters' }],
    [{ workspaceId: 'x'.repeat(101) }, { workspaceId: 'at most 100 characters' }],
    [{ baseUrl: 'nope', token: '', workspaceId: '/' }, { baseUrl: 'full address', token: 'Enter the token', workspaceId: 'may contain only' }],
  ])('%j → %j', (change, expected) => {
    const verdict = validateConnection({ ...good, ...change });
    if (Object.keys(expected).length === 0) {
      expect(verdict.ok).toBe(true);
      return;
    }
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(Object.keys(verdict.errors).sort()).toEqual(Object.keys(expected).sort());
    for (const [field, text] of Object.entries(expected)) {
      expect(verdict.errors[field as keyof typeof verdict.errors]).toContain(text);
    }
  });

  it('accepts https with a port and a deeper path', () => {
    expect(validateConnection({ ...good, baseUrl: 'https://short.example.com:8443/v1/api/' })).toEqual({
      ok: true,
      value: { ...good, baseUrl: 'https://short.example.com:8443/v1/api' },
    });
  });

  it('never echoes the token in a message', () => {
    const verdict = validateConnection({ ...good, token: 'secret value' });
    expect(JSON.stringify(verdict)).not.toContain('secret');
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
