import type { Page } from 'playwright-core';
import type { Harness } from '../fixture';

/** The side panel page, opened as a tab: sidePanel.open() needs a user gesture. */
export class SidePanelPage {
  private constructor(readonly page: Page) {}

  /** The link switcher (no link given and no tab to follow). */
  static async open(h: Harness): Promise<SidePanelPage> {
    const page = await h.openPage('sidepanel.html');
    await page.getByRole('heading', { name: 'Choose a link to see its analytics' }).waitFor();
    return new SidePanelPage(page);
  }

  /** One link's analytics, as the popup's "Stats" button and the context menu open it. */
  static async openLink(h: Harness, linkId: string): Promise<SidePanelPage> {
    const page = await h.openPage(`sidepanel.html?linkId=${encodeURIComponent(linkId)}`);
    await page.locator('header.link-header').waitFor();
    return new SidePanelPage(page);
  }

  /** One link's analytics in a browser set to another time zone (DevTools' emulation, as a user's clock would be). */
  static async openLinkInZone(h: Harness, linkId: string, timeZone: string): Promise<SidePanelPage> {
    const page = await h.context.newPage();
    const cdp = await h.context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: timeZone });
    await page.goto(`chrome-extension://${h.extensionId}/sidepanel.html?linkId=${encodeURIComponent(linkId)}`);
    await page.locator('header.link-header').waitFor();
    return new SidePanelPage(page);
  }

  async listedShortLinks(): Promise<string[]> {
    return this.page.locator('.picker-list li .short').allTextContents();
  }

  /** The header's heading: the destination's title, or its host. */
  async heading(): Promise<string> {
    return (await this.page.locator('header.link-header h1').textContent()) ?? '';
  }

  /** A figure of the overview ("Total clicks"), as shown. */
  async figure(key: string): Promise<string> {
    return (await this.page.locator(`[data-block="scoreCard"] [data-figure="${key}"] dd`).first().textContent()) ?? '';
  }

  async refresh(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh' }).click();
  }

  /** The one way to ask again the panel offers: Refresh, or a banner's Try again while the connection fails. */
  async retry(): Promise<void> {
    await this.page.getByRole('button', { name: /^(Refresh|Try again)$/ }).click();
  }

  /** Brings a block into view: in a card with tabs, its tab. */
  async show(blockId: string): Promise<void> {
    const tab = this.page.locator(`[role="tab"][data-tab="${blockId}"]`);
    if ((await tab.count()) > 0 && (await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await this.page.locator(`[data-block="${blockId}"]`).waitFor();
  }

  /** Every chart canvas on the page, by block id, with how many of its pixels are not transparent (read back from the canvas). */
  async drawnPixels(): Promise<Record<string, number>> {
    return this.page.evaluate(() => {
      const out: Record<string, number> = {};
      for (const block of document.querySelectorAll<HTMLElement>('[data-block]')) {
        const canvas = block.querySelector('canvas');
        if (canvas === null) continue;
        const ctx = canvas.getContext('2d');
        if (ctx === null || canvas.width === 0 || canvas.height === 0) {
          out[block.dataset.block ?? '?'] = 0;
          continue;
        }
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        let drawn = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) drawn += 1;
        out[block.dataset.block ?? '?'] = drawn;
      }
      return out;
    });
  }

  /** A ranked list as shown: [name, count] per bar. */
  async bars(blockId: string): Promise<string[][]> {
    await this.show(blockId);
    return this.page.locator(`[data-block="${blockId}"] .bar-list .bar-row`).evaluateAll((rows) =>
      rows.map((row) => [row.querySelector('.bar-label')?.textContent ?? '', row.querySelector('.bar-value')?.textContent ?? '']),
    );
  }

  /** Opens a chart's data table from its card's menu and returns its rows as [name, ...cells]. */
  async tableRows(blockId: string): Promise<string[][]> {
    await this.show(blockId);
    const card = this.page.locator('section.block-card').filter({ has: this.page.locator(`[data-block="${blockId}"]`) });
    const body = this.page.locator(`[data-block="${blockId}"]`);
    if ((await body.locator('table').count()) === 0) {
      await card.getByRole('button', { name: /^Options for / }).click();
      await this.page.getByRole('menuitem', { name: 'Show the data table' }).click();
    }
    await body.locator('table').first().waitFor();
    return body.locator('table').first().locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? '')),
    );
  }

  /** Chooses an export from the panel's menu ("Export CSV", "Export JSON"). */
  async exportAs(item: 'Export CSV' | 'Export JSON'): Promise<void> {
    await this.page.getByRole('button', { name: 'Export the analytics' }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}
