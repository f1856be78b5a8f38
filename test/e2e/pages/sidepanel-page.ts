import type { Page } from 'playwright-core';
import type { Harness } from '../fixture';

/** The side panel page, opened as a tab: sidePanel.open() needs a user gesture (TOOLCHAIN.md). */
export class SidePanelPage {
  private constructor(readonly page: Page) {}

  /** The picker (no link given and no tab to follow). */
  static async open(h: Harness): Promise<SidePanelPage> {
    const page = await h.openPage('sidepanel.html');
    await page.getByRole('heading', { name: 'Choose a link to see its analytics' }).waitFor();
    return new SidePanelPage(page);
  }

  /** One link's analytics, as the popup's "Stats" button and the context menu open it. */
  static async openLink(h: Harness, linkId: string): Promise<SidePanelPage> {
    const page = await h.openPage(`sidepanel.html?linkId=${encodeURIComponent(linkId)}`);
    await page.getByRole('heading', { name: /^Analytics of / }).waitFor();
    return new SidePanelPage(page);
  }

  async listedShortLinks(): Promise<string[]> {
    return this.page.locator('.picker-list li .short').allTextContents();
  }

  /** A figure of the score card ("Total clicks"), as shown. */
  async figure(key: string): Promise<string> {
    return (await this.page.locator(`[data-block="scoreCard"] [data-figure="${key}"] dd`).textContent()) ?? '';
  }

  async refresh(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh' }).click();
  }

  /** Every chart canvas on the page, by block id, with how many of its pixels are not transparent (read back from the canvas). */
  async drawnPixels(): Promise<Record<string, number>> {
    return this.page.evaluate(() => {
      const out: Record<string, number> = {};
      for (const section of document.querySelectorAll<HTMLElement>('section[data-block]')) {
        const canvas = section.querySelector('canvas');
        if (canvas === null) continue;
        const ctx = canvas.getContext('2d');
        if (ctx === null || canvas.width === 0 || canvas.height === 0) {
          out[section.dataset.block ?? '?'] = 0;
          continue;
        }
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        let drawn = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) drawn += 1;
        out[section.dataset.block ?? '?'] = drawn;
      }
      return out;
    });
  }

  /** Opens a chart's data table and returns its rows as [name, ...cells]. */
  async tableRows(blockId: string): Promise<string[][]> {
    const section = this.page.locator(`section[data-block="${blockId}"]`);
    const toggle = section.getByRole('button', { name: 'Show the data table' });
    await toggle.click();
    await section.getByRole('button', { name: 'Hide the data table', expanded: true }).waitFor();
    return section.locator('table tbody tr').evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? '')),
    );
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}
