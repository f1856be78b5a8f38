import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerOf } from '../../../lib/messaging/send-message';
import { createProfilesController } from '../../../lib/options/profiles-controller';
import { fakeSend, type Answers } from '../fixtures/fake-send';
import { useCatalogue } from '../fixtures/catalogue';

// The suggested profile name is worded by the catalogue.
beforeEach(useCatalogue);

const A = { id: 'a', name: 'Work', baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_a', workspaceId: 'alpha' };
const B = { id: 'b', name: 'Home', baseUrl: 'https://sho.rt/api', token: 'tok_b', workspaceId: 'beta' };

function controller(answers: Answers, list: AnswerOf<'profiles'> = { activeId: 'a', profiles: [A, B] }) {
  let current = list;
  const fake = fakeSend({ profiles: async () => current, ...answers });
  const edit = vi.fn();
  const download = vi.fn();
  const onImported = vi.fn();
  const c = createProfilesController({ send: fake.send, onChange: () => undefined, download, edit, onImported });
  return { c, fake, edit, download, onImported, setList: (l: AnswerOf<'profiles'>) => (current = l) };
}

describe('profiles list', () => {
  it('loads and shows the active profile in the form', async () => {
    const { c, edit } = controller({});
    await c.start();
    expect(c.model()).toMatchObject({ profiles: [A, B], activeId: 'a' });
    expect(edit).toHaveBeenCalledWith(A, false);
  });

  it('Use switches and says so', async () => {
    const t = controller({ switchProfile: async () => ({ ok: true }) });
    await t.c.start();
    t.setList({ activeId: 'b', profiles: [A, B] });
    await t.c.use('b');
    expect(t.fake.sent.at(-2)).toEqual({ type: 'switchProfile', data: { id: 'b' } });
    expect(t.c.model()).toMatchObject({ activeId: 'b', status: { kind: 'switched', name: 'Home' } });
  });

  it('Delete asks first; waiting items make it ask again, naming how many; only then are they discarded', async () => {
    const deleteProfile = vi.fn(async ({ discardQueued }: { discardQueued: boolean }) =>
      discardQueued ? { ok: true as const, discarded: 2 } : { ok: false as const, queued: 2 },
    );
    const t = controller({ deleteProfile });
    await t.c.start();
    t.c.askDelete('a');
    expect(deleteProfile).not.toHaveBeenCalled();
    expect(t.c.model().confirming).toEqual({ id: 'a', name: 'Work', queued: null });
    await t.c.confirmDelete();
    expect(t.c.model().confirming).toEqual({ id: 'a', name: 'Work', queued: 2 });
    t.setList({ activeId: 'b', profiles: [B] });
    await t.c.confirmDelete();
    expect(deleteProfile.mock.calls.map(([r]) => r)).toEqual([
      { id: 'a', discardQueued: false },
      { id: 'a', discardQueued: true },
    ]);
    expect(t.c.model()).toMatchObject({ confirming: null, status: { kind: 'deleted' }, profiles: [B] });
    expect(t.edit).toHaveBeenLastCalledWith(B, false);
  });

  it('a bad file is refused before anything is sent', async () => {
    const t = controller({});
    await t.c.importFile(new Blob(['{"format":"shortlink-settings","version":1,"profiles":[{"name":"X","baseUrl":"ftp://x","workspaceId":"w"}],"preferences":{}}']));
    expect(t.fake.names()).not.toContain('importSettings');
    expect(t.c.model().fileStatus).toEqual({ kind: 'refused', verdict: { ok: false, problem: 'base-url-invalid', name: 'X' } });
  });

  it('after an import, the first profile without a token opens in the form, asking for it', async () => {
    const imported = { ...B, id: 'c', name: 'Imported', token: '' };
    const t = controller({ importSettings: async () => ({ ok: true, needToken: ['c'], renamed: [] }) });
    t.setList({ activeId: 'a', profiles: [A, imported] });
    const file = { format: 'shortlink-settings', version: 1, profiles: [{ name: 'Imported', baseUrl: B.baseUrl, workspaceId: 'beta' }], preferences: {} };
    await t.c.importFile(new Blob([JSON.stringify(file)]));
    expect(t.c.model().fileStatus).toEqual({ kind: 'imported', renamed: [] });
    expect(t.onImported).toHaveBeenCalledOnce();
    expect(t.edit).toHaveBeenLastCalledWith(imported, true);
  });

  it('a file over the size of any settings file is refused by its size, never read, nothing sent', async () => {
    const t = controller({});
    const text = vi.fn(async () => '{}');
    await t.c.importFile({ size: 256 * 1024 + 1, text });
    expect(text).not.toHaveBeenCalled();
    expect(t.fake.names()).not.toContain('importSettings');
    expect(t.c.model().fileStatus).toEqual({ kind: 'refused', verdict: { ok: false, problem: 'too-big' } });
  });

  it('says which profiles of the file were added beside one of the same name, and why', async () => {
    const t = controller({ importSettings: async () => ({ ok: true, needToken: [], renamed: [{ from: 'Work', to: 'Work (2)' }] }) });
    const file = { format: 'shortlink-settings', version: 1, profiles: [{ name: 'Work', baseUrl: 'https://evil.example/api', workspaceId: 'alpha' }], preferences: {} };
    await t.c.importFile(new Blob([JSON.stringify(file)]));
    expect(t.c.model().fileStatus).toEqual({ kind: 'imported', renamed: [{ from: 'Work', to: 'Work (2)' }] });
  });

  it("the background's refusal of the file's default domain is said as the page's own", async () => {
    const t = controller({ importSettings: async () => ({ ok: false, problem: 'default-domain-invalid' }) });
    const file = { format: 'shortlink-settings', version: 1, profiles: [], preferences: {} };
    await t.c.importFile(new Blob([JSON.stringify(file)]));
    expect(t.c.model().fileStatus).toEqual({ kind: 'refused', verdict: { ok: false, problem: 'default-domain-invalid' } });
  });

  it('Export downloads the file the background made', async () => {
    const exported = { format: 'shortlink-settings' as const, version: 1 as const, profiles: [], preferences: {} };
    const t = controller({ exportSettings: async () => exported });
    await t.c.exportFile();
    expect(JSON.parse(t.download.mock.calls[0]?.[0] as string)).toEqual(exported);
  });
});
