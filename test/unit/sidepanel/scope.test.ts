import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectionItem, saveConnection, switchProfile } from '../../../lib/storage/settings';
import { readScope, watchScope } from '../../../lib/sidepanel/scope';

beforeEach(() => {
  fakeBrowser.reset();
});

describe("the side panel's light read of the connection", () => {
  it('nothing saved: no scope', async () => {
    expect(await readScope()).toBeNull();
  });

  it('reads the connection Save wrote: its service address and workspace', async () => {
    const verdict = await saveConnection({ baseUrl: ' http://127.0.0.1:8787/api/ ', token: 'tok_abc', workspaceId: 'demo' });
    expect(verdict.ok).toBe(true);
    expect(await readScope()).toEqual({ baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' });
  });

  it('a partial or mistyped record is not a connection', async () => {
    await connectionItem.setValue({
      activeId: 'p1',
      profiles: [{ id: 'p1', name: 'Demo', baseUrl: 'http://127.0.0.1:8787/api', token: '', workspaceId: 'demo' }],
    });
    expect(await readScope()).toBeNull();
    await fakeBrowser.storage.local.set({ connection: { baseUrl: 'http://127.0.0.1:8787/api', token: 'tok', workspaceId: 7 } });
    expect(await readScope()).toBeNull();
    await fakeBrowser.storage.local.set({ connection: 'http://127.0.0.1:8787/api' });
    expect(await readScope()).toBeNull();
  });

  it("follows the active profile: another workspace's scope after a switch", async () => {
    const a = { id: 'a', name: 'A', baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_a', workspaceId: 'alpha' };
    const b = { id: 'b', name: 'B', baseUrl: 'https://sho.rt/api', token: 'tok_b', workspaceId: 'beta' };
    await connectionItem.setValue({ activeId: 'a', profiles: [a, b] });
    expect(await readScope()).toEqual({ baseUrl: a.baseUrl, workspaceId: 'alpha' });
    await switchProfile('b');
    expect(await readScope()).toEqual({ baseUrl: b.baseUrl, workspaceId: 'beta' });
  });

  it("reads an older version's single connection as it was", async () => {
    await fakeBrowser.storage.local.set({ connection: { baseUrl: 'http://127.0.0.1:8787/api', token: 'tok', workspaceId: 'demo' } });
    expect(await readScope()).toEqual({ baseUrl: 'http://127.0.0.1:8787/api', workspaceId: 'demo' });
  });
});

describe('watching the scope the panel opened with', () => {
  const a = { id: 'a', name: 'A', baseUrl: 'http://127.0.0.1:8787/api', token: 'tok_a', workspaceId: 'alpha' };
  const b = { id: 'b', name: 'B', baseUrl: 'https://sho.rt/api', token: 'tok_b', workspaceId: 'beta' };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('tells once when another profile becomes active, not when the same scope is saved again', async () => {
    await connectionItem.setValue({ activeId: 'a', profiles: [a, b] });
    let told = 0;
    const stop = watchScope(() => (told += 1), readScope);
    await settle();
    await connectionItem.setValue({ activeId: 'a', profiles: [{ ...a, token: 'tok_new', name: 'A renamed' }, b] });
    await settle();
    expect(told).toBe(0);
    await switchProfile('b');
    await settle();
    expect(told).toBe(1);
    await switchProfile('a');
    await settle();
    expect(told).toBe(1);
    stop();
  });

  it('tells when the active profile moves to another workspace, and not once stopped', async () => {
    await connectionItem.setValue({ activeId: 'a', profiles: [a] });
    let told = 0;
    const stop = watchScope(() => (told += 1), readScope);
    await settle();
    stop();
    await connectionItem.setValue({ activeId: 'a', profiles: [{ ...a, workspaceId: 'other' }] });
    await settle();
    expect(told).toBe(0);
    const again = watchScope(() => (told += 1), readScope);
    await settle();
    await connectionItem.setValue({ activeId: 'a', profiles: [{ ...a, workspaceId: 'third' }] });
    await settle();
    expect(told).toBe(1);
    again();
  });
});
