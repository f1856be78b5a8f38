/**
 * The popup's recent links against the real service: more than one page of
 * links, the next page on scroll, text and tag filters, copy, a row's QR code
 * decoded back to its short link, tags edited, and a delete confirmed, gone
 * from the list and from the service.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import jsQR from 'jsqr';
import type { FrameLocator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { axeViolations, eventually, useExtension, type Harness } from './fixture';
import { PopupPage } from './pages/popup-page';

/** Links made before the popup opens: more than the list's page of 20. */
const MADE = 25;

async function api<T>(h: Harness, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${h.service.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${method} ${path}`);
  return ((await res.json()) as { data: T }).data;
}

async function clipboardText(h: Harness): Promise<string> {
  const page = await h.context.newPage();
  try {
    await page.goto(h.site.url);
    return await page.evaluate(() => navigator.clipboard.readText());
  } finally {
    await page.close();
  }
}

describe('recent links in the popup', () => {
  const h = useExtension({ clipboard: true, connect: true });
  /** Short URL of each made link, by its number. */
  const shortOf: string[] = [];

  before(async () => {
    for (let i = 0; i < MADE; i += 1) {
      const made = await api<{ linkId: string; shortUrl: string }>(h, 'POST', '/link', {
        workspaceId: h.workspaceId,
        keywordType: 'HASH',
        longUrl: `${h.site.url}/recent-${i}`,
        customDomain: null,
      });
      shortOf[i] = made.shortUrl;
      if (i === 3) await api(h, 'PATCH', '/link', { workspaceId: h.workspaceId, linkId: made.linkId, tags: ['alpha'] });
    }
  });

  async function openList(): Promise<{ popup: PopupPage; page: Page; list: FrameLocator }> {
    const popup = await PopupPage.open(h, `${h.site.url}/recent-popup`);
    await popup.shortLink();
    const list = popup.page.frameLocator('iframe.recent-frame');
    return { popup, page: popup.page, list };
  }

  it('shows the newest page, the next one on scroll, and filters by text and tag', async () => {
    const { popup, page, list } = await openList();
    const shortUrl = await popup.shortLink();
    const rows = list.locator('.recent-scroll li');
    // The service's first page: the popup's own link first, newest first, 20 rows.
    await eventually(async () => ((await rows.count()) === 20 ? true : undefined), 'the first page');
    assert.equal(await rows.first().locator('.url').first().textContent(), shortUrl);
    assert.equal(await rows.nth(1).locator('.url').first().textContent(), shortOf[MADE - 1]);

    await list.locator('.recent-scroll').evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await eventually(async () => ((await rows.count()) === MADE + 1 ? true : undefined), 'the next page after scrolling');
    assert.equal(await rows.last().locator('.url').first().textContent(), shortOf[0]);

    await list.getByLabel('Filter by text').fill('recent-12');
    await eventually(async () => ((await rows.count()) === 1 ? true : undefined), 'the text filter');
    assert.equal(await rows.first().locator('.url').first().textContent(), shortOf[12]);

    await list.getByLabel('Filter by text').fill('');
    await list.getByLabel('Tag', { exact: true }).selectOption('alpha');
    await eventually(async () => ((await rows.count()) === 1 ? true : undefined), 'the tag filter');
    assert.equal(await rows.first().locator('.url').first().textContent(), shortOf[3]);
    assert.equal(await rows.first().locator('.tag').textContent(), 'alpha');

    const listPage = await h.openPage('recent.html');
    await listPage.locator('.recent-scroll li').first().waitFor();
    assert.deepEqual(await axeViolations(listPage), []);
    await listPage.close();
    await page.close();
  });

  it('copies a row and its QR code decodes to its short link', async () => {
    const { page, list } = await openList();
    const row = list.locator('.recent-scroll li').filter({ hasText: shortOf[20] as string });
    const copy = row.getByRole('button', { name: `Copy ${shortOf[20]}` });
    await copy.click();
    await eventually(async () => ((await copy.textContent()) === 'Copied' ? true : undefined), 'the button to say Copied');
    assert.equal(await clipboardText(h), shortOf[20]);

    await row.getByRole('button', { name: 'QR code', exact: true }).click();
    const qr = row.frameLocator('iframe.qr-frame');
    await qr.getByRole('img', { name: `QR code of ${shortOf[20]}` }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), qr.getByRole('button', { name: 'Download PNG' }).click()]);
    const png = PNG.sync.read(readFileSync(await download.path()));
    assert.equal(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data, shortOf[20]);
    await page.close();
  });

  it('sets a row\'s tags, which the service keeps', async () => {
    const { page, list } = await openList();
    const row = list.locator('.recent-scroll li').filter({ hasText: shortOf[22] as string });
    await row.getByRole('button', { name: `Edit tags of ${shortOf[22]}` }).click();
    await row.getByLabel(`Tags of ${shortOf[22]}, separated by commas`).fill(' gamma, delta ,gamma');
    await row.getByRole('button', { name: 'Save tags' }).click();
    await eventually(async () => ((await row.locator('.tag').allTextContents()).join(',') === 'gamma,delta' ? true : undefined), 'the new tags');
    const { list: links } = await api<{ list: { shortUrl: string; tags: string[] }[] }>(h, 'GET', `/link?workspaceId=${h.workspaceId}&pageSize=100`);
    assert.deepEqual(links.find((l) => l.shortUrl === shortOf[22])?.tags, ['gamma', 'delta']);

    // A tag over 50 characters is refused in words and changes nothing.
    await row.getByRole('button', { name: `Edit tags of ${shortOf[22]}` }).click();
    await row.getByLabel(`Tags of ${shortOf[22]}, separated by commas`).fill('x'.repeat(51));
    await row.getByRole('button', { name: 'Save tags' }).click();
    await row.getByRole('alert').waitFor();
    assert.deepEqual(await row.locator('.tag').allTextContents(), ['gamma', 'delta']);
    await page.close();
  });

  it('deletes a link after confirmation: gone from the list and from the service', async () => {
    const { page, list } = await openList();
    const target = shortOf[21] as string;
    const row = list.locator('.recent-scroll li').filter({ hasText: target });
    await row.getByRole('button', { name: `Delete ${target}` }).click();
    await row.getByText(`Delete ${target}?`).waitFor();
    // Cancel keeps it.
    await row.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await row.count(), 1);

    await row.getByRole('button', { name: `Delete ${target}` }).click();
    await row.getByRole('button', { name: 'Delete link' }).click();
    await eventually(async () => ((await row.count()) === 0 ? true : undefined), 'the row to go');
    const { list: links } = await api<{ list: { shortUrl: string }[] }>(h, 'GET', `/link?workspaceId=${h.workspaceId}&pageSize=100`);
    assert.equal(links.some((l) => l.shortUrl === target), false);
    assert.equal(links.length, MADE);

    // Reopened, the list comes from the service without it, and the later links still follow.
    await page.close();
    const again = await openList();
    const rows = again.list.locator('.recent-scroll li');
    await eventually(async () => ((await rows.count()) === 20 ? true : undefined), 'the first page');
    assert.equal(await again.list.locator('.recent-scroll li').filter({ hasText: target }).count(), 0);
    await again.page.close();
  });
});
