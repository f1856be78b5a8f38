/**
 * A service origin the browser granted is given back once no profile needs
 * it: after a profile is deleted or pointed at another service, never while
 * another profile still uses that host.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { releaseUnusedOrigins } from '../../../lib/background/settings/origin-permissions';
import { createProfileHandlers } from '../../../lib/background/settings/profiles';
import { getProfileSet, storeProfile } from '../../../lib/storage/settings';
import { fakeFetch, json } from '../fixtures/fake-fetch';
import { pageInfo } from '../fixtures/wire';

const A = { id: 'a', name: 'Work', baseUrl: 'https://a.example/api', token: 'tok_a', workspaceId: 'alpha' };
const B = { id: 'b', name: 'Home', baseUrl: 'https://b.example/api', token: 'tok_b', workspaceId: 'beta' };
/** Another port of A's host: one grant serves both (patterns name the host without its port). */
const A2 = { id: 'a2', name: 'Work staging', baseUrl: 'https://a.example:8443/api', token: 'tok_a2', workspaceId: 'alpha2' };

let removed: string[][];

beforeEach(async () => {
  fakeBrowser.reset();
  removed = [];
  vi.spyOn(fakeBrowser.permissions, 'remove').mockImplementation(async ({ origins }) => {
    removed.push(origins ?? []);
    return true;
  });
  // Saving asks the service first, through the browser's grant.
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  vi.spyOn(fakeBrowser.permissions.onRemoved, 'addListener').mockImplementation(() => undefined);
  vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', fakeFetch(() => json({ status: true, data: { pageInfo: pageInfo(0), list: [] } })).fetch);
  await storeProfile(A, true);
  await storeProfile(B, false);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function handlers() {
  return createProfileHandlers({ queue: { list: async () => [], remove: async () => undefined }, onChanged: () => undefined });
}

describe('origin permissions follow the profiles', () => {
  it("deleting a profile gives back its service's origin", async () => {
    expect(await handlers().deleteProfile({ id: 'b', discardQueued: false })).toEqual({ ok: true, discarded: 0 });
    expect(removed).toEqual([['https://b.example/*']]);
  });

  it('pointing a profile at another service gives back the old origin', async () => {
    const answer = await handlers().saveProfile({ id: 'b', name: 'Home', baseUrl: 'https://c.example/api', token: 'tok_c', workspaceId: 'beta', activate: false });
    expect(answer).toEqual({ ok: true, id: 'b' });
    expect(removed).toEqual([['https://b.example/*']]);
  });

  it('an origin another profile still uses is kept', async () => {
    await storeProfile(A2, false);
    await handlers().deleteProfile({ id: 'a', discardQueued: false });
    expect(removed).toEqual([]);
    expect((await getProfileSet()).profiles.map((p) => p.id)).toEqual(['b', 'a2']);
  });

  it('saving a profile that stays where it was gives back nothing', async () => {
    await handlers().saveProfile({ id: 'b', name: 'Home renamed', baseUrl: B.baseUrl, token: 'tok_b2', workspaceId: 'beta', activate: false });
    expect(removed).toEqual([]);
  });

  it('a grant the browser will not remove (declared by the manifest) does not fail the change', async () => {
    vi.mocked(fakeBrowser.permissions.remove).mockRejectedValue(new Error('You cannot remove required permissions.'));
    expect(await handlers().deleteProfile({ id: 'b', discardQueued: false })).toEqual({ ok: true, discarded: 0 });
    expect((await getProfileSet()).profiles.map((p) => p.id)).toEqual(['a']);
  });

  it('gives back only what the set before needed and the set after does not', async () => {
    const before = { activeId: 'a', profiles: [A, B, A2] };
    const after = { activeId: 'a', profiles: [A2] };
    expect(await releaseUnusedOrigins(before, after, fakeBrowser.permissions)).toEqual(['https://b.example/*']);
  });
});
