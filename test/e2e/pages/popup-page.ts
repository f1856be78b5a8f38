import type { Page } from 'playwright-core';
import type { Harness } from '../fixture';

/**
 * The popup, opened as a tab. A tab has no "active tab" but itself, so the
 * page to shorten is named with `?url=` (lib/popup/flow.ts, targetFromPage).
 */
export class PopupPage {
  private constructor(readonly page: Page) {}

  static async open(h: Harness, target?: string): Promise<PopupPage> {
    const query = target === undefined ? '' : `?url=${encodeURIComponent(target)}`;
    return new PopupPage(await h.openPage(`popup.html${query}`));
  }

  /** The short link once it is on screen. */
  async shortLink(): Promise<string> {
    const field = this.page.getByRole('textbox', { name: 'Short link', exact: true });
    await field.waitFor();
    return field.inputValue();
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

  /** True once the popup marked the short link as shown (and copied). */
  async ready(): Promise<boolean> {
    return this.page.evaluate(() => performance.getEntriesByName('shortlink:ready').length > 0);
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}
