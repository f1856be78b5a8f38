/** The cache's aliases are dropped when what decides a page's URL changes (issue 25). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { wireAliasUpkeep } from '../../../lib/background/links/alias-upkeep';
import { setLinkSetup } from '../../../lib/site-rules/link-setup';
import { getPreferences, saveConnection, setPreferences } from '../../../lib/storage/settings';
import { BASE_URL, TOKEN, WORKSPACE } from '../fixtures/wire';

beforeEach(() => {
  fakeBrowser.reset();
});

async function wired() {
  expect((await saveConnection({ baseUrl: BASE_URL, token: TOKEN, workspaceId: WORKSPACE })).ok).toBe(true);
  const forgetAliases = vi.fn(async () => undefined);
  wireAliasUpkeep({ forgetAliases }, (err) => {
    throw err;
  });
  return forgetAliases;
}

describe('alias upkeep', () => {
  it('drops every profile\'s aliases when the cleaning setting changes, not for another preference', async () => {
    const forgetAliases = await wired();
    await setPreferences({ ...(await getPreferences()), copyToClipboard: false });
    await new Promise((r) => setTimeout(r, 10));
    expect(forgetAliases).not.toHaveBeenCalled();
    await setPreferences({ ...(await getPreferences()), cleanLinks: false });
    await vi.waitFor(() => expect(forgetAliases).toHaveBeenCalledWith({ baseUrl: BASE_URL, workspaceId: WORKSPACE }));
  });

  it('drops them when a profile\'s templates or rules change', async () => {
    const forgetAliases = await wired();
    await setLinkSetup('profile-1', { templates: [], rules: [{ id: 'r1', pattern: 'acme.dev', clean: false }] });
    await vi.waitFor(() => expect(forgetAliases).toHaveBeenCalledTimes(1));
  });
});
