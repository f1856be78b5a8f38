import { beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeConnectionCode } from '../../../lib/contract/connection-code';
import type { QueueStatus, SettingsView } from '../../../lib/messaging/send-message';
import { createOptionsController, type OptionsModel } from '../../../lib/options/controller';
import { fakeSend, settled, type Answers } from '../fixtures/fake-send';
import { useCatalogue } from '../fixtures/catalogue';

// The suggested profile name is worded by the catalogue.
beforeEach(useCatalogue);

const good = { name: ' Work ', baseUrl: 'http://127.0.0.1:8787/api/', token: ' tok ', workspaceId: 'demo' };
const stored = { name: 'Work', baseUrl: 'http://127.0.0.1:8787/api', token: 'tok', workspaceId: 'demo' };
const home = { id: 'p2', name: 'Home', baseUrl: 'https://sho.rt/api', token: 't2', workspaceId: 'home' };
const prefs = { autoShorten: true, copyToClipboard: true, keywordType: 'HASH' as const, defaultDomain: '', notifyQueued: true, theme: 'system' as const, defaultTags: [] as string[], cleanLinks: true, samePageIgnoresCampaign: false };
const emptyQueue: QueueStatus = { items: [], pausedForAuth: false };
const settings = (connection: SettingsView['connection']): SettingsView => ({ connection, preferences: prefs });

function options(answers: Answers, granted: Promise<boolean> = Promise.resolve(true), known = [home]) {
  const fake = fakeSend({ queueStatus: async () => emptyQueue, ...answers });
  const requestPermission = vi.fn((_pattern: string) => granted);
  let queueChanged: () => void = () => undefined;
  const unwatch = vi.fn();
  const models: OptionsModel[] = [];
  const controller = createOptionsController({
    send: fake.send,
    requestPermission,
    watchQueue: (changed) => {
      queueChanged = changed;
      return unwatch;
    },
    onChange: (m) => models.push(m),
    profiles: () => ({ activeId: 'p1', profiles: known }),
    onSaved: vi.fn(),
  });
  return { controller, fake, requestPermission, unwatch, models, queueChanged: () => queueChanged(), model: () => controller.model() };
}

describe('options controller: load', () => {
  it('shows the profile it is given, the preferences and the queue; follows the queue until stopped', async () => {
    const o = options({ getSettings: async () => settings(null) });
    const stop = o.controller.start();
    o.controller.editProfile({ id: 'p1', ...stored });
    await settled();
    expect(o.model()).toMatchObject({ connection: stored, saved: stored, editingId: 'p1', prefs, queue: emptyQueue });
    expect(o.controller.unsaved()).toBe(false);
    o.queueChanged();
    expect(o.fake.names().filter((n) => n === 'queueStatus')).toHaveLength(2);
    stop();
    expect(o.unwatch).toHaveBeenCalledOnce();
  });

  it('a failed load says so', async () => {
    const o = options({ getSettings: () => Promise.reject(new Error('x')) });
    o.controller.start();
    await settled();
    expect(o.model().status).toEqual({ kind: 'internal' });
  });
});

describe('options controller: a connection code fills the profile', () => {
  it('fills the address, token and workspace, keeps the name, and saves nothing until Save', async () => {
    const o = options({});
    o.controller.editProfile({ id: 'p1', ...stored });
    o.controller.editCode(`${encodeConnectionCode({ apiBase: 'https://sho.rt/api', token: 'sl_0123456789abcdef', workspaceId: 'acme' })}\n`);
    expect(o.controller.fillFromCode()).toBe(true);
    expect(o.model()).toMatchObject({ connection: { name: 'Work', baseUrl: 'https://sho.rt/api', token: 'sl_0123456789abcdef', workspaceId: 'acme' }, code: '', codeProblem: null });
    expect(o.controller.unsaved()).toBe(true);
    expect(o.fake.names()).toEqual([]);
    expect(o.requestPermission).not.toHaveBeenCalled();
  });

  it('a code that cannot be read fills nothing and says why', () => {
    const o = options({});
    o.controller.editProfile({ id: 'p1', ...stored });
    o.controller.editCode('sk_live_51H8x2eZvKYlo2C0aBcDe');
    expect(o.controller.fillFromCode()).toBe(false);
    expect(o.model()).toMatchObject({ connection: stored, codeProblem: 'not-a-code', code: 'sk_live_51H8x2eZvKYlo2C0aBcDe' });
    // Another profile shown: the code and its problem go.
    o.controller.editProfile(null);
    expect(o.model()).toMatchObject({ code: '', codeProblem: null });
  });
});

