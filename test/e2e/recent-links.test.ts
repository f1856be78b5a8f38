/**
 * The popup's recent links against the real service, in the popup's own
 * document: more than one page of links, the next page when the popup is
 * scrolled to its end, text and tag filters, copy (and "Copied" on that row
 * only), a row's QR code decoded back to its short link, tags edited with
 * the chip picker, and a delete confirmed, gone from the list and from the service.
 * Then rows that cannot be misread: the clicks apart from every other figure
 * at 360 px, tags whole or counted, and, offline, the titles and clicks the
 * cache kept, under a waiting link's card that keeps its page's title.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { axeViolations, eventually, useExtension, type Harness } from './fixture';
import { PopupPage } from './pages/popup-page';
import { PERSON_UA } from './service-parts';

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

  async function openList(): Promise<{ popup: PopupPage; page: Page }> {
    const popup = await PopupPage.open(h, `${h.site.url}/recent-popup`);
    await popup.shortLink();
    await popup.rows().first().waitFor();
    return { popup, page: popup.page };
  }

  it('shows the newest page, the next one on scroll, and filters by text and tag', async () => {
    const { popup, page } = await openList();
    const shortUrl = await popup.shortLink();
    const rows = popup.rows();
    // The service's first page of 20, newest first, less the popup's own link: the card above shows it, and it is not repeated.
    await eventually(async () => ((await rows.count()) === 19 ? true : undefined), 'the first page');
    assert.equal(await popup.row(shortUrl).count(), 0);
    assert.equal(await PopupPage.rowUrl(rows.first()), shortOf[MADE - 1]);
    assert.deepEqual(await axeViolations(page), []);
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(page), [], 'dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // One scroll area, the popup's own: its end asks for the next page.
    await page.locator('.popup-scroll').evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await eventually(async () => ((await rows.count()) === MADE ? true : undefined), 'the next page after scrolling');
    assert.equal(await PopupPage.rowUrl(rows.last()), shortOf[0]);

    await page.getByLabel('Filter by text').fill('recent-12');
    await eventually(async () => ((await rows.count()) === 1 ? true : undefined), 'the text filter');
    assert.equal(await PopupPage.rowUrl(rows.first()), shortOf[12]);

    await page.getByLabel('Filter by text').fill('');
    await page.getByLabel('Tag', { exact: true }).selectOption('alpha');
    await eventually(async () => ((await rows.count()) === 1 ? true : undefined), 'the tag filter');
    assert.equal(await PopupPage.rowUrl(rows.first()), shortOf[3]);
    assert.equal(await rows.first().locator('.tag').textContent(), 'alpha');
    await page.close();
  });

  it('copies a row ("Copied" on that row alone) and its QR code decodes to its short link', async () => {
    const { popup, page } = await openList();
    const target = shortOf[20] as string;
    const row = popup.row(target);
    await row.getByRole('button', { name: `Copy ${target}` }).click();
    await row.getByText('Copied', { exact: true }).waitFor();
    // Read in one go while it shows (it lasts 2.5 s): "Copied" on that row alone; the link the popup
    // made and copied on opening no longer says so.
    const copied = await page.evaluate(() => {
      const saying = [...document.querySelectorAll('body *')].filter((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim() === 'Copied'));
      return { everywhere: saying.length, onResult: saying.filter((e) => e.closest('.card.result') !== null).length };
    });
    assert.deepEqual(copied, { everywhere: 1, onResult: 0 });
    assert.equal(await clipboardText(h), target);

    // Its menu, by keyboard: Enter opens it on the first item (QR code).
    await row.getByRole('button', { name: `More actions for ${target}` }).focus();
    await page.keyboard.press('Enter');
    // The menu's code may still be loading when Enter is pressed: focus lands once it is drawn.
    await page.waitForFunction(() => document.activeElement?.textContent === 'QR code', undefined, { timeout: 5_000 }).catch(() => undefined);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'QR code');
    await page.keyboard.press('Enter');
    await row.getByRole('img', { name: `QR code of ${target}` }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download PNG' }).click()]);
    const png = PNG.sync.read(readFileSync(await download.path()));
    assert.equal(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data, shortOf[20]);
    await page.close();
  });

  it('sets a row\'s tags with the chip picker, which the service keeps', async () => {
    const { popup, page } = await openList();
    const target = shortOf[22] as string;
    const row = popup.row(target);
    await popup.rowAction(target, 'Edit tags');
    const field = row.getByRole('combobox', { name: `Tags of ${target}` });
    // The field has the focus; a tag chosen twice is one tag.
    assert.equal(await field.evaluate((el) => el === document.activeElement), true);
    await PopupPage.addTags(field, [' gamma', 'delta ', 'gamma']);
    assert.deepEqual(await axeViolations(page), []);
    await row.getByRole('button', { name: 'Save tags' }).click();
    const tagsOf = () => row.locator('.row-tags').getAttribute('title');
    await eventually(async () => ((await tagsOf()) === 'gamma, delta' ? true : undefined), 'the new tags');
    const { list: links } = await api<{ list: { shortUrl: string; tags: string[] }[] }>(h, 'GET', `/link?workspaceId=${h.workspaceId}&pageSize=100`);
    assert.deepEqual(links.find((l) => l.shortUrl === target)?.tags, ['gamma', 'delta']);

    // A tag over 50 characters is refused in words where it is typed, and changes nothing.
    await popup.rowAction(target, 'Edit tags');
    await field.fill('x'.repeat(51));
    await row.getByText('A tag has at most 50 characters.').waitFor();
    assert.equal(await row.getByRole('button', { name: 'Save tags' }).isDisabled(), true);
    await row.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await tagsOf(), 'gamma, delta');
    await page.close();
  });

  it('deletes a link after confirmation: gone from the list and from the service', async () => {
    const { popup, page } = await openList();
    const target = shortOf[21] as string;
    const row = popup.row(target);
    await popup.rowAction(target, 'Delete');
    await row.getByText(`Delete ${target}?`).waitFor();
    // The destructive answer is red (the danger style) and has the focus; Cancel keeps the link.
    const confirm = row.getByRole('button', { name: 'Delete link' });
    assert.equal(await confirm.evaluate((el) => el.classList.contains('danger') && el === document.activeElement), true);
    assert.deepEqual(await axeViolations(page), []);
    await row.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await row.count(), 1);

    await popup.rowAction(target, 'Delete');
    await confirm.click();
    await eventually(async () => ((await row.count()) === 0 ? true : undefined), 'the row to go');
    const { list: links } = await api<{ list: { shortUrl: string }[] }>(h, 'GET', `/link?workspaceId=${h.workspaceId}&pageSize=100`);
    assert.equal(links.some((l) => l.shortUrl === target), false);
    assert.equal(links.length, MADE);

    // Reopened, the list comes from the service without it, and the later links still follow.
    await page.close();
    const again = await openList();
    const rows = again.popup.rows();
    await eventually(async () => ((await rows.count()) === 19 ? true : undefined), 'the first page');
    assert.equal(await again.popup.row(target).count(), 0);
    await again.page.close();
  });
});

async function totalClicks(h: Harness, linkId: string): Promise<number> {
  const body = await api<{ freeUserData: { scoreCardDetails: { data: { totalClicks: number } } } }>(h, 'GET', `/link/${linkId}/${h.workspaceId}`);
  return body.freeUserData.scoreCardDetails.data.totalClicks;
}

async function visit(h: Harness, link: { linkId: string; shortUrl: string }, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) assert.equal((await fetch(link.shortUrl, { redirect: 'manual', headers: { 'user-agent': PERSON_UA } })).status, 302);
  // The service writes clicks about once a second.
  await eventually(async () => ((await totalClicks(h, link.linkId)) === times ? true : undefined), 'the clicks written', 20_000);
}

type Box = Awaited<ReturnType<typeof PopupPage.rowBoxes>>[number];

/** Boxes that share a line and are less than `gap` px apart, or that overlap. */
function touching(a: Box, b: Box, gap: number): boolean {
  const xGap = Math.max(b.left - a.right, a.left - b.right);
  const yGap = Math.max(b.top - a.bottom, a.top - b.bottom);
  return yGap < 0 && xGap < gap;
}

