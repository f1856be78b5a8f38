/**
 * Profiles: the version 1 -> 2 migration from the single connection, and the
 * rules a profile meets before it is stored (lib/storage/profiles.ts, lib/storage/settings.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { readProfileSet, validateProfile, type ProfileSet } from '../../../lib/storage/profiles';
import {
  CONNECTION_MIGRATIONS,
  CONNECTION_VERSION,
  deleteProfile,
  getConnection,
  getProfileConnection,
  getProfileSet,
  storeProfile,
  switchProfile,
} from '../../../lib/storage/settings';

beforeEach(() => {
  fakeBrowser.reset();
});

const single = { baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_abc', workspaceId: 'demo' };
const a = { id: 'a', name: 'Work', baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_a', workspaceId: 'alpha' };
const b = { id: 'b', name: 'Home', baseUrl: 'https://sho.rt/api', token: 'tok_b', workspaceId: 'beta' };

/** The item as the extension defines it, made after storage holds what an older version left. */
const connectionNow = () =>
  storage.defineItem<ProfileSet>('local:connection', {
    fallback: { activeId: '', profiles: [] },
    version: CONNECTION_VERSION,
    migrations: CONNECTION_MIGRATIONS,
  });

describe('migration from the single connection (version 1)', () => {
  it('a saved connection becomes the one active profile, token kept locally, version recorded', async () => {
    await fakeBrowser.storage.local.set({ connection: single, connection$: { v: 1 } });
    expect(await connectionNow().getValue()).toEqual({
      activeId: 'profile-1',
      profiles: [{ id: 'profile-1', name: 'demo', ...single }],
    });
    expect(await fakeBrowser.storage.local.get('connection$')).toEqual({ connection$: { v: 2 } });
    expect(await getConnection()).toEqual({ ...single, profileId: 'profile-1' });
  });

  it('an empty connection becomes no profile', async () => {
    await fakeBrowser.storage.local.set({ connection: { baseUrl: '', token: '', workspaceId: '' }, connection$: { v: 1 } });
    expect(await connectionNow().getValue()).toEqual({ activeId: '', profiles: [] });
  });

  it('a value already in the new shape is left alone', async () => {
    await fakeBrowser.storage.local.set({ connection: { activeId: 'b', profiles: [a, b] }, connection$: { v: 2 } });
    expect(await connectionNow().getValue()).toEqual({ activeId: 'b', profiles: [a, b] });
  });

  it('reads a raw old-shape write as one profile, and drops malformed entries of the new one', () => {
    expect(readProfileSet(single).profiles).toHaveLength(1);
    expect(readProfileSet({ activeId: 'gone', profiles: [a, { id: 3 }, b] })).toEqual({ activeId: 'a', profiles: [a, b] });
    expect(readProfileSet('nonsense')).toEqual({ activeId: '', profiles: [] });
  });
});

