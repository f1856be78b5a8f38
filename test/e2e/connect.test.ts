import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { WithChrome } from '../../scripts/chromium';
import { axeViolations, eventually, useExtension } from './fixture';
import { OptionsPage, type OptionsSectionName } from './pages/options-page';

describe('connecting: the first run and the options page', () => {
  const h = useExtension();

  it('before a connection exists, the sections that need one say so once, calmly, and ask the service nothing', async () => {
    h.resetRequests();
    const checks: [OptionsSectionName, string][] = [
      ['domains', 'Connect to your service first: custom domains belong to a workspace.'],
      ['tags', 'Connect to your service first: tags belong to a workspace.'],
      ['shortening', 'The default domain and default tags come from your workspace: connect to your service first.'],
    ];
    for (const [section, words] of checks) {
      const options = await OptionsPage.open(h, section);
      await options.page.getByRole('status').filter({ hasText: words }).waitFor();
      assert.equal(await options.page.getByRole('alert').count(), 0, `no error in ${section}`);
      // Its one action leads to the connection's first field.
      await options.page.getByRole('button', { name: 'Go to Connection' }).click();
      await options.page.locator('#connection-heading').waitFor();
      assert.equal(await options.page.evaluate(() => document.activeElement?.id), 'baseUrl');
      assert.equal(await options.page.evaluate(() => location.hash), '#connection');
      await options.page.close();
    }
    assert.equal(h.requests(), 0);
  });

  it('opens the welcome page on install; it asks only for the address, token and workspace, and names the profile', async () => {
    const welcome = await eventually(async () => h.context.pages().find((p) => p.url().endsWith('/welcome.html')), 'the welcome tab');
    await welcome.getByLabel('API base URL').waitFor();
    assert.deepEqual(await welcome.locator('input').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('name'))), ['baseUrl', 'token', 'workspaceId']);
    assert.deepEqual(await axeViolations(welcome), []);

    // Problems are said under their fields, which are marked; the first takes the focus.
    await welcome.getByRole('button', { name: 'Connect' }).click();
    await welcome.locator('#connection-status').filter({ hasText: 'Check the 3 fields marked in red.' }).waitFor();
    for (const name of ['baseUrl', 'token', 'workspaceId']) assert.equal(await welcome.locator(`#${name}`).getAttribute('aria-invalid'), 'true', name);
    assert.equal(await welcome.locator('#token-message').textContent(), 'Fill in this field.');
    assert.equal(await welcome.evaluate(() => document.activeElement?.id), 'baseUrl');
    // The refused field, focused: one ring, in the red of its border, not a blue ring beside a red border.
    const ring = await welcome.locator('#baseUrl').evaluate((input) => {
      const box = input.closest('.field-control') ?? input;
      const style = getComputedStyle(box);
      return { outline: style.outlineColor, outlineStyle: style.outlineStyle, border: style.borderTopColor };
    });
    assert.notEqual(ring.outlineStyle, 'none', 'the focused field shows a ring');
    assert.equal(ring.outline, ring.border, 'ring and border agree');

    await welcome.getByLabel('API base URL').fill(h.apiBase);
    await welcome.getByLabel('API token').fill(h.token);
    await welcome.getByLabel('Workspace ID').fill(h.workspaceId);
    await welcome.getByRole('button', { name: 'Connect' }).click();
    await welcome.getByText("You're connected").waitFor();
    await welcome.getByText(`Links are made in workspace “${h.workspaceId}” at 127.0.0.1.`).waitFor();
    assert.deepEqual(await axeViolations(welcome), []);

    const options = await OptionsPage.open(h);
    assert.equal(await options.page.getByLabel('Profile name').inputValue(), `${h.workspaceId} on 127.0.0.1`);
    await options.page.close();
    await welcome.close();
  });

  it('saves the labelled fields and the test says the connection works', async () => {
    const options = await OptionsPage.open(h);
    await options.fill({ baseUrl: h.apiBase, token: h.token, workspaceId: h.workspaceId });
    assert.equal(await options.save(), 'Saved.');
    assert.equal(await options.testConnection(), `Connected. Workspace "${h.workspaceId}" has 0 links.`);
    // Saved where the background reads it: a fresh page shows the same values.
    const again = await OptionsPage.open(h);
    assert.equal(await again.page.getByLabel('API base URL').inputValue(), h.apiBase);
    assert.equal(await again.page.getByLabel('Workspace ID').inputValue(), h.workspaceId);
    await again.page.close();
    await options.page.close();
  });

  it('refuses a URL that is not http(s) before saving anything, beside the field', async () => {
    const options = await OptionsPage.open(h);
    await options.fill({ baseUrl: 'ftp://example.test/api', token: h.token, workspaceId: h.workspaceId });
    assert.equal(await options.save(), 'Check the field marked in red.');
    assert.match((await options.fieldHint('baseUrl').textContent()) ?? '', /http or https/);
    assert.equal(await options.page.getByLabel('API base URL').getAttribute('aria-invalid'), 'true');
    assert.equal(await options.page.evaluate(() => document.activeElement?.id), 'baseUrl');
    const stored = await (await h.worker()).evaluate(() => (globalThis as unknown as WithChrome).chrome.storage.local.get('connection'));
    const set = stored.connection as { activeId: string; profiles: { id: string; baseUrl: string }[] };
    assert.equal(set.profiles.find((p) => p.id === set.activeId)?.baseUrl, h.apiBase, 'the earlier connection is kept');
    await options.page.close();
  });

  it('says plainly, beside the field to fix, when the token is refused, the workspace is not granted, or the service is unreachable', async () => {
    const options = await OptionsPage.open(h);
    const cases: [Partial<{ baseUrl: string; token: string; workspaceId: string }>, 'baseUrl' | 'token' | 'workspaceId', RegExp][] = [
      [{ token: 'not-a-real-token' }, 'token', /refused the API token/],
      [{ workspaceId: 'someone-else' }, 'workspaceId', /doesn't give access to this workspace/],
      // A port nothing listens on (the service's own port + the proxy are the only listeners we own).
      [{ baseUrl: 'http://127.0.0.1:9/api' }, 'baseUrl', /Could not reach the service/],
      [{ baseUrl: h.apiBase.replace(/\/api$/, '') }, 'baseUrl', /not like a link-shortening service/],
    ];
    for (const [change, field, reason] of cases) {
      await options.fill({ baseUrl: h.apiBase, token: h.token, workspaceId: h.workspaceId, ...change });
      // Test connection saves what is on screen first; the service is asked before anything is stored.
      assert.equal(await options.testConnection(), 'Nothing was saved: see the field marked in red.');
      assert.match((await options.fieldHint(field).textContent()) ?? '', reason);
      assert.equal(await options.page.locator(`#${field}`).getAttribute('aria-invalid'), 'true');
    }
    await options.page.close();
  });

  it('a token fixed under Connection reloads the sections that were refused', async () => {
    await h.connect({ token: 'not-a-token' });
    const options = await OptionsPage.open(h, 'domains');
    const refused = options.page.getByRole('alert').filter({ hasText: '127.0.0.1 refused the API token.' });
    await refused.waitFor();
    // A list that could not be read is not shown as an empty one.
    assert.equal(await options.page.getByText('No custom domains yet.').count(), 0);
    await refused.getByRole('button', { name: 'Go to Connection' }).click();
    await options.page.getByLabel('API token').fill(h.token);
    assert.equal(await options.save(), 'Saved.');
    await options.goTo('domains');
    await options.page.getByText('No custom domains yet.').waitFor();
    await options.goTo('tags');
    await options.page.getByText('This workspace has no tags yet.').waitFor();
    assert.equal(await options.page.getByRole('alert').count(), 0);
    await options.page.close();
  });

  it('has no accessibility violations in any section, in either theme', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const options = await OptionsPage.open(h);
      await options.page.emulateMedia({ colorScheme: scheme });
      for (const section of ['connection', 'shortening', 'appearance', 'domains', 'tags', 'rules', 'queue', 'file'] as const) {
        await options.goTo(section);
        await settled(options.page);
        assert.deepEqual(await axeViolations(options.page), [], `${section}, ${scheme}`);
      }
      await options.page.close();
    }
  });

  it('sections are addressable, and the Back button returns to the one before', async () => {
    const options = await OptionsPage.open(h, 'tags');
    await options.goTo('queue');
    await options.page.goBack();
    await options.page.locator('#tags-heading').waitFor();
    // Keyboard: the nav's links are reached with Tab and followed with Enter; the section's heading takes the focus.
    await options.page.locator('nav a[href="#file"]').focus();
    await options.page.keyboard.press('Enter');
    await options.page.locator('#file-heading').waitFor();
    assert.equal(await options.page.evaluate(() => document.activeElement?.id), 'file-heading');
    await options.page.close();
  });

  it('the first run ends in use: how to pin, the shortcuts with their keys, and Shorten this page on the tab the user came from', async () => {
    const cameFrom = `${h.site.url}/came-from`;
    const site = await h.context.newPage();
    await site.goto(cameFrom);
    await site.bringToFront();
    const welcome = await h.openPage('welcome.html');
    await welcome.getByText("You're connected").waitFor();

    await welcome.getByRole('region', { name: 'Keep Shortlink in the toolbar' }).getByText(/puzzle piece.*then the pin beside Shortlink/).waitFor();

    // The keys in force, as the browser reports them, each key its own <kbd>, the combination on one line.
    const keys = welcome.getByRole('region', { name: 'Keyboard shortcuts' });
    const commands = await welcome.evaluate(async () => {
      const { chrome } = globalThis as unknown as { chrome: { commands: { getAll(): Promise<{ name?: string; shortcut?: string }[]> } } };
      return (await chrome.commands.getAll()).map((c) => ({ name: c.name ?? '', shortcut: c.shortcut ?? '' }));
    });
    const expected = (name: string) => commands.find((c) => c.name === name)?.shortcut.split('+') ?? [];
    for (const [label, name] of [
      ['Open Shortlink on the page you are on', '_execute_action'],
      ['Shorten the page you are on and copy its short link', 'shorten-and-copy'],
    ] as const) {
      const item = keys.getByRole('listitem').filter({ hasText: label });
      const want = expected(name).filter((part) => part !== '');
      if (want.length === 0) {
        await item.getByText('No key set').waitFor();
        continue;
      }
      assert.deepEqual(await item.locator('kbd kbd').allTextContents(), want, label);
      assert.equal(await item.locator('kbd.key-combo').evaluate((combo) => combo.getClientRects().length), 1, `${label}: one line`);
    }

    // Shorten this page: the page the user came from, named by its title, made into a link.
    const tryIt = welcome.getByRole('region', { name: 'Try it on the page you came from' });
    await tryIt.getByText('The page you were on before this one: Demo came-from').waitFor();
    await tryIt.getByRole('button', { name: 'Shorten this page' }).click();
    await tryIt.getByText(`Your first short link, for ${cameFrom}:`).waitFor();
    const shortUrl = await tryIt.getByRole('link').innerText();
    const response = await fetch(`${h.service.url}/api/link?workspaceId=${h.workspaceId}&pageSize=100`, { headers: { authorization: `Bearer ${h.token}` } });
    const made = ((await response.json()) as { data: { list: { shortUrl: string; longUrl: string }[] } }).data.list.find((l) => l.longUrl === cameFrom);
    assert.equal(made?.shortUrl, shortUrl);
    assert.deepEqual(await axeViolations(welcome), []);
    await welcome.close();
    await site.close();
  });
});

/** No list of the section is still loading (its skeletons and "Loading…" lines are gone). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.skeleton') === null && !/Loading/.test(document.querySelector('main')?.textContent ?? ''));
}
