/**
 * The settings file: export holds no token; import is checked before it is
 * sent (lib/options/settings-file.ts) and again in the background, and applies all of
 * it or nothing (lib/background/profiles.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createProfileHandlers } from '../../../lib/background/profiles';
import type { QueueItem } from '../../../lib/queue/types';
import { readSettingsFile, SETTINGS_FILE_MAX_CHARS } from '../../../lib/options/settings-file';
import { getPreferences, getProfileSet, setPreferences, storeProfile } from '../../../lib/storage/settings';

const A = { id: 'a', name: 'Work', baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_a', workspaceId: 'alpha' };
const B = { id: 'b', name: 'Home', baseUrl: 'https://sho.rt/api', token: 'tok_b', workspaceId: 'beta' };
const file = (over: Record<string, unknown> = {}) => ({
  format: 'shortlink-settings',
  version: 1,
  active: 'Home',
  profiles: [
    { name: 'Work', baseUrl: A.baseUrl, workspaceId: 'alpha' },
    { name: 'Home', baseUrl: B.baseUrl, workspaceId: 'beta' },
  ],
  preferences: { autoShorten: false, theme: 'dark' },
  ...over,
});

beforeEach(() => {
  fakeBrowser.reset();
});

function handlers(items: QueueItem[] = []) {
  const queue = { list: vi.fn(async () => items), remove: vi.fn(async () => undefined) };
  const onChanged = vi.fn();
  return { h: createProfileHandlers({ queue, onChanged }), queue, onChanged };
}

describe('reading a chosen file', () => {
  it.each([
    ['not JSON', '{"format": ', { ok: false, problem: 'not-json' }],
    ['another format', JSON.stringify(file({ format: 'bookmarks' })), { ok: false, problem: 'bad-format', at: 'format' }],
    ['a newer version', JSON.stringify(file({ version: 2 })), { ok: false, problem: 'bad-format', at: 'version' }],
    ['a profile without a name', JSON.stringify(file({ profiles: [{ name: ' ', baseUrl: A.baseUrl, workspaceId: 'a' }] })), { ok: false, problem: 'bad-format', at: 'profiles.0.name' }],
    ['a bad theme', JSON.stringify(file({ preferences: { theme: 'pink' } })), { ok: false, problem: 'bad-format', at: 'preferences.theme' }],
    [
      'two profiles of one name',
      JSON.stringify(file({ profiles: [{ name: 'A', baseUrl: A.baseUrl, workspaceId: 'a' }, { name: ' a', baseUrl: A.baseUrl, workspaceId: 'b' }] })),
      { ok: false, problem: 'duplicate-name', name: 'a' },
    ],
    ['a base URL that is not http(s)', JSON.stringify(file({ profiles: [{ name: 'X', baseUrl: 'javascript:alert(1)', workspaceId: 'a' }] })), { ok: false, problem: 'base-url-invalid', name: 'X' }],
    ['a huge file', ' '.repeat(SETTINGS_FILE_MAX_CHARS + 1), { ok: false, problem: 'too-big' }],
  ])('refuses %s, saying why', (_what, text, verdict) => {
    expect(readSettingsFile(text)).toEqual(verdict);
  });

  it('accepts an exported file, ignoring keys it does not know', () => {
    const verdict = readSettingsFile(JSON.stringify({ ...file(), extra: 1, preferences: { theme: 'dark', later: true } }));
    expect(verdict).toMatchObject({ ok: true, file: { profiles: [{ name: 'Work' }, { name: 'Home' }], preferences: { theme: 'dark' } } });
  });
});

describe('export and import', () => {
  it('exports profiles without tokens, and the preferences', async () => {
    await storeProfile(A, true);
    await storeProfile(B, false);
    await setPreferences({ theme: 'light' });
    const exported = await handlers().h.exportSettings();
    expect(JSON.stringify(exported)).not.toMatch(/tok_/);
    expect(exported).toMatchObject({ format: 'shortlink-settings', version: 1, active: 'Work', preferences: { theme: 'light' } });
    expect(exported.profiles).toEqual([
      { name: 'Work', baseUrl: A.baseUrl, workspaceId: 'alpha' },
      { name: 'Home', baseUrl: B.baseUrl, workspaceId: 'beta' },
    ]);
    expect(readSettingsFile(JSON.stringify(exported))).toMatchObject({ ok: true });
  });

  it('imports: a known profile keeps its token, a new one waits for its token; preferences applied', async () => {
    await storeProfile(A, true);
    const verdict = readSettingsFile(JSON.stringify(file()));
    if (!verdict.ok) throw new Error('file refused');
    const answer = await handlers().h.importSettings(verdict.file);
    const set = await getProfileSet();
    const home = set.profiles.find((p) => p.name === 'Home');
    expect(answer).toEqual({ ok: true, needToken: [home?.id] });
    expect(set.profiles.find((p) => p.name === 'Work')).toEqual(A);
    expect(home).toMatchObject({ baseUrl: B.baseUrl, workspaceId: 'beta', token: '' });
    expect(set.activeId).toBe(home?.id);
    expect(await getPreferences()).toMatchObject({ autoShorten: false, theme: 'dark', copyToClipboard: true });
  });

  it('a bad entry applies nothing: profiles and preferences stay as they were', async () => {
    await storeProfile(A, true);
    const before = await getProfileSet();
    const bad = { ...file(), profiles: [{ name: 'New', baseUrl: B.baseUrl, workspaceId: 'ok' }, { name: 'Bad', baseUrl: 'ftp://x/api', workspaceId: 'w' }] };
    const { h, onChanged } = handlers();
    expect(await h.importSettings(bad as Parameters<typeof h.importSettings>[0])).toEqual({ ok: false, problem: 'base-url-invalid', index: 1 });
    expect(await getProfileSet()).toEqual(before);
    expect((await getPreferences()).theme).toBe('system');
    expect(onChanged).not.toHaveBeenCalled();
  });
});

describe('deleting a profile with waiting items', () => {
  const waiting = { id: 'q1', profile: { id: 'a', baseUrl: A.baseUrl, workspaceId: 'alpha' } } as QueueItem;
  const other = { id: 'q2', profile: { id: 'b', baseUrl: B.baseUrl, workspaceId: 'beta' } } as QueueItem;

  it('asks first (nothing deleted), then deletes the profile and discards only its items', async () => {
    await storeProfile(A, true);
    await storeProfile(B, false);
    const { h, queue } = handlers([waiting, other]);
    expect(await h.deleteProfile({ id: 'a', discardQueued: false })).toEqual({ ok: false, queued: 1 });
    expect((await getProfileSet()).profiles).toHaveLength(2);
    expect(queue.remove).not.toHaveBeenCalled();
    expect(await h.deleteProfile({ id: 'a', discardQueued: true })).toEqual({ ok: true, discarded: 1 });
    expect(await getProfileSet()).toEqual({ activeId: 'b', profiles: [B] });
    expect(queue.remove.mock.calls).toEqual([['q1']]);
  });
});