describe('options controller: save', () => {
  it('asks for the host permission before anything is awaited (the click is the gesture), then saves the normalised value', async () => {
    const o = options({ saveProfile: async () => ({ ok: true, id: 'new-id' }) });
    o.controller.edit(good);
    const saving = o.controller.save();
    // Synchronously, within the click:
    expect(o.requestPermission).toHaveBeenCalledWith('http://127.0.0.1/*');
    expect(o.model().status).toEqual({ kind: 'saving' });
    expect(o.model().busy).toBe(true);
    await expect(saving).resolves.toBe(true);
    expect(o.fake.sent[0]).toEqual({ type: 'saveProfile', data: { ...stored, activate: false } });
    expect(o.model()).toMatchObject({ saved: stored, connection: stored, editingId: 'new-id', busy: false, status: { kind: 'saved' }, problems: {} });
  });

  it('bad fields are marked with codes and nothing is sent or asked', async () => {
    const o = options({});
    o.controller.edit({ name: ' home ', baseUrl: 'ftp://x.test/api', token: '', workspaceId: 'a b' });
    await expect(o.controller.save()).resolves.toBe(false);
    expect(o.model().problems).toEqual({ name: 'name-taken', baseUrl: 'base-url-scheme', token: 'token-empty', workspaceId: 'workspace-invalid' });
    expect(o.model().status).toEqual({ kind: 'fix-fields', count: 4 });
    expect(o.fake.sent).toEqual([]);
    expect(o.requestPermission).not.toHaveBeenCalled();
  });

  it("shows the background's field problems when it refuses", async () => {
    const o = options({ saveProfile: async () => ({ ok: false, problems: { workspaceId: 'workspace-invalid' } }) });
    o.controller.edit(good);
    await expect(o.controller.save()).resolves.toBe(false);
    expect(o.model()).toMatchObject({ problems: { workspaceId: 'workspace-invalid' }, status: { kind: 'fix-fields', count: 1 }, busy: false, saved: null });
  });

  it("the service's refusal found before saving is marked on its field and said in the status line", async () => {
    const o = options({ saveProfile: async () => ({ ok: false, problems: { baseUrl: 'service-unreachable' } }) });
    o.controller.edit(good);
    await expect(o.controller.save()).resolves.toBe(false);
    expect(o.model()).toMatchObject({
      problems: { baseUrl: 'service-unreachable' },
      status: { kind: 'check-failed', problem: 'service-unreachable' },
      saved: null,
    });
  });

  it('without the permission nothing is saved, and the status says which origin to allow', async () => {
    const o = options({ saveProfile: async () => ({ ok: true, id: 'x' }) }, Promise.resolve(false));
    o.controller.edit(good);
    await expect(o.controller.save()).resolves.toBe(false);
    expect(o.fake.names()).not.toContain('saveProfile');
    expect(o.model().status).toEqual({ kind: 'not-allowed', origin: 'http://127.0.0.1:8787' });
  });

  it('a profile left unnamed is named after its workspace and host, unique among the others', async () => {
    const o = options({ saveProfile: async () => ({ ok: true, id: 'n' }) }, Promise.resolve(true), [{ ...home, name: 'demo on 127.0.0.1' }]);
    o.controller.edit({ ...good, name: '  ' });
    await expect(o.controller.save()).resolves.toBe(true);
    expect(o.fake.sent[0]?.data).toMatchObject({ name: 'demo on 127.0.0.1 (2)' });
    // The form shows the name it got.
    expect(o.model().connection.name).toBe('demo on 127.0.0.1 (2)');
  });

  it('an edited profile keeps its id; the active one stays active', async () => {
    const o = options({ saveProfile: async () => ({ ok: true, id: 'p1' }) });
    o.controller.editProfile({ id: 'p1', ...stored });
    o.controller.edit({ ...stored, name: 'Office' });
    await o.controller.save();
    expect(o.fake.sent[0]).toEqual({ type: 'saveProfile', data: { id: 'p1', ...stored, name: 'Office', activate: true } });
  });

  it('a profile that came without its token asks for it', () => {
    const o = options({});
    o.controller.editProfile({ ...home, token: '' }, true);
    expect(o.model()).toMatchObject({ problems: { token: 'token-empty' }, status: { kind: 'enter-token', name: 'Home' }, editingId: 'p2' });
  });
});

