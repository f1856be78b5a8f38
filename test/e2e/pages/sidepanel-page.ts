import type { Page } from 'playwright-core';
import type { Harness } from '../fixture';

/** The side panel page, opened as a tab: sidePanel.open() needs a user gesture (TOOLCHAIN.md). */
export class SidePanelPage {
  private constructor(readonly page: Page) {}

  static async open(h: Harness): Promise<SidePanelPage> {
    const page = await h.openPage('sidepanel.html');
    await page.getByRole('heading', { name: 'Choose a link to see its analytics' }).waitFor();
    return new SidePanelPage(page);
  }

  async listedShortLinks(): Promise<string[]> {
    return this.page.locator('li .url.grow').allTextContents();
  }
}
