import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { DomainsModel } from '../../../lib/domains/controller';
import type { AnswerOf, QueueStatus, SettingsView } from '../../../lib/messaging/send-message';
import type { OptionsModel } from '../../../lib/options/controller';
import { createOptionsPage } from '../../../lib/options/page';
import type { OptionsTagsModel } from '../../../lib/options/tags-controller';
import { publishStatus } from '../../../lib/queue/status';
import { fakeSend, settled, type Answers } from '../fixtures/fake-send';
import { useCatalogue } from '../fixtures/catalogue';

// The suggested profile name is worded by the catalogue.
beforeEach(useCatalogue);

const A = { id: 'a', name: 'Work', baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_a', workspaceId: 'alpha' };
const B = { id: 'b', name: 'Home', baseUrl: 'https://sho.rt/api', token: 'tok_b', workspaceId: 'beta' };
const prefs = { autoShorten: true, copyToClipboard: true, keywordType: 'HASH' as const, defaultDomain: '', notifyQueued: true, theme: 'dark' as const, defaultTags: [], cleanLinks: true, samePageIgnoresCampaign: false };
const settings: SettingsView = { connection: null, preferences: prefs };
const emptyQueue: QueueStatus = { items: [], pausedForAuth: false };
const file = { format: 'shortlink-settings', version: 1, profiles: [{ name: 'Home', baseUrl: B.baseUrl, workspaceId: 'beta' }], preferences: {} };
const domains: AnswerOf<'domainList'> = { status: 'done', domains: [], totalCount: 0, pageNumber: 1, totalPages: 1, nextCursor: null, serviceHost: '127.0.0.1' };

function page(answers: Answers = {}, first: AnswerOf<'profiles'> = { activeId: 'a', profiles: [A] }) {
  let list = first;
  const fake = fakeSend({
    profiles: async () => list,
    getSettings: async () => settings,
    queueStatus: async () => emptyQueue,
    listTags: async () => ({ status: 'done', tags: ['news'] }),
    linkList: async () => ({ status: 'done', rows: [], nextCursor: null }),
    domainList: async () => domains,
    ...answers,
  });
  let options: OptionsModel | undefined;
  let tags: OptionsTagsModel | undefined;
  let domainsModel: DomainsModel | undefined;
  const onPrefs = vi.fn();
  const p = createOptionsPage({
    send: fake.send,
    requestPermission: async () => true,
    download: vi.fn(),
    onPrefs,
    onOptions: (m) => (options = m),
    onProfiles: () => undefined,
    onTags: (m) => (tags = m),
    onDomains: (m) => (domainsModel = m),
    onDomainsChanged: vi.fn(),
  });
  const count = (name: string) => fake.names().filter((n) => n === name).length;
  return {
    p,
    fake,
    onPrefs,
    count,
    options: () => options,
    tags: () => tags,
    domains: () => domainsModel,
    setList: (l: AnswerOf<'profiles'>) => (list = l),
  };
}

/** What the background does on Save: the profile set in storage changes (the page watches it). */
async function storeProfiles(set: AnswerOf<'profiles'>): Promise<void> {
  await fakeBrowser.storage.local.set({ connection: set });
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('options page: its sections together', () => {
  it('start loads every section and shows the active profile in the form', async () => {
    const t = page();
    t.p.start();
    await settled();
    await settled();
    expect(t.fake.names().sort()).toEqual(['domainList', 'getSettings', 'linkList', 'listTags', 'profiles', 'queueStatus']);
    expect(t.options()).toMatchObject({ editingId: 'a', connection: { name: 'Work', workspaceId: 'alpha' }, prefs, queue: emptyQueue });
    expect(t.onPrefs).toHaveBeenCalledWith(prefs);
    expect(t.p.tags.model().list).toEqual({ state: 'ready', names: ['news'] });
  });

  it('before a connection exists, asks the service nothing: the sections that need one say so themselves', async () => {
    const t = page({}, { activeId: '', profiles: [] });
    t.p.start();
    await settled();
    await settled();
    expect(t.count('listTags') + t.count('domainList')).toBe(0);
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

  it('the first Save loads the sections that need a connection, at once', async () => {
    const t = page({ saveProfile: async () => ({ ok: true, id: 'a' }) }, { activeId: '', profiles: [] });
    t.p.start();
    await settled();
    t.p.options.edit({ name: '', baseUrl: A.baseUrl, token: A.token, workspaceId: A.workspaceId });
    t.setList({ activeId: 'a', profiles: [A] });
    await t.p.save();
    await vi.waitFor(() => expect([t.count('listTags'), t.count('domainList')]).toEqual([1, 1]));
    expect(t.tags()?.list).toEqual({ state: 'ready', names: ['news'] });
  });

  it('a token fixed, here or anywhere, reloads every section; a save that changes none of the three does not', async () => {
    let refused = true;
    const t = page({
      listTags: async () => (refused ? { status: 'error', error: { kind: 'unauthorized', message: '' } } : { status: 'done', tags: ['news'] }),
      domainList: async () => (refused ? { status: 'error', error: { kind: 'unauthorized', message: '' } } : domains),
      saveProfile: async () => ({ ok: true, id: 'a' }),
    });
    const stop = t.p.start();
    await vi.waitFor(() => expect(t.domains()?.listState).toBe('failed'));
    expect(t.tags()?.list.state).toBe('failed');

    // Renamed only: the same address, token and workspace.
    t.setList({ activeId: 'a', profiles: [{ ...A, name: 'Office' }] });
    await storeProfiles({ activeId: 'a', profiles: [{ ...A, name: 'Office' }] });
    await vi.waitFor(() => expect(t.count('profiles')).toBe(2));
    await settled();
    expect([t.count('listTags'), t.count('domainList')]).toEqual([1, 1]);

    refused = false;
    t.setList({ activeId: 'a', profiles: [{ ...A, token: 'tok_fixed' }] });
    await storeProfiles({ activeId: 'a', profiles: [{ ...A, token: 'tok_fixed' }] });
    await vi.waitFor(() => expect(t.domains()?.listState).toBe('ready'));
    expect(t.domains()?.listError).toBeNull();
    expect(t.tags()?.list).toEqual({ state: 'ready', names: ['news'] });
    stop();
  });

  it('another workspace chosen: nothing of the first stays on screen while the second loads', async () => {
    const listed = { ...domains, domains: [{ id: 'd', domain: 'go.example.com' }] } as unknown as AnswerOf<'domainList'>;
    let second = false;
    const t = page({ domainList: async () => (second ? { status: 'error', error: { kind: 'network', message: '' } } : listed) });
    t.p.start();
    await vi.waitFor(() => expect(t.domains()?.list).toHaveLength(1));
    second = true;
    t.setList({ activeId: 'b', profiles: [A, B] });
    await storeProfiles({ activeId: 'b', profiles: [A, B] });
    // The second workspace's list cannot be read: none is shown, never the first one's, nor an empty one.
    await vi.waitFor(() => expect(t.domains()?.listState).toBe('failed'));
    expect(t.domains()?.list).toEqual([]);
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

describe('options page: campaign templates and site rules follow the active profile', () => {
  const ruleA = { id: 'ra', pattern: 'a.dev', clean: true };
  const ruleB = { id: 'rb', pattern: 'b.dev', clean: false };

  it("shows the active profile's lists, another profile's once it is chosen, and writes to the one shown", async () => {
    await fakeBrowser.storage.local.set({ linkSetup: { v: 1, byProfile: { a: { templates: [], rules: [ruleA] }, b: { templates: [], rules: [ruleB] } } } });
    const t = page({}, { activeId: 'a', profiles: [A, B] });
    const stop = t.p.start();
    await vi.waitFor(() => expect(t.p.linkSetup.model().setup?.rules).toEqual([ruleA]));

    t.setList({ activeId: 'b', profiles: [A, B] });
    await storeProfiles({ activeId: 'b', profiles: [A, B] });
    await vi.waitFor(() => expect(t.p.linkSetup.model()).toMatchObject({ profileId: 'b', setup: { rules: [ruleB] } }));

    t.p.linkSetup.newRule();
    t.p.linkSetup.changeRule({ ...t.p.linkSetup.model().ruleEdit!.draft, pattern: 'c.dev', clean: 'on' });
    await t.p.linkSetup.saveRule();
    const stored = (await fakeBrowser.storage.local.get('linkSetup')).linkSetup as { byProfile: Record<string, { rules: { pattern: string }[] }> };
    expect(stored.byProfile.b!.rules.map((r) => r.pattern)).toEqual(['b.dev', 'c.dev']);
    expect(stored.byProfile.a!.rules).toEqual([ruleA]);
    stop();
  });

  it('a change stored elsewhere (a settings file imported) is read again', async () => {
    const t = page();
    const stop = t.p.start();
    await vi.waitFor(() => expect(t.p.linkSetup.model().setup).toEqual({ templates: [], rules: [] }));
    await fakeBrowser.storage.local.set({ linkSetup: { v: 1, byProfile: { a: { templates: [], rules: [ruleA] } } } });
    await vi.waitFor(() => expect(t.p.linkSetup.model().setup?.rules).toEqual([ruleA]));
    stop();
  });
});