describe('options controller: test connection and unsaved edits', () => {
  it('unsaved edits are saved first, so the test checks what is on screen', async () => {
    const o = options({
      getSettings: async () => settings(null),
      saveProfile: async () => ({ ok: true, id: 'p1' }),
      testConnection: async () => ({ ok: true, workspaceId: 'other', linkCount: 3 }),
    });
    o.controller.start();
    o.controller.editProfile({ id: 'p1', ...stored });
    await settled();
    o.controller.edit({ ...stored, workspaceId: 'other' });
    expect(o.controller.unsaved()).toBe(true);
    await o.controller.test();
    expect(o.fake.names().filter((n) => n === 'saveProfile' || n === 'testConnection')).toEqual(['saveProfile', 'testConnection']);
    expect(o.fake.sent.find((m) => m.type === 'testConnection')?.data).toEqual({ profileId: 'p1' });
    expect(o.model().status).toEqual({ kind: 'tested', answer: { ok: true, workspaceId: 'other', linkCount: 3 }, workspaceId: 'other' });
    expect(o.controller.unsaved()).toBe(false);
    expect(o.models.some((m) => m.status?.kind === 'testing' && m.busy)).toBe(true);
    expect(o.model().busy).toBe(false);
  });

  it('knows when the fields hold edits that are not stored', async () => {
    const o = options({ getSettings: async () => settings(null), saveProfile: async () => ({ ok: true, id: 'p1' }) });
    o.controller.start();
    await settled();
    expect(o.controller.unsaved()).toBe(false);
    o.controller.edit({ ...o.model().connection, token: 'tok' });
    expect(o.controller.unsaved()).toBe(true);
    o.controller.edit(good);
    await o.controller.save();
    expect(o.controller.unsaved()).toBe(false);
    o.controller.edit({ ...stored, token: ' tok ' });
    expect(o.controller.unsaved()).toBe(false);
  });

  it('saved edits are tested as they are, without saving again', async () => {
    const o = options({ getSettings: async () => settings(null), testConnection: async () => ({ ok: false, problem: 'refused-token' }) });
    o.controller.start();
    o.controller.editProfile({ id: 'p1', ...stored });
    await settled();
    await o.controller.test();
    expect(o.fake.names()).not.toContain('saveProfile');
    expect(o.requestPermission).not.toHaveBeenCalled();
    expect(o.model().status).toMatchObject({ kind: 'tested', answer: { ok: false, problem: 'refused-token' } });
  });

  it('a save that fails stops the test', async () => {
    const o = options({ saveProfile: async () => ({ ok: false, problems: { token: 'token-spaces' } }) });
    o.controller.edit(good);
    await o.controller.test();
    expect(o.fake.names()).not.toContain('testConnection');
    expect(o.model().status).toEqual({ kind: 'fix-fields', count: 1 });
  });
});

