import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AnswerOf, QueueStatus, SettingsView } from '../../../lib/messaging/send-message';
import { createOptionsPage } from '../../../lib/options/page';
import type { OptionsModel } from '../../../lib/options/controller';
import { publishStatus } from '../../../lib/queue/status';
import { fakeSend, settled, type Answers } from '../fixtures/fake-send';

const A = { id: 'a', name: 'Work', baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_a', workspaceId: 'alpha' };
const B = { id: 'b', name: 'Home', baseUrl: 'https://sho.rt/api', token: 'tok_b', workspaceId: 'beta' };
const prefs = { autoShorten: true, copyToClipboard: true, keywordType: 'HASH' as const, defaultDomain: '', notifyQueued: true, theme: 'dark' as const, defaultTags: [] };
const settings: SettingsView = { connection: null, preferences: prefs };
const emptyQueue: QueueStatus = { items: [], pausedForAuth: false };
const file = { format: 'shortlink-settings', version: 1, profiles: [{ name: 'Home', baseUrl: B.baseUrl, workspaceId: 'beta' }], preferences: {} };

function page(answers: Answers = {}) {
  let list: AnswerOf<'profiles'> = { activeId: 'a', profiles: [A] };
  const fake = fakeSend({
    profiles: async () => list,
    getSettings: async () => settings,
    queueStatus: async () => emptyQueue,
    listTags: async () => ({ status: 'done', tags: ['news'] }),
    ...answers,
  });
  let options: OptionsModel | undefined;
  const onPrefs = vi.fn();
  const p = createOptionsPage({
    send: fake.send,
    requestPermission: async () => true,
    download: vi.fn(),
    onPrefs,
    onOptions: (m) => (options = m),
    onProfiles: () => undefined,
    onTags: () => undefined,
  });
  const count = (name: string) => fake.names().filter((n) => n === name).length;
  return { p, fake, onPrefs, count, options: () => options, setList: (l: AnswerOf<'profiles'>) => (list = l) };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('options page: its sections together', () => {
  it('start loads every section and shows the active profile in the form', async () => {
    const t = page();
    t.p.start();
    await settled();
    expect(t.fake.names().sort()).toEqual(['getSettings', 'listTags', 'profiles', 'queueStatus']);
    expect(t.options()).toMatchObject({ editingId: 'a', connection: { name: 'Work', workspaceId: 'alpha' }, prefs, queue: emptyQueue });
    expect(t.onPrefs).toHaveBeenCalledWith(prefs);
    expect(t.p.tags.model().list).toEqual({ state: 'ready', names: ['news'] });
  });

  it("follows the background's queue summary in storage until stopped", async () => {
    const t = page();
    const stop = t.p.start();
    await settled();
    await publishStatus({ pending: 1, paused: 0, failed: 0, nextAttemptAt: 5, changedAt: 5 });
    await vi.waitFor(() => expect(t.count('queueStatus')).toBe(2));
    stop();
    await publishStatus({ pending: 0, paused: 0, failed: 0, nextAttemptAt: null, changedAt: 6 });
    await settled();
    expect(t.count('queueStatus')).toBe(2);
  });

  it('a saved profile reloads the list and the tags; one refused reloads neither', async () => {
    let ok = true;
    const t = page({ saveProfile: async () => (ok ? { ok: true, id: 'a' } : { ok: false, problems: { token: 'service-refused-token' } }) });
    t.p.start();
    await settled();
    t.p.options.edit({ ...A, token: 'tok_new' });
    await t.p.save();
    await settled();
    expect([t.count('profiles'), t.count('listTags')]).toEqual([2, 2]);
    ok = false;
    t.p.options.edit({ ...A, token: 'tok_bad' });
    await t.p.save();
    await settled();
    expect([t.count('profiles'), t.count('listTags')]).toEqual([2, 2]);
  });

  it('an imported file reloads the defaults and shows its profile that needs a token', async () => {
    const t = page({ importSettings: async () => ({ ok: true, needToken: ['b'], renamed: [] }) });
    t.p.start();
    await settled();
    t.setList({ activeId: 'a', profiles: [A, { ...B, token: '' }] });
    await t.p.profiles.importFile(new Blob([JSON.stringify(file)]));
    await settled();
    expect(t.count('getSettings')).toBe(2);
    expect(t.options()).toMatchObject({ editingId: 'b', problems: { token: 'token-empty' } });
  });
});
