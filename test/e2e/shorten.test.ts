import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations, eventually, requestsBesidesRecentList, useExtension, type Harness } from './fixture';
import { PopupPage } from './pages/popup-page';

async function clipboardText(h: Harness, write?: string): Promise<string> {
  const page = await h.context.newPage();
  try {
    await page.goto(h.site.url);
    if (write !== undefined) await page.evaluate((text) => navigator.clipboard.writeText(text), write);
    return await page.evaluate(() => navigator.clipboard.readText());
  } finally {
    await page.close();
  }
}

describe('one-click shorten from the popup', () => {
  const h = useExtension({ clipboard: true, connect: true });

  it('makes the short link, which the service holds, redirects and the clipboard has', async () => {
    const target = `${h.site.url}/article-one`;
    const popup = await PopupPage.open(h, target);
    const shortUrl = await popup.shortLink();
    assert.match(shortUrl, /^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9]{7}$/);
    await eventually(async () => ((await popup.ready()) ? true : undefined), 'the ready mark');
    assert.match(await popup.text(), /Copied/);

    const links = await h.listLinks();
    assert.equal(links.totalCount, 1);
    assert.equal(links.list[0]?.shortUrl, shortUrl);
    assert.equal(links.list[0]?.longUrl, target);

    const redirect = await fetch(shortUrl, { redirect: 'manual' });
    assert.equal(redirect.status, 302);
    assert.equal(redirect.headers.get('location'), target);

    assert.equal(await clipboardText(h), shortUrl);
    await popup.close();
  });

  it('shows progress while a slow service makes the link', async () => {
    h.setServiceDelay(1500);
    try {
      const popup = await PopupPage.open(h, `${h.site.url}/slow-article`);
      await popup.page.getByRole('status').filter({ hasText: 'Shortening…' }).waitFor();
      assert.match(await popup.shortLink(), /^http:\/\/127\.0\.0\.1:\d+\/\w{7}$/);
      await popup.close();
    } finally {
      h.setServiceDelay(0);
    }
  });

  it('shows an already shortened page from the cache with no request to the service', async () => {
    const target = `${h.site.url}/article-two`;
    const first = await PopupPage.open(h, target);
    const shortUrl = await first.shortLink();
    await first.close();

    // Something else copied since: opening the popup again must put the link back on the clipboard.
    assert.equal(await clipboardText(h, 'copied meanwhile'), 'copied meanwhile');
    h.resetRequests();
    const second = await PopupPage.open(h, target);
    assert.equal(await second.shortLink(), shortUrl);
    await eventually(async () => ((await second.ready()) ? true : undefined), 'the ready mark');
    assert.match(await second.text(), /Copied/);
    assert.equal(await clipboardText(h), shortUrl);
    await second.page.getByText('You shortened this page before: this is the same link.').waitFor();
    assert.deepEqual(requestsBesidesRecentList(h), [], 'no API request for a cached link');
    const forTarget = (await h.listLinks()).list.filter((l) => l.longUrl === target);
    assert.equal(forTarget.length, 1, 'still one link for the page');
    await second.close();
  });

  it('makes a new link for a page shortened before only when asked, and keeps the first', async () => {
    const target = `${h.site.url}/article-new-one`;
    const first = await PopupPage.open(h, target);
    const firstLink = await first.shortLink();
    await first.close();

    const second = await PopupPage.open(h, target);
    assert.equal(await second.shortLink(), firstLink);
    await second.page.getByRole('button', { name: 'Make a new link' }).click();
    const made = await eventually(async () => {
      const shown = await second.shortLink();
      return shown !== firstLink ? shown : undefined;
    }, 'the new link shown');
    const forTarget = (await h.listLinks()).list.filter((l) => l.longUrl === target).map((l) => l.shortUrl);
    assert.deepEqual(forTarget.sort(), [firstLink, made].sort(), 'two links for the page: the first is kept');
    await second.close();
  });

  it('has no accessibility violations with a link shown, in the light and the dark theme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const popup = await PopupPage.open(h, `${h.site.url}/article-one`);
      await popup.page.emulateMedia({ colorScheme });
      await popup.shortLink();
      await popup.rows().first().waitFor();
      assert.deepEqual(await axeViolations(popup.page), [], colorScheme);
      await popup.close();
    }
  });

  it('is one document of 360 px with one scroll area: no frames, nothing wider, nothing else scrolling', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/article-one`);
    await popup.shortLink();
    await popup.rows().first().waitFor();
    const layout = await popup.page.evaluate(() => ({
      frames: document.querySelectorAll('iframe, frame').length,
      width: document.body.getBoundingClientRect().width,
      // Within the 600 px a browser gives a popup, so the browser never scrolls the document itself.
      height: document.body.getBoundingClientRect().height <= 600,
      wider: Array.from(document.querySelectorAll('body *')).filter((el) => el.getBoundingClientRect().right > 360.5).length,
      // Everything under the header scrolls in one box, the recent list with the rest; nothing else does.
      scrollBox: getComputedStyle(document.querySelector('.popup-scroll') as Element).overflowY,
      otherScrollAreas: Array.from(document.querySelectorAll<HTMLElement>('body *:not(.popup-scroll)'))
        .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight)
        .map((el) => el.className),
      shortLinkFontPx: parseFloat(getComputedStyle(document.querySelector('#short-link') as Element).fontSize),
      // The scroll box's bar in the theme's colours, light and dark (not the browser's white strip in the dark).
      thumbs: ['light', 'dark'].map((theme) => {
        document.documentElement.dataset.theme = theme;
        return getComputedStyle(document.querySelector('.popup-scroll') as Element).scrollbarColor;
      }),
    }));
    assert.deepEqual(layout, {
      frames: 0,
      width: 360,
      height: true,
      wider: 0,
      scrollBox: 'auto',
      otherScrollAreas: [],
      shortLinkFontPx: 18,
      thumbs: ['rgb(161, 161, 170) rgba(0, 0, 0, 0)', 'rgb(92, 92, 102) rgba(0, 0, 0, 0)'],
    });
    await popup.close();
  });

  it('"Copied" confirms without outshining the short link: in the dark theme the button is no brighter than the page around it', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/article-one`);
    await popup.page.emulateMedia({ colorScheme: 'dark' });
    const button = popup.page.getByRole('button', { name: 'Copied', exact: true });
    await button.waitFor();
    // Its fill is the soft green of a confirmation, not the bright green it had; the words stay legible (axe).
    const fill = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
    const luminance = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    assert.ok(luminance(fill) < 0.1, `the Copied button's fill ${fill} is dim`);
    assert.deepEqual(await axeViolations(popup.page), []);
    await popup.close();
  });

  it('makes a custom keyword link, and offers free ones when the keyword is taken', async () => {
    const popup = await PopupPage.open(h, `${h.site.url}/article-one`);
    await popup.shortLink();
    await popup.openCustomise();
    const field = popup.page.getByLabel('Custom keyword');
    await field.fill('api');
    await popup.waitForText('"api" is reserved. Choose another keyword.');
    assert.equal(await popup.page.getByRole('button', { name: 'Create custom link' }).isDisabled(), true);
    await field.fill('launch-day');
    await popup.page.getByRole('button', { name: 'Create custom link' }).click();
    await eventually(async () => ((await popup.shortLink()).endsWith('/launch-day') ? true : undefined), 'the custom link');

    // The same keyword for another page is taken: the service's free alternatives are offered.
    const other = await PopupPage.open(h, `${h.site.url}/article-three`);
    const made = await other.shortLink();
    await other.openCustomise();
    await other.page.getByLabel('Custom keyword').fill('launch-day');
    await other.page.getByRole('button', { name: 'Create custom link' }).click();
    await other.waitForText(/That keyword is already taken/);
    // The link already made stays on screen beside the alternatives.
    assert.equal(await other.shortLink(), made);
    const suggestion = other.suggestion();
    const suggested = await other.suggestedUrl();
    assert.match(suggested, /^http:\/\/127\.0\.0\.1:\d+\/launch-day-?\w+$/);
    await suggestion.click();
    await eventually(async () => ((await other.shortLink()) === suggested ? true : undefined), 'the suggested link');
    await popup.close();
    await other.close();
  });
});
