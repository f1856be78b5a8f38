import type { Page } from 'playwright-core';
import type { Harness } from '../fixture';

/** The options page, driven through its labels as a user (or a screen reader) finds them. */
export class OptionsPage {
  private constructor(readonly page: Page) {}

  static async open(h: Harness): Promise<OptionsPage> {
    const page = await h.openPage('options.html');
    await page.getByLabel('API base URL').waitFor();
    return new OptionsPage(page);
  }

  /** The profile's fields; its name too when given, or when the name field is empty (a name is required). */
  async fill(conn: { name?: string; baseUrl: string; token: string; workspaceId: string }): Promise<void> {
    const name = this.page.getByLabel('Profile name');
    if (conn.name !== undefined || (await name.inputValue()) === '') await name.fill(conn.name ?? 'Main');
    await this.page.getByLabel('API base URL').fill(conn.baseUrl);
    await this.page.getByLabel('API token').fill(conn.token);
    await this.page.getByLabel('Workspace ID').fill(conn.workspaceId);
  }

  async save(): Promise<string> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    return this.settledStatus();
  }

  async testConnection(): Promise<string> {
    await this.page.getByRole('button', { name: 'Test connection' }).click();
    return this.settledStatus();
  }

  /** The connection status line once it no longer shows progress. */
  async settledStatus(): Promise<string> {
    const status = this.page.locator('#connection-status');
    await this.page.waitForFunction(() => {
      const el = document.querySelector('#connection-status');
      return el !== null && el.textContent !== '' && !el.classList.contains('muted');
    });
    return (await status.textContent()) ?? '';
  }

  fieldHint(name: 'name' | 'baseUrl' | 'token' | 'workspaceId') {
    return this.page.locator(`#${name}-hint`);
  }
}

/** The options page's "Waiting to be created" section. */
export class QueueSection {
  constructor(readonly page: Page) {}

  items() {
    return this.page.locator('section[aria-labelledby="queue-heading"] li');
  }

  async discardFirst(): Promise<void> {
    const item = this.items().first();
    await item.getByRole('button', { name: 'Discard' }).click();
    // Discarding asks first.
    await item.getByRole('button', { name: 'Yes, discard' }).click();
  }
}
