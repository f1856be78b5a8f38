import type { Locator, Page } from 'playwright-core';
import type { Harness } from '../fixture';

/**
 * The popup, opened as a tab. A tab has no "active tab" but itself, so the
 * page to shorten is named with `?url=` (lib/popup/flow.ts, targetFromPage).
 * One document: the result, the customise panel, QR codes and the recent
 * links are all in it.
 */
export class PopupPage {
  private constructor(readonly page: Page) {}

  static async open(h: Harness, target?: string): Promise<PopupPage> {
    const query = target === undefined ? '' : `?url=${encodeURIComponent(target)}`;
    return new PopupPage(await h.openPage(`popup.html${query}`));
  }

  /**
   * The popup as the toolbar opens it, about a page the user has open: the
   * page's tab stays the active one and the popup loads in a background tab
   * of its window, so it reads that tab's address and title as the toolbar
   * popup does (a tab opened by the test itself would be the active tab).
   */
  static async openOver(h: Harness, site: Page): Promise<PopupPage> {
    await site.bringToFront();
    const opened = h.context.waitForEvent('page');
    const worker = await h.worker();
    await worker.evaluate(
      (url) => (globalThis as unknown as { chrome: { tabs: { create(p: { url: string; active: boolean }): Promise<unknown> } } }).chrome.tabs.create({ url, active: false }),
      `chrome-extension://${h.extensionId}/popup.html`,
    );
    const page = await opened;
    await page.waitForLoadState();
    return new PopupPage(page);
  }

  /** The short link once it is on screen, as copied (the card shows it without its scheme). */
  async shortLink(): Promise<string> {
    const shown = this.page.locator('#short-link');
    await shown.waitFor();
    return (await shown.getAttribute('data-url')) ?? '';
  }

  /** Waits for a text anywhere on the page. */
  async waitForText(text: string | RegExp): Promise<void> {
    await this.page.getByText(text).first().waitFor();
  }

  async text(): Promise<string> {
    return this.page.locator('#app').innerText();
  }

  urlField() {
    return this.page.getByLabel('Link to shorten');
  }

  /** Opens the customise panel under the link. */
  async openCustomise(): Promise<void> {
    await this.page.getByRole('button', { name: 'Customise', exact: true }).click();
    await this.page.getByLabel('Custom keyword').waitFor();
  }

  /** The free alternatives offered for a taken keyword; each names its short link as "Use <link>". */
  suggestion(): Locator {
    return this.page.getByRole('button', { name: /^Use / }).first();
  }

  async suggestedUrl(): Promise<string> {
    return ((await this.suggestion().getAttribute('aria-label')) ?? '').replace(/^Use /, '');
  }

  /** The recent links' section. */
  recent(): Locator {
    return this.page.getByRole('region', { name: 'Recent links' });
  }

  /** The recent list's rows. */
  rows(): Locator {
    return this.page.locator('.recent-row');
  }

  /** The row of one short link. */
  row(shortUrl: string): Locator {
    return this.rows().filter({ has: this.page.locator(`.row-short[data-url="${shortUrl}"]`) });
  }

  /**
   * Where a row draws each of its figures and words (short link, clicks or
   * "Copied", title, tag or tag count), as boxes on the page, by class.
   */
  static async rowBoxes(row: Locator): Promise<{ part: string; text: string; left: number; right: number; top: number; bottom: number }[]> {
    // Every element of the row's text that draws words or figures of its own (what is only read out is left out).
    return row.evaluate((li) =>
      Array.from(li.querySelectorAll<HTMLElement>('.row-text *'))
        .filter((el) => el.closest('.visually-hidden') === null && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== ''))
        .map((el) => {
          const box = el.getBoundingClientRect();
          return { part: el.className || el.tagName, text: el.innerText, left: box.left, right: box.right, top: box.top, bottom: box.bottom };
        }),
    );
  }

  /** A row's short link, as copied. */
  static async rowUrl(row: Locator): Promise<string> {
    return (await row.locator('.row-short').getAttribute('data-url')) ?? '';
  }

  /** Chooses an item of a row's menu (QR code, Edit tags, Delete). */
  async rowAction(shortUrl: string, item: string): Promise<void> {
    await this.row(shortUrl).getByRole('button', { name: `More actions for ${shortUrl}` }).click();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  /** Adds tags in a chip picker by typing each and pressing Enter. */
  static async addTags(field: Locator, tags: readonly string[]): Promise<void> {
    for (const tag of tags) {
      await field.fill(tag);
      await field.press('Enter');
    }
  }

  /** True once the popup marked the short link as shown (and copied). */
  async ready(): Promise<boolean> {
    return this.page.evaluate(() => performance.getEntriesByName('shortlink:ready').length > 0);
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}
