import type { Page } from 'playwright-core';
import { eventually, type Harness } from '../fixture';

/** bulk.html, driven through its fields and buttons as a user finds them. */
export class BulkPage {
  private constructor(readonly page: Page) {}

  /** Opens the page for a new batch: the batch an earlier spec left finished is set aside with New batch. */
  static async open(h: Harness): Promise<BulkPage> {
    const page = await h.openPage('bulk.html');
    const bulk = new BulkPage(page);
    await page.locator('#bulk-text, #bulk-counts').first().waitFor();
    if (await page.locator('#bulk-new').isVisible()) await page.locator('#bulk-new').click();
    await page.locator('#bulk-text').waitFor();
    return bulk;
  }

  /** Wraps a bulk page another part of the extension opened. */
  static async from(page: Page): Promise<BulkPage> {
    await page.locator('#bulk-text, #bulk-counts').first().waitFor();
    return new BulkPage(page);
  }

  async paste(text: string): Promise<void> {
    await this.page.locator('#bulk-text').fill(text);
  }

  /** The list's one-line summary once the text is read and "already shortened" looked up ("250 links to shorten, …"). */
  async summary(expect: RegExp): Promise<string> {
    const summary = this.page.locator('#bulk-summary:not([aria-busy="true"])');
    return eventually(async () => {
      const text = (await summary.textContent({ timeout: 1000 })) ?? '';
      return expect.test(text) ? text : undefined;
    }, `a summary matching ${expect}`, 20_000);
  }

  async shorten(): Promise<void> {
    await this.page.locator('#bulk-shorten:not([disabled])').click();
    await this.page.locator('#bulk-counts').waitFor();
  }

  async counts(): Promise<string> {
    return (await this.page.locator('#bulk-counts').textContent()) ?? '';
  }

  /** Waits for the batch to end (done or cancelled) and returns its counts line. */
  async finished(timeoutMs = 120_000): Promise<string> {
    await this.page.locator('.bulk-progress:not([data-state="running"])').waitFor({ timeout: timeoutMs });
    return this.counts();
  }

  /** The result rows as drawn: destination (or title), short link, status. */
  async rows(): Promise<{ destination: string; shortUrl: string; status: string }[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('.bulk-result-table [role="rowgroup"].bulk-chunk [role="row"]')].map((row) => {
        const cells = [...row.querySelectorAll('[role="cell"]')].map((c) => c.textContent ?? '');
        return { destination: cells[0] ?? '', shortUrl: cells[1] ?? '', status: cells[2] ?? '' };
      }),
    );
  }
}

/** Every link of the workspace, as the service lists them (paged through its API). */
export async function serviceLinks(h: Harness): Promise<{ shortUrl: string; longUrl: string }[]> {
  const out: { shortUrl: string; longUrl: string }[] = [];
  let cursor = 0;
  for (;;) {
    const res = await fetch(`${h.service.url}/api/link?workspaceId=${h.workspaceId}&pageSize=100&cursor=${cursor}`, {
      headers: { authorization: `Bearer ${h.token}` },
    });
    const body = (await res.json()) as { data: { pageInfo: { hasNext: boolean; cursor: number }; list: { shortUrl: string; longUrl: string }[] } };
    out.push(...body.data.list.map(({ shortUrl, longUrl }) => ({ shortUrl, longUrl })));
    if (!body.data.pageInfo.hasNext || body.data.list.length === 0) return out;
    cursor = body.data.pageInfo.cursor;
  }
}
