import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSettingsMemo } from '../../../lib/background/settings/settings-memo';
import { deleteProfile, setPreferences, storeProfile } from '../../../lib/storage/settings';

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const alpha = { id: 'p-alpha', name: 'Alpha', baseUrl: 'http://a.test/api', token: 'tok_alpha', workspaceId: 'alpha' };
const beta = { id: 'p-beta', name: 'Beta', baseUrl: 'http://b.test/api', token: 'tok_beta', workspaceId: 'beta' };

/** Until the storage change event has reached the memo. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('never became true');
}

describe('settings memo', () => {
  it('reads storage once for every connection the background asks for, active or not', async () => {
    await storeProfile(alpha, true);
    await storeProfile(beta, false);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const settings = createSettingsMemo();
    expect(await settings.getConnection()).toEqual({ baseUrl: alpha.baseUrl, token: alpha.token, workspaceId: 'alpha', profileId: 'p-alpha' });
    const reads = get.mock.calls.length;
    expect(reads).toBeGreaterThan(0);
    for (let i = 0; i < 5; i += 1) {
      expect((await settings.getProfileConnection('p-beta'))?.token).toBe('tok_beta');
      expect((await settings.getConnection()).token).toBe('tok_alpha');
    }
    expect(await settings.getProfileConnection('p-gone')).toBeNull();
    expect(get.mock.calls.length).toBe(reads);
  });

  it('follows a change made elsewhere: a new token, a switch, a deleted profile', async () => {
    await storeProfile(alpha, true);
    await storeProfile(beta, false);
    const settings = createSettingsMemo();
    expect((await settings.getProfileConnection('p-beta'))?.token).toBe('tok_beta');
    await storeProfile({ ...beta, token: 'tok_beta_fixed' }, true);
    await eventually(async () => (await settings.getProfileConnection('p-beta'))?.token === 'tok_beta_fixed');
    expect((await settings.getConnection()).profileId).toBe('p-beta');
    await deleteProfile('p-alpha');
    await eventually(async () => (await settings.getProfileConnection('p-alpha')) === null);
  });

  it('invalidate() forgets at once: the next calls read storage again, without waiting for a change event', async () => {
    await storeProfile(alpha, true);
    await setPreferences({ autoShorten: false });
    // The writes' change events are delivered: none arrives after this point.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const settings = createSettingsMemo();
    await settings.getConnection();
    await settings.getPreferences();
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    await settings.getConnection();
    await settings.getPreferences();
    expect(get).not.toHaveBeenCalled();
    settings.invalidate();
    expect((await settings.getConnection()).token).toBe('tok_alpha');
    expect((await settings.getPreferences()).autoShorten).toBe(false);
    expect(get.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('a failed read is not kept: the next call reads again', async () => {
    await storeProfile(alpha, true);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    get.mockRejectedValueOnce(new Error('storage unavailable'));
    const settings = createSettingsMemo();
    await expect(settings.getConnection()).rejects.toThrow('storage unavailable');
    expect((await settings.getConnection()).token).toBe('tok_alpha');
  });
});