describe('options controller: defaults and queue', () => {
  it('saves each change of the defaults as it is made, and says so', async () => {
    const saved = vi.fn();
    const fake = fakeSend({ queueStatus: async () => emptyQueue, getSettings: async () => settings(null), savePreferences: async () => ({ ok: true }) });
    const onPrefs = vi.fn();
    const controller = createOptionsController({
      send: fake.send,
      requestPermission: async () => true,
      watchQueue: () => () => undefined,
      onChange: () => undefined,
      profiles: () => ({ activeId: '', profiles: [] }),
      onSaved: vi.fn(),
      onPrefs,
      onPrefsSaved: saved,
    });
    controller.start();
    await settled();
    await controller.editPrefs({ ...prefs, theme: 'dark' });
    expect(fake.sent.find((m) => m.type === 'savePreferences')?.data).toEqual({ ...prefs, theme: 'dark' });
    // The theme is applied when chosen, not when the service of storage answers.
    expect(onPrefs).toHaveBeenLastCalledWith({ ...prefs, theme: 'dark' });
    expect(controller.model().prefsStatus).toBe('saved');
    expect(saved).toHaveBeenCalledOnce();
  });

  it('a quick run of changes is saved in order, the last with what the page shows last', async () => {
    let release: () => void = () => undefined;
    const first = new Promise<void>((r) => (release = r));
    let calls = 0;
    const o = options({
      getSettings: async () => settings(null),
      savePreferences: async () => {
        calls += 1;
        if (calls === 1) await first;
        return { ok: true };
      },
    });
    o.controller.start();
    await settled();
    const one = o.controller.editPrefs({ ...prefs, autoShorten: false });
    const two = o.controller.editPrefs({ ...prefs, autoShorten: false, copyToClipboard: false });
    const three = o.controller.editPrefs({ ...prefs, autoShorten: false, copyToClipboard: false, notifyQueued: false });
    expect(o.model().prefsStatus).toBe('saving');
    release();
    await Promise.all([one, two, three]);
    const sent = o.fake.sent.filter((m) => m.type === 'savePreferences').map((m) => m.data);
    expect(sent).toEqual([
      { ...prefs, autoShorten: false },
      { ...prefs, autoShorten: false, copyToClipboard: false, notifyQueued: false },
    ]);
    expect(o.model().prefsStatus).toBe('saved');
  });

  it('a change that cannot be stored says so, and can be saved again', async () => {
    let fail = true;
    const o = options({
      getSettings: async () => settings(null),
      savePreferences: async () => {
        if (fail) throw new Error('x');
        return { ok: true };
      },
    });
    o.controller.start();
    await settled();
    await o.controller.editPrefs({ ...prefs, keywordType: 'CUSTOM' });
    expect(o.model().prefsStatus).toBe('failed');
    fail = false;
    await o.controller.savePrefs();
    expect(o.model().prefsStatus).toBe('saved');
  });

  const waiting: QueueStatus = {
    items: [
      { id: 'q', work: { kind: 'create-link', longUrl: 'https://a.example/', tags: [] }, state: 'pending', createdAt: 1, attempts: 1, nextAttemptAt: 60_000 },
      { id: 'r', work: { kind: 'create-tag', tag: 'news' }, state: 'failed', createdAt: 2, attempts: 1, nextAttemptAt: null, lastError: 'The tag "news" can\'t be used.' },
    ],
    pausedForAuth: false,
  };

  it('Retry all, Retry now and Discard show the queue the background answers', async () => {
    const o = options({ retryQueue: async () => waiting, discardQueueItem: async () => emptyQueue });
    await o.controller.retryQueue();
    expect(o.fake.sent.at(-1)).toEqual({ type: 'retryQueue', data: {} });
    expect(o.model()).toMatchObject({ queue: waiting, retrying: false });
    expect(o.models.some((m) => m.retrying)).toBe(true);
    await o.controller.retryItem('r');
    // One item only: the others keep their own time.
    expect(o.fake.sent.at(-1)).toEqual({ type: 'retryQueue', data: { id: 'r' } });
    expect(o.models.some((m) => m.retryingId === 'r' && !m.retrying)).toBe(true);
    expect(o.model().retryingId).toBeNull();
    await o.controller.discard('q');
    expect(o.fake.sent.at(-1)).toEqual({ type: 'discardQueueItem', data: { id: 'q' } });
    expect(o.model().queue).toEqual(emptyQueue);
  });

  it('moves its clock while items wait, so "next try in…" stays true; stops with the page', async () => {
    let clock = 1000;
    let tick: () => void = () => undefined;
    const stopClock = vi.fn();
    const fake = fakeSend({ queueStatus: async () => waiting, getSettings: async () => settings(stored) });
    const controller = createOptionsController({
      send: fake.send,
      requestPermission: async () => true,
      watchQueue: () => () => undefined,
      onChange: () => undefined,
      profiles: () => ({ activeId: 'p1', profiles: [] }),
      onSaved: vi.fn(),
      now: () => clock,
      every: (ms, fn) => {
        expect(ms).toBe(10_000);
        tick = fn;
        return stopClock;
      },
    });
    const stop = controller.start();
    await settled();
    expect(controller.model().now).toBe(1000);
    clock = 11_000;
    tick();
    expect(controller.model().now).toBe(11_000);
    stop();
    expect(stopClock).toHaveBeenCalledOnce();
  });
});
