/**
 * The settings file: export holds no token; import is checked before it is
 * sent (lib/options/settings-file.ts) and again in the background, and applies all of
 * it or nothing (lib/background/settings/profiles.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createProfileHandlers } from '../../../lib/background/settings/profiles';
import type { QueueItem } from '../../../lib/queue/types';
import { parseSettingsText, readSettingsFile, SETTINGS_FILE_MAX_BYTES } from '../../../lib/options/settings-file';
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
    ['a profile name with a bidi override', JSON.stringify(file({ profiles: [{ name: 'Work\u202e', baseUrl: A.baseUrl, workspaceId: 'a' }] })), { ok: false, problem: 'name-invalid', name: 'Work\u202e' }],
    ['a default domain that is not a domain name', JSON.stringify(file({ preferences: { defaultDomain: ' EVIL.Example/<b> ' } })), { ok: false, problem: 'default-domain-invalid' }],
  ])('refuses %s, saying why', (_what, text, verdict) => {
    expect(parseSettingsText(text)).toEqual(verdict);
  });

  it('refuses a huge file by its size, without reading it', async () => {
    const text = vi.fn(async () => JSON.stringify(file()));
    expect(await readSettingsFile({ size: SETTINGS_FILE_MAX_BYTES + 1, text })).toEqual({ ok: false, problem: 'too-big' });
    expect(text).not.toHaveBeenCalled();
    expect(await readSettingsFile(new Blob([JSON.stringify(file())]))).toMatchObject({ ok: true });
  });

  it('accepts an exported file, ignoring keys it does not know', () => {
    const verdict = parseSettingsText(JSON.stringify({ ...file(), extra: 1, preferences: { theme: 'dark', later: true } }));
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
    expect(parseSettingsText(JSON.stringify(exported))).toMatchObject({ ok: true });
  });

  it('imports: a known profile keeps its token, a new one waits for its token; preferences applied', async () => {
    await storeProfile(A, true);
    const verdict = parseSettingsText(JSON.stringify(file()));
    if (!verdict.ok) throw new Error('file refused');
    const answer = await handlers().h.importSettings(verdict.file);
    const set = await getProfileSet();
    const home = set.profiles.find((p) => p.name === 'Home');
    expect(answer).toEqual({ ok: true, needToken: [home?.id], renamed: [] });
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

describe('an import never re-points a profile', () => {
  type File = Parameters<ReturnType<typeof handlers>['h']['importSettings']>[0];
  const imported = (over: Record<string, unknown>) => {
    const verdict = parseSettingsText(JSON.stringify(file(over)));
    if (!verdict.ok) throw new Error(`file refused: ${verdict.problem}`);
    return verdict.file as File;
  };

  it('a profile of the same name pointing elsewhere is added beside it, without a token and not active', async () => {
    await storeProfile(A, true);
    await storeProfile(B, false);
    const answer = await handlers().h.importSettings(imported({ active: ' WORK', profiles: [{ name: ' work ', baseUrl: 'https://evil.example/api', workspaceId: 'alpha' }] }));
    const set = await getProfileSet();
    const added = set.profiles.find((p) => p.baseUrl === 'https://evil.example/api');
    expect(set.profiles.slice(0, 2)).toEqual([A, B]);
    // The file's own spelling, trimmed, and a number.
    expect(added).toMatchObject({ name: 'work (2)', token: '', workspaceId: 'alpha' });
    expect(set.activeId).toBe('a');
    expect(answer).toEqual({ ok: true, needToken: [added?.id], renamed: [{ from: 'Work', to: 'work (2)' }] });
  });

  it('the same service with another workspace is another profile too', async () => {
    await storeProfile(A, true);
    await handlers().h.importSettings(imported({ active: undefined, profiles: [{ name: 'Work', baseUrl: A.baseUrl, workspaceId: 'other' }] }));
    const set = await getProfileSet();
    expect(set.profiles.map((p) => [p.name, p.workspaceId, p.token])).toEqual([
      ['Work', 'alpha', 'tok_a'],
      ['Work (2)', 'other', ''],
    ]);
  });

  it('re-importing its own export changes nothing, tokens included', async () => {
    await storeProfile(A, true);
    await storeProfile(B, false);
    const { h } = handlers();
    const before = await getProfileSet();
    const answer = await h.importSettings(await h.exportSettings());
    expect(answer).toEqual({ ok: true, needToken: [], renamed: [] });
    expect(await getProfileSet()).toEqual(before);
  });

  it('a new name clears both the stored names and the other names of the file', async () => {
    await storeProfile(A, true);
    await handlers().h.importSettings(
      imported({
        active: undefined,
        profiles: [
          { name: 'Work', baseUrl: 'https://one.example/api', workspaceId: 'w1' },
          { name: 'Work (2)', baseUrl: 'https://two.example/api', workspaceId: 'w2' },
          { name: 'x'.repeat(60), baseUrl: 'https://three.example/api', workspaceId: 'w3' },
        ],
      }),
    );
    await handlers().h.importSettings(imported({ active: undefined, profiles: [{ name: 'x'.repeat(60), baseUrl: 'https://four.example/api', workspaceId: 'w4' }] }));
    const names = (await getProfileSet()).profiles.map((p) => [p.name, new URL(p.baseUrl).host]);
    expect(names).toEqual([
      ['Work', '127.0.0.1:8787'],
      ['Work (3)', 'one.example'],
      ['Work (2)', 'two.example'],
      ['x'.repeat(60), 'three.example'],
      [`${'x'.repeat(56)} (2)`, 'four.example'],
    ]);
  });

  it('stores the default domain in its normal form, and refuses one that is not a domain name, applying nothing', async () => {
    await storeProfile(A, true);
    const { h } = handlers();
    await h.importSettings(imported({ preferences: { defaultDomain: ' Bücher.Example. ' } }));
    expect((await getPreferences()).defaultDomain).toBe('xn--bcher-kva.example');
    const before = await getProfileSet();
    const bad = { ...file(), preferences: { theme: 'dark', defaultDomain: ' EVIL.Example/<b> ' } } as File;
    expect(await h.importSettings(bad)).toEqual({ ok: false, problem: 'default-domain-invalid' });
    expect((await getPreferences()).defaultDomain).toBe('xn--bcher-kva.example');
    expect(await getProfileSet()).toEqual(before);
    await h.importSettings(imported({ preferences: { defaultDomain: '' } }));
    expect((await getPreferences()).defaultDomain).toBeNull();
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
