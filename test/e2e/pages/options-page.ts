import type { Locator, Page } from 'playwright-core';
import type { Harness } from '../fixture';

/** The options page's sections, each its own address (`options.html#domains`; lib/options/sections.ts). */
export type OptionsSectionName = 'connection' | 'shortening' | 'appearance' | 'domains' | 'tags' | 'rules' | 'watch' | 'queue' | 'file';

/** The options page, driven through its labels as a user (or a screen reader) finds them. */
export class OptionsPage {
  private constructor(readonly page: Page) {}

  /** Opens the page on one section (the connection by default), once it is drawn. */
  static async open(h: Harness, section: OptionsSectionName = 'connection'): Promise<OptionsPage> {
    const page = await h.openPage(`options.html#${section}`);
    const options = new OptionsPage(page);
    await options.shown(section);
    return options;
  }

  /** Goes to another section through the nav, as a click does. */
  async goTo(section: OptionsSectionName): Promise<void> {
    await this.page.locator(`nav a[href="#${section}"]`).click();
    await this.shown(section);
  }

  private async shown(section: OptionsSectionName): Promise<void> {
    await this.page.locator(`#${section}-heading`).waitFor();
    if (section === 'connection') await this.page.getByLabel('Service address', { exact: true }).waitFor();
  }

  /** The profile's fields; its name only when given (left empty, a profile is named after its workspace and host). */
  async fill(conn: { name?: string; baseUrl: string; token: string; workspaceId: string }): Promise<void> {
    if (conn.name !== undefined) await this.page.getByLabel('Profile name').fill(conn.name);
    await this.page.getByLabel('Service address', { exact: true }).fill(conn.baseUrl);
    await this.page.getByLabel('Access token', { exact: true }).fill(conn.token);
    await this.page.getByLabel('Workspace', { exact: true }).fill(conn.workspaceId);
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

  /** What is said under a field of the profile: its hint, or its problem when it has one. */
  fieldHint(name: 'name' | 'baseUrl' | 'token' | 'workspaceId') {
    return this.page.locator(`#${name}-message`);
  }

  /**
   * Waits until the changes made to the defaults or the theme are stored:
   * nothing is being saved any more, and the page said "Saved.".
   */
  async prefsSaved(): Promise<void> {
    await this.page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    await this.page.getByRole('status').filter({ hasText: 'Saved.' }).first().waitFor();
  }

  /** The chip tag picker labelled `label` (default tags, a site rule's tags). */
  tagPicker(label: string): Locator {
    return this.page.locator('.chip-tag-picker').filter({ has: this.page.getByRole('combobox', { name: label, exact: true }) });
  }

  /** Picks a workspace tag in a chip picker as a user does: types part of it, then clicks the suggestion. */
  async pickTag(label: string, name: string): Promise<void> {
    const picker = this.tagPicker(label);
    await picker.getByRole('combobox').fill(name);
    await picker.getByRole('option', { name, exact: true }).click();
    await picker.getByRole('list', { name: 'Chosen tags' }).getByText(name, { exact: true }).waitFor();
  }

  /** The tags chosen in a chip picker, as its chips read. */
  async chosenTags(label: string): Promise<string[]> {
    const chips = this.tagPicker(label).getByRole('list', { name: 'Chosen tags' });
    return (await chips.count()) === 0 ? [] : chips.locator('li > span').allTextContents();
  }
}

/** The options page's waiting queue section. */
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
