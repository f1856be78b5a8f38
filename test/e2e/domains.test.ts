import assert from 'node:assert/strict';
import http from 'node:http';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, eventually, useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';

/**
 * Custom domains against the real service in trusted-domains mode (a new
 * domain counts as set up at once, no DNS asked): connect one from the
 * options page, see its records, toggle HTTPS, delete it; choose one in the
 * popup and follow the short link it makes with that domain's Host header.
 */

interface ListedDomain {
  _id: string;
  domain: string;
  domainConfig: { httpToHttps: boolean };
}

describe('custom domains', () => {
  const h = useExtension({ trustDomains: true, clipboard: true, connect: true });
  let port: string;
  before(async () => {
    port = new URL(h.service.url).port;
  });

  /** The service's own view of the workspace's domains. */
  async function serviceDomains(): Promise<ListedDomain[]> {
    const res = await fetch(`${h.service.url}/api/customDomain?workspaceId=${h.workspaceId}&pageSize=100`, {
      headers: { authorization: `Bearer ${h.token}` },
    });
    return ((await res.json()) as { data: { list: ListedDomain[] } }).data.list;
  }

  const posts = () => h.requestPaths().filter((p) => p.startsWith('POST /api/customDomain')).length;

  async function openOptions(): Promise<Page> {
    const options = await OptionsPage.open(h, 'domains');
    return options.page;
  }

  async function tryConnect(page: Page, name: string): Promise<void> {
    await page.getByLabel('Domain to connect').fill(name);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
  }

  it('refuses bad names next to the field, sending nothing', async () => {
    const page = await openOptions();
    await page.getByText('No custom domains yet.').waitFor();
    h.resetRequests();
    const cases: [string, RegExp][] = [
      ['https://go.example.com', /Leave out https:\/\//],
      ['go.example.com/promo', /Enter only the domain, without "\/"/],
      ['go example.com', /cannot contain spaces/],
      ['example', /at least two parts/],
      [`${'a'.repeat(64)}.example.com`, /at most 63 characters/],
      ['127.0.0.1', /not an IP address/],
    ];
    for (const [name, message] of cases) {
      await tryConnect(page, name);
      await page.locator('#domain-input-message').filter({ hasText: message }).waitFor();
      assert.equal(await page.getByLabel('Domain to connect').getAttribute('aria-invalid'), 'true', name);
    }
    assert.equal(posts(), 0, 'no domain was sent');
    assert.deepEqual(await serviceDomains(), []);
    await page.close();
  });

  it('connects an international domain: shown in Unicode, sent as punycode, with its DNS records to copy', async () => {
    const page = await openOptions();
    await page.getByLabel('Domain to connect').fill('Bücher.localhost');
    await page.getByText('Will be connected as xn--bcher-kva.localhost').waitFor();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();

    const records = page.getByRole('region', { name: 'DNS records for bücher.localhost' });
    await records.waitFor();
    const txt = records.getByRole('row').filter({ hasText: 'TXT' });
    assert.match(await txt.innerText(), /_shortlink-challenge\.xn--bcher-kva\.localhost\s+Copy\s+[0-9a-f]{64}/);
    // An apex: an A record to the service's address.
    const routing = records.getByRole('row').filter({ has: page.getByRole('cell', { name: 'A', exact: true }) });
    assert.match(await routing.innerText(), /xn--bcher-kva\.localhost\s+Copy\s+127\.0\.0\.1/);
    await records.getByText(/usually where you bought it/).waitFor();

    const value = /[0-9a-f]{64}/.exec(await txt.innerText())?.[0] ?? '';
    await records.getByRole('button', { name: 'Copy the value of the TXT record' }).click();
    await records.getByRole('status').filter({ hasText: `Copied: ${value}` }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), value);

    const [stored] = await serviceDomains();
    assert.equal(stored?.domain, 'xn--bcher-kva.localhost');
    const row = page.locator('li.domain-row', { hasText: 'bücher.localhost' });
    await row.getByRole('heading', { name: 'bücher.localhost (xn--bcher-kva.localhost)' }).waitFor();
    await row.getByText('Ready for short links: done').waitFor();
    await row.getByText('Ready', { exact: true }).waitFor();
    // Once ready, its pointing record stays findable from its row (not only right after connecting).
    await row.getByText('DNS records that point bücher.localhost here').click();
    assert.match(await row.getByRole('row').filter({ has: page.getByRole('cell', { name: 'A', exact: true }) }).innerText(), /xn--bcher-kva\.localhost\s+Copy\s+127\.0\.0\.1/);

    // The same name in another spelling is already connected: refused before sending.
    h.resetRequests();
    await tryConnect(page, 'XN--BCHER-KVA.localhost.');
    await page.getByText('This domain is already connected to this workspace.').waitFor();
    assert.equal(posts(), 0);
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

  it('toggles HTTP to HTTPS, checks again, and deletes with a confirmation', async () => {
    const page = await openOptions();
    const row = page.locator('li.domain-row', { hasText: 'bücher.localhost' });
    await row.getByLabel('Send HTTP visitors to HTTPS').check();
    await eventually(async () => ((await serviceDomains())[0]?.domainConfig.httpToHttps === true ? true : undefined), 'https on');
    await row.getByLabel('Send HTTP visitors to HTTPS').uncheck();
    await eventually(async () => ((await serviceDomains())[0]?.domainConfig.httpToHttps === false ? true : undefined), 'https off');

    await row.getByRole('button', { name: 'Check again: bücher.localhost' }).click();
    await row.getByRole('status').filter({ hasText: 'bücher.localhost is set up' }).waitFor();

    await row.getByRole('button', { name: 'Delete: bücher.localhost' }).click();
    await row.getByRole('button', { name: 'Keep it' }).click();
    assert.equal((await serviceDomains()).length, 1, 'kept');
    await row.getByRole('button', { name: 'Delete: bücher.localhost' }).click();
    await row.getByRole('button', { name: 'Delete the domain and its links' }).click();
    await page.getByText('No custom domains yet.').waitFor();
    assert.deepEqual(await serviceDomains(), []);
    await page.close();
  });

  it('offline, the domains that cannot be read are not said to be none', async () => {
    await h.context.setOffline(true);
    try {
      const page = await openOptions();
      await page.getByRole('alert').filter({ hasText: "The domains could not be loaded. Can't reach 127.0.0.1." }).waitFor();
      assert.equal(await page.getByText('No custom domains yet.').count(), 0);
      await page.close();
    } finally {
      await h.context.setOffline(false);
    }
  });

  it('popup: a custom domain chosen for a custom keyword makes the link on that domain, and it redirects', async () => {
    const page = await openOptions();
    await tryConnect(page, 'go.localhost');
    await page.getByRole('region', { name: 'DNS records for go.localhost' }).waitFor();
    // Settled: the list read again after connecting has answered.
    await page.locator('li.domain-row', { hasText: 'go.localhost' }).waitFor();
    // The default domain's picker (Shortening) offers it now.
    await page.locator('nav a[href="#shortening"]').click();
    const defaults = page.getByLabel('Default domain');
    await eventually(
      async () => ((await defaults.isEnabled()) && (await defaults.locator('option').allInnerTexts()).includes('go.localhost') ? true : undefined),
      'the defaults picker offering go.localhost',
    );
    await page.close();

    const target = `${h.site.url}/on-my-domain`;
    h.resetRequests();
    const popup = await PopupPage.open(h, target);
    await popup.shortLink();
    // The picker (and its list) loads only when the customise panel opens.
    assert.equal(h.requestPaths().filter((p) => p.includes('/customDomain')).length, 0, 'no domain list asked for');
    await popup.openCustomise();
    const picker = popup.page.getByLabel('Domain', { exact: true });
    await picker.waitFor();
    assert.equal(await picker.inputValue(), '', "the options' default (the service's own domain) preselected");
    await picker.selectOption('go.localhost');
    await popup.page.getByLabel('Custom keyword').fill('mine');
    await popup.page.getByRole('button', { name: 'Create custom link' }).click();
    await eventually(async () => ((await popup.shortLink()).includes('go.localhost') ? true : undefined), 'the link on go.localhost');
    assert.equal(await popup.shortLink(), `http://go.localhost:${port}/mine`);
    await popup.close();

    const location = await redirectOf('go.localhost', '/mine');
    assert.equal(location, target);
    // The same keyword on the service's own domain does not exist.
    assert.equal(await redirectOf(`127.0.0.1`, '/mine'), null);
  });

  it('options: the default domain is a picker of set-up domains, and the popup follows it', async () => {
    const options = await OptionsPage.open(h, 'shortening');
    const select = options.page.getByLabel('Default domain');
    await eventually(async () => ((await select.isEnabled()) ? true : undefined), 'the domain list');
    // The service's own domain by its name, beside the set-up custom ones.
    assert.deepEqual(await select.locator('option').allInnerTexts(), ['127.0.0.1', 'go.localhost']);
    await select.selectOption('go.localhost');
    await options.prefsSaved();
    await options.page.close();

    const popup = await PopupPage.open(h, `${h.site.url}/default-domain`);
    assert.match(await popup.shortLink(), new RegExp(`^http://go\\.localhost:${port}/[0-9A-Za-z]{7}$`));
    await popup.openCustomise();
    assert.equal(await popup.page.getByLabel('Domain', { exact: true }).inputValue(), 'go.localhost');
    await popup.close();
  });

  /** The Location of GET `path` on the service with `host` as the Host header (as the domain's visitors send it); null when 404. */
  function redirectOf(host: string, path: string): Promise<string | null> {
    const service = new URL(h.service.url);
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: service.hostname, port: service.port, path, headers: { host: `${host}:${service.port}` } },
        (res) => {
          res.resume();
          if (res.statusCode === 404) resolve(null);
          else if (res.statusCode === 302) resolve(res.headers.location ?? '');
          else reject(new Error(`status ${res.statusCode}`));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }
});