describe('recent rows that cannot be misread', () => {
  const h = useExtension({ connect: true });

  it('a row with 97 clicks and two long tags at 360 px: the count stands apart, the tags are one count, one tag is whole', async () => {
    const made = (path: string) =>
      api<{ linkId: string; shortUrl: string }>(h, 'POST', '/link', { workspaceId: h.workspaceId, keywordType: 'HASH', longUrl: `${h.site.url}${path}`, customDomain: null });
    const two = await made('/spring-collection-2026-launch-event-tickets-and-early-bird-offers-for-members');
    await api(h, 'PATCH', '/link', { workspaceId: h.workspaceId, linkId: two.linkId, tags: ['spring-launch-2026', 'newsletter-subscribers'] });
    const one = await made('/summer-catalogue');
    await api(h, 'PATCH', '/link', { workspaceId: h.workspaceId, linkId: one.linkId, tags: ['partner-campaigns'] });
    await visit(h, two, 97);

    const popup = await PopupPage.open(h, `${h.site.url}/rows-popup`);
    await popup.page.setViewportSize({ width: 360, height: 600 });
    await popup.shortLink();
    const row = popup.row(two.shortUrl);
    await row.getByText('97 clicks', { exact: true }).waitFor();

    const boxes = await PopupPage.rowBoxes(row);
    const clicks = boxes.find((b) => b.text === '97 clicks');
    assert.ok(clicks, JSON.stringify(boxes));
    // Nothing of the row touches another figure on its line, the count least of all: no "+197 clicks".
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) assert.ok(!touching(a, b, 6), `"${a.text}" and "${b.text}" touch: ${JSON.stringify([a, b])}`);
    }
    assert.doesNotMatch(await row.innerText(), /\+\d/);
    // The count at the row's right; the two tags as one count, read out whole.
    const text = await row.locator('.row-text').boundingBox();
    assert.ok(text !== null && Math.abs(text.x + text.width - clicks.right) < 1, 'the clicks are right-aligned');
    assert.equal((await row.locator('.tag').innerText()).trim(), '2 tags');
    assert.equal(await row.locator('.row-tags').getAttribute('title'), 'spring-launch-2026, newsletter-subscribers');
    // The title has the row's width to itself.
    const title = boxes.find((b) => b.part.includes('row-title'));
    assert.ok(title !== undefined && text !== null && title.right - title.left >= text.width - 1, 'the title spans the row');

    // One tag: whole, not cut to its first letter.
    const single = popup.row(one.shortUrl).locator('.tag .truncate');
    assert.equal(await single.innerText(), 'partner-campaigns');
    assert.equal(await single.evaluate((el) => el.scrollWidth <= el.clientWidth), true, 'the tag is not cut');

    for (const colorScheme of ['light', 'dark'] as const) {
      await popup.page.emulateMedia({ colorScheme });
      assert.deepEqual(await axeViolations(popup.page), [], colorScheme);
    }
    await popup.close();
  });

  it('offline: the waiting link keeps its page\'s title and says it waits; the rows keep the titles and clicks the cache holds', async () => {
    // A link the extension made (so its cache holds it), with clicks and a tag the service lists.
    const first = await PopupPage.open(h, `${h.site.url}/offline-figures`);
    const shortUrl = await first.shortLink();
    await first.close();
    const { list } = await api<{ list: { _id: string; shortUrl: string }[] }>(h, 'GET', `/link?workspaceId=${h.workspaceId}&pageSize=100`);
    const linkId = list.find((l) => l.shortUrl === shortUrl)?._id ?? '';
    await api(h, 'PATCH', '/link', { workspaceId: h.workspaceId, linkId, tags: ['field-notes'] });
    await visit(h, { linkId, shortUrl }, 5);

    // Listed once online: the background keeps what the service said of it.
    const online = await PopupPage.open(h, `${h.site.url}/offline-lister`);
    await online.row(shortUrl).getByText('5 clicks', { exact: true }).waitFor();
    await online.close();
    const worker = await h.worker();
    await eventually(
      async () =>
        (await worker.evaluate(async () => JSON.stringify(await (globalThis as unknown as { chrome: { storage: { local: { get(): Promise<unknown> } } } }).chrome.storage.local.get()))).includes('"clicks":5')
          ? true
          : undefined,
      'the figures kept in the cache',
    );

    const site = await h.context.newPage();
    await site.goto(`${h.site.url}/offline-article-to-share`);
    await h.context.setOffline(true);
    try {
      const popup = await PopupPage.openOver(h, site);
      await popup.waitForText('You are offline.');
      const card = popup.page.locator('.card.result');
      await card.getByText('Waiting', { exact: true }).waitFor();
      assert.equal(await card.locator('.page-title').innerText(), 'Demo offline-article-to-share');
      const row = popup.row(shortUrl);
      await row.getByText('5 clicks', { exact: true }).waitFor();
      assert.equal(await row.locator('.row-title').innerText(), 'Demo offline-figures');
      assert.equal((await row.locator('.tag').innerText()).trim(), 'field-notes');
      await popup.close();
    } finally {
      await h.context.setOffline(false);
      await site.close();
    }
  });
});
