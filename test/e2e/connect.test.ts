import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { encodeConnectionCode } from '../../lib/contract/connection-code';
import type { WithChrome } from '../../scripts/chromium';
import { createToken } from '../../server/http/auth';
import { listTokens, revokeToken } from '../../server/http/token-admin';
import { axeViolations, eventually, useExtension } from './fixture';
import { OptionsPage, type OptionsSectionName } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

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

  it('opens the welcome page on install; the code comes first, and one by one it asks only for the address, token and workspace, and names the profile', async () => {
    const welcome = await eventually(async () => h.context.pages().find((p) => p.url().endsWith('/welcome.html')), 'the welcome tab');
    await welcome.getByLabel('Paste the connection code from your service').waitFor();
    // The three fields wait behind their disclosure.
    assert.equal(await welcome.getByLabel('Service address', { exact: true }).isVisible(), false);
    assert.deepEqual(await axeViolations(welcome), []);
    const byOne = welcome.locator('details').filter({ hasText: 'Enter them one by one' });
    await byOne.getByText('Enter them one by one').click();
    assert.deepEqual(await byOne.locator('input').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('name'))), ['baseUrl', 'token', 'workspaceId']);
    for (const [label, hint] of [
      ['Service address', /ending in \/api/],
      ['Access token', /Your service makes one/],
      ['Workspace', /The workspace the token was made for/],
    ] as const) {
      const field = welcome.getByLabel(label, { exact: true });
      const described = (await field.getAttribute('aria-describedby')) ?? '';
      assert.match((await welcome.locator(`#${described}`).textContent()) ?? '', hint, label);
    }
    assert.deepEqual(await axeViolations(welcome), []);

    // Problems are said under their fields, which are marked; the first takes the focus.
    await byOne.getByRole('button', { name: 'Connect' }).click();
    await welcome.locator('#connection-status').filter({ hasText: 'Check the 3 fields marked in red.' }).waitFor();
    for (const name of ['baseUrl', 'token', 'workspaceId']) assert.equal(await welcome.locator(`#${name}`).getAttribute('aria-invalid'), 'true', name);
    assert.equal(await welcome.locator('#token-message').textContent(), 'Fill in this field.');
    assert.equal(await welcome.evaluate(() => document.activeElement?.id), 'baseUrl');
    // The code's field is not blamed for the fields' problems.
    assert.equal(await welcome.getByLabel('Paste the connection code from your service').getAttribute('aria-invalid'), null);
    // The refused field, focused: one ring, in the red of its border, not a blue ring beside a red border.
    const ring = await welcome.locator('#baseUrl').evaluate((input) => {
      const box = input.closest('.field-control') ?? input;
      const style = getComputedStyle(box);
      return { outline: style.outlineColor, outlineStyle: style.outlineStyle, border: style.borderTopColor };
    });
    assert.notEqual(ring.outlineStyle, 'none', 'the focused field shows a ring');
    assert.equal(ring.outline, ring.border, 'ring and border agree');

    await welcome.getByLabel('Service address', { exact: true }).fill(h.apiBase);
    await welcome.getByLabel('Access token', { exact: true }).fill(h.token);
    // The token is hidden as a password until shown, by a named icon button with a tooltip.
    const token = welcome.getByLabel('Access token', { exact: true });
    assert.equal(await token.getAttribute('type'), 'password');
    await welcome.getByRole('button', { name: 'Show the token' }).click();
    assert.equal(await token.getAttribute('type'), 'text');
    assert.equal(await welcome.getByRole('button', { name: 'Hide the token' }).getAttribute('title'), 'Hide the token');
    await welcome.getByRole('button', { name: 'Hide the token' }).click();
    assert.equal(await token.getAttribute('type'), 'password');
    await welcome.getByLabel('Workspace', { exact: true }).fill(h.workspaceId);
    await byOne.getByRole('button', { name: 'Connect' }).click();
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
    assert.equal(await again.page.getByLabel('Service address', { exact: true }).inputValue(), h.apiBase);
    assert.equal(await again.page.getByLabel('Workspace', { exact: true }).inputValue(), h.workspaceId);
    await again.page.close();
    await options.page.close();
  });

  it('a connection code pasted under Connection fills the address, token and workspace; Save checks them', async () => {
    const options = await OptionsPage.open(h);
    const code = options.page.getByLabel('Connection code (optional)');
    await code.fill('sk_live_51H8x2eZvKYlo2C0aBcDeFgHiJ');
    await options.page.getByRole('button', { name: 'Fill in' }).click();
    assert.match((await options.page.locator('#profile-code-message').textContent()) ?? '', /not a Shortlink connection code/);
    assert.equal(await code.getAttribute('aria-invalid'), 'true');
    await options.fill({ baseUrl: 'http://127.0.0.1:9/api', token: 'typed-token', workspaceId: 'typed' });
    await code.fill(encodeConnectionCode({ apiBase: h.apiBase, token: h.token, workspaceId: h.workspaceId }));
    await options.page.getByRole('button', { name: 'Fill in' }).click();
    assert.equal(await options.page.getByLabel('Service address', { exact: true }).inputValue(), h.apiBase);
    assert.equal(await options.page.getByLabel('Access token', { exact: true }).inputValue(), h.token);
    assert.equal(await options.page.getByLabel('Workspace', { exact: true }).inputValue(), h.workspaceId);
    assert.equal(await code.getAttribute('aria-invalid'), null);
    assert.equal(await options.save(), 'Saved.');
    await options.page.close();
  });

  it('refuses a URL that is not http(s) before saving anything, beside the field', async () => {
    const options = await OptionsPage.open(h);
    await options.fill({ baseUrl: 'ftp://example.test/api', token: h.token, workspaceId: h.workspaceId });
    assert.equal(await options.save(), 'Check the field marked in red.');
    assert.match((await options.fieldHint('baseUrl').textContent()) ?? '', /http or https/);
    assert.equal(await options.page.getByLabel('Service address', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.equal(await options.page.evaluate(() => document.activeElement?.id), 'baseUrl');
    const stored = await (await h.worker()).evaluate(() => (globalThis as unknown as WithChrome).chrome.storage.local.get('connection'));
    const set = stored.connection as { activeId: string; profiles: { id: string; baseUrl: string }[] };
    assert.equal(set.profiles.find((p) => p.id === set.activeId)?.baseUrl, h.apiBase, 'the earlier connection is kept');
    await options.page.close();
  });

  it('says plainly, beside the field to fix, when the token is refused, the workspace is not granted, or the service is unreachable', async () => {
    const options = await OptionsPage.open(h);
    const cases: [Partial<{ baseUrl: string; token: string; workspaceId: string }>, 'baseUrl' | 'token' | 'workspaceId', RegExp][] = [
      [{ token: 'not-a-real-token' }, 'token', /refused the access token/],
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
    await options.page.getByLabel('Access token', { exact: true }).fill(h.token);
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
      for (const section of ['connection', 'shortening', 'appearance', 'domains', 'tags', 'rules', 'watch', 'queue', 'file'] as const) {
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
      ['Paste a copied address as a short link where you type', 'paste-short-link'],
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

describe('connecting with one paste: the connection code on the welcome page', () => {
  const h = useExtension();
  const CODE_LABEL = 'Paste the connection code from your service';

  /** The code of a token the service made and then revoked (401 from then on). */
  async function revokedCode(): Promise<string> {
    const token = await createToken(h.service.ctx.db, h.workspaceId, 'revoked-for-e2e');
    const made = (await listTokens(h.service.ctx.db)).find((t) => t.name === 'revoked-for-e2e');
    assert.equal(await revokeToken(h.service.ctx.db, made?.id ?? -1), 'revoked');
    return encodeConnectionCode({ apiBase: h.apiBase, token, workspaceId: h.workspaceId });
  }

  async function storedProfiles(): Promise<unknown[]> {
    const stored = await (await h.worker()).evaluate(() => (globalThis as unknown as WithChrome).chrome.storage.local.get('connection'));
    return (stored.connection as { profiles?: unknown[] } | undefined)?.profiles ?? [];
  }

  it('a code that cannot be used says why beside its field, in either theme, and nothing is saved', async () => {
    const welcome = await eventually(async () => h.context.pages().find((p) => p.url().endsWith('/welcome.html')), 'the welcome tab');
    const field = welcome.getByLabel(CODE_LABEL);
    await field.waitFor();
    // Where the code comes from is said with the field.
    assert.match((await welcome.locator(`#${(await field.getAttribute('aria-describedby')) ?? ''}`).textContent()) ?? '', /shortlink token --workspace acme/);
    const good = encodeConnectionCode({ apiBase: h.apiBase, token: h.token, workspaceId: h.workspaceId });
    const cases: [string, string, RegExp][] = [
      ['cut short', good.slice(0, Math.floor(good.length * 0.6)), /incomplete or changed: it was probably cut short/],
      ["another product's key", 'sk_live_51H8x2eZvKYlo2C0aBcDeFgHiJkLmN', /not a Shortlink connection code/],
      ['an ftp address', encodeConnectionCode({ apiBase: 'ftp://127.0.0.1/api', token: h.token, workspaceId: h.workspaceId }), /not a web address \(http or https\)/],
      ['a revoked token', await revokedCode(), /refused the token in this code: it may have been revoked/],
      ['a wrong token', encodeConnectionCode({ apiBase: h.apiBase, token: 'sl_not-a-token-of-this-service', workspaceId: h.workspaceId }), /refused the token in this code/],
    ];
    h.resetRequests();
    for (const [what, code, reason] of cases) {
      await field.fill(code);
      await welcome.getByRole('button', { name: 'Connect' }).click();
      await welcome.locator('#connection-code-status').filter({ hasText: 'Nothing was saved: see the field marked in red.' }).waitFor();
      const message = welcome.locator('#connection-code-message');
      await eventually(async () => reason.test((await message.textContent()) ?? '') || undefined, `${what}: ${String(reason)}`);
      assert.equal(await field.getAttribute('aria-invalid'), 'true', what);
      assert.match((await field.getAttribute('aria-describedby')) ?? '', /\bconnection-code-message\b/, what);
      // The field takes the focus once the refusal is drawn (an effect, after the frame that shows it).
      await eventually(async () => (await welcome.evaluate(() => document.activeElement?.id)) === 'connection-code' || undefined, `${what}: the field focused`);
      assert.deepEqual(await storedProfiles(), [], `${what}: nothing saved`);
      // A code that cannot be read is refused before the service is asked anything.
      if (!what.includes('token')) assert.equal(h.requests(), 0, `${what}: the service was not asked`);
      await field.fill('');
    }
    // Both ways in view, the code's problem shown.
    await welcome.getByText('Enter them one by one').click();
    await welcome.getByLabel('Service address', { exact: true }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await welcome.emulateMedia({ colorScheme: scheme });
      assert.deepEqual(await axeViolations(welcome), [], `the refused code, ${scheme}`);
    }
    await welcome.emulateMedia({ colorScheme: null });
    await welcome.close();
  });

  it('a code pasted with line breaks and spaces connects, and the popup then makes a link', async () => {
    const welcome = await h.openPage('welcome.html');
    const code = encodeConnectionCode({ apiBase: h.apiBase, token: h.token, workspaceId: h.workspaceId });
    // As an email wraps it: broken over lines, indented, with a blank line after.
    const wrapped = `  ${code.slice(0, 25)}\n   ${code.slice(25, 60)}\r\n${code.slice(60)}  \n\n`;
    await welcome.getByLabel(CODE_LABEL).fill(wrapped);
    await welcome.getByRole('button', { name: 'Connect' }).click();
    await welcome.getByText("You're connected").waitFor();
    await welcome.getByText(`Links are made in workspace “${h.workspaceId}” at 127.0.0.1.`).waitFor();
    assert.equal((await storedProfiles()).length, 1);
    await welcome.close();

    const target = `${h.site.url}/pasted-code`;
    const popup = await PopupPage.open(h, target);
    const shortUrl = await popup.shortLink();
    assert.equal((await h.listLinks()).list.find((l) => l.longUrl === target)?.shortUrl, shortUrl);
    await popup.page.close();
  });
});

/** No list of the section is still loading (its skeletons and "Loading…" lines are gone). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.skeleton') === null && !/Loading/.test(document.querySelector('main')?.textContent ?? ''));
}
