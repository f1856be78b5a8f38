import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WithChrome } from '../../scripts/chromium';
import { axeViolations, useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';

describe('connecting through the options page', () => {
  const h = useExtension();

  it('saves the labelled fields and the test says the connection works', async () => {
    const options = await OptionsPage.open(h);
    await options.fill({ baseUrl: h.apiBase, token: h.token, workspaceId: h.workspaceId });
    assert.equal(await options.save(), 'Saved.');
    assert.equal(await options.testConnection(), `Connected. Workspace "${h.workspaceId}" holds 0 links.`);
    // Saved where the background reads it: a fresh page shows the same values.
    const again = await OptionsPage.open(h);
    assert.equal(await again.page.getByLabel('API base URL').inputValue(), h.apiBase);
    assert.equal(await again.page.getByLabel('Workspace ID').inputValue(), h.workspaceId);
    await again.page.close();
    await options.page.close();
  });

  it('refuses a URL that is not http(s) before saving anything', async () => {
    const options = await OptionsPage.open(h);
    await options.fill({ baseUrl: 'ftp://example.test/api', token: h.token, workspaceId: h.workspaceId });
    assert.equal(await options.save(), 'Correct the fields marked below, then save again.');
    assert.match((await options.fieldHint('baseUrl').textContent()) ?? '', /http or https/);
    const stored = await (await h.worker()).evaluate(() => (globalThis as unknown as WithChrome).chrome.storage.local.get('connection'));
    const set = stored.connection as { activeId: string; profiles: { id: string; baseUrl: string }[] };
    assert.equal(set.profiles.find((p) => p.id === set.activeId)?.baseUrl, h.apiBase, 'the earlier connection is kept');
    await options.page.close();
  });

  it('says plainly when the token is refused, the workspace is not granted, or the service is unreachable', async () => {
    const options = await OptionsPage.open(h);
    await options.fill({ baseUrl: h.apiBase, token: 'not-a-real-token', workspaceId: h.workspaceId });
    assert.match(await options.testConnection(), /refused the API token/);

    await options.fill({ baseUrl: h.apiBase, token: h.token, workspaceId: 'someone-else' });
    assert.match(await options.testConnection(), /does not grant access to this workspace/);

    // A port nothing listens on (the service's own port + the proxy are the only listeners we own).
    await options.fill({ baseUrl: 'http://127.0.0.1:9/api', token: h.token, workspaceId: h.workspaceId });
    assert.match(await options.testConnection(), /Could not reach the service/);

    await options.fill({ baseUrl: h.apiBase.replace(/\/api$/, ''), token: h.token, workspaceId: h.workspaceId });
    assert.match(await options.testConnection(), /not the link-shortening API/);
    await options.page.close();
  });

  it('has no accessibility violations', async () => {
    const options = await OptionsPage.open(h);
    await options.page.getByText('Nothing is waiting.').waitFor();
    assert.deepEqual(await axeViolations(options.page), []);
    await options.page.close();
  });
});