describe('profiles', () => {
  it('switching changes the active connection; another profile stays readable by id', async () => {
    await storeProfile(a, true);
    await storeProfile(b, false);
    expect((await getConnection()).workspaceId).toBe('alpha');
    expect(await switchProfile('b')).toBe(true);
    expect(await getConnection()).toEqual({ baseUrl: b.baseUrl, token: 'tok_b', workspaceId: 'beta', profileId: 'b' });
    expect(await getProfileConnection('a')).toEqual({ baseUrl: a.baseUrl, token: 'tok_a', workspaceId: 'alpha', profileId: 'a' });
    expect(await switchProfile('nope')).toBe(false);
  });

  it('deleting the active profile activates the next one; its token is gone from storage', async () => {
    await storeProfile(a, true);
    await storeProfile(b, false);
    await deleteProfile('a');
    expect(await getProfileSet()).toEqual({ activeId: 'b', profiles: [b] });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('tok_a');
  });

  const set: ProfileSet = { activeId: 'a', profiles: [a, b] };
  it.each([
    ['an empty name', { ...b, id: undefined, name: '  ' }, { name: 'name-empty' }],
    ['a duplicate name, whatever its case', { ...b, id: undefined, name: ' work ' }, { name: 'name-taken' }],
    ['an over-long name', { ...b, id: undefined, name: 'x'.repeat(61) }, { name: 'name-too-long' }],
    ['a base URL that is not http(s)', { ...b, id: undefined, name: 'New', baseUrl: 'ftp://x.test/api' }, { baseUrl: 'base-url-scheme' }],
    ['two bad fields at once', { ...b, id: undefined, name: '', token: '' }, { name: 'name-empty', token: 'token-empty' }],
  ])('refuses %s, naming each field', (_what, input, problems) => {
    expect(validateProfile(input, set, () => 'new')).toEqual({ ok: false, problems });
  });

  it('keeps a renamed profile its id and its own name is not a duplicate', () => {
    expect(validateProfile({ ...a, name: ' Work ' }, set, () => 'new')).toEqual({ ok: true, value: a });
    expect(validateProfile({ ...b, id: undefined, name: 'Other' }, set, () => 'new')).toEqual({ ok: true, value: { ...b, id: 'new', name: 'Other' } });
  });

  describe('typed names: one Unicode form, nothing hidden', () => {
    it.each([
      ['a zero-width space', 'Wo\u200brk'],
      ['a zero-width joiner', 'Team\u200dA'],
      ['a right-to-left override', 'Work \u202etxt.exe'],
      ['a left-to-right isolate', '\u2066Home'],
      ['a tab inside', 'Work\tHome'],
      ['DEL', 'Work\u007f'],
      ['an unpaired surrogate', 'Work \ud800'],
    ])('refuses %s', (_what, name) => {
      expect(validateProfile({ ...b, id: undefined, name }, set, () => 'new')).toEqual({ ok: false, problems: { name: 'name-characters' } });
    });

    it('stores a name in NFC, and two spellings of one name are the same name', () => {
      const decomposed = 'Cafe\u0301';
      expect(validateProfile({ ...b, id: undefined, name: decomposed }, set, () => 'new')).toEqual({ ok: true, value: { ...b, id: 'new', name: 'Caf\u00e9' } });
      const withCafe: ProfileSet = { activeId: 'a', profiles: [a, { ...b, name: 'Caf\u00e9' }] };
      expect(validateProfile({ ...b, id: undefined, name: decomposed }, withCafe, () => 'new')).toEqual({ ok: false, problems: { name: 'name-taken' } });
    });

    it('accepts letters of any script and emoji written as one character', () => {
      expect(validateProfile({ ...b, id: undefined, name: 'काम 🚀' }, set, () => 'new')).toMatchObject({ ok: true, value: { name: 'काम 🚀' } });
    });

    it('a name saved before this rule, kept unchanged, does not block fixing the profile', () => {
      const old = { ...a, name: 'Wo\u200brk' };
      const withOld: ProfileSet = { activeId: 'a', profiles: [old, b] };
      expect(validateProfile({ ...old, token: 'tok_fixed' }, withOld, () => 'new')).toEqual({ ok: true, value: { ...old, token: 'tok_fixed' } });
      expect(validateProfile({ ...old, name: 'Wo\u200brk 2' }, withOld, () => 'new')).toEqual({ ok: false, problems: { name: 'name-characters' } });
    });
  });
});

describe("caches keep each profile's workspace apart", () => {
  it("the side panel's analytics cache answers only for the profile's own scope", async () => {
    const { readCachedAnalytics, writeCachedAnalytics } = await import('../../../lib/storage/analytics-cache');
    const scopeA = { baseUrl: a.baseUrl, workspaceId: a.workspaceId };
    const scopeB = { baseUrl: b.baseUrl, workspaceId: b.workspaceId };
    await writeCachedAnalytics(scopeA, 'lnk_shared_id', { data: { from: 'A' }, fetchedAt: 1 });
    expect(await readCachedAnalytics(scopeA, 'lnk_shared_id')).toEqual({ data: { from: 'A' }, fetchedAt: 1 });
    expect(await readCachedAnalytics(scopeB, 'lnk_shared_id')).toBeNull();
  });
});
