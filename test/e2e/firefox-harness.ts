/**
 * The e2e harness for Firefox: the same real service, counting proxy and
 * site as the Chromium specs (./service-parts.ts), with Firefox ESR
 * driven over WebDriver BiDi (scripts/firefox.ts) instead of Chromium.
 *
 * Nothing is written into the extension's storage from outside: Firefox
 * connects through the options page, as a user does, and the pref that skips
 * the optional-permission prompt stands for the user's "Allow".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { launchFirefox, type FirefoxOptions, type LaunchedFirefox } from '../../scripts/firefox';
import { WORKSPACE, startServiceParts, type ServiceParts } from './service-parts';

export interface FirefoxHarness extends ServiceParts {
  firefox: LaunchedFirefox;
  /** The API base URL the extension uses (through the counting proxy). */
  apiBase: string;
  workspaceId: string;
  openPage(path: string): Promise<Page>;
  /** The service's own view: links of the workspace, through its API. */
  listLinks(): Promise<{ _id: string; shortUrl: string; longUrl: string }[]>;
  close(): Promise<void>;
}

export async function startFirefoxHarness(options: FirefoxOptions = {}): Promise<FirefoxHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'shortlink-e2e-firefox-'));
  const parts = await startServiceParts(dir);
  const firefox = await launchFirefox(options);
  return {
    ...parts,
    firefox,
    apiBase: `${parts.proxy.url}/api`,
    workspaceId: WORKSPACE,
    openPage: (path) => firefox.openPage(path),
    async listLinks() {
      const res = await fetch(`${parts.service.url}/api/link?workspaceId=${WORKSPACE}&pageSize=100`, {
        headers: { authorization: `Bearer ${parts.token}` },
      });
      const body = (await res.json()) as { data: { list: { _id: string; shortUrl: string; longUrl: string }[] } };
      return body.data.list;
    },
    async close() {
      await firefox.close().catch(() => undefined);
      await Promise.all([parts.proxy.close(), parts.site.close()]);
      await parts.service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Clicks the enabled button whose text is `name`, as a user's click (WebDriver
 * input actions): Firefox grants permissions only in answer to user input.
 * Found by text: ARIA-name queries do not work over BiDi in this Firefox.
 */
export async function clickButton(page: Page, name: string): Promise<void> {
  const handle = await page.waitForFunction(
    (text: string) =>
      Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === text && !b.disabled) ?? false,
    { polling: 100 },
    name,
  );
  const button = handle.asElement() as ElementHandle<HTMLButtonElement> | null;
  if (button === null) throw new Error(`No button "${name}"`);
  await button.click();
}

/** Waits until the page's text includes `text`. */
export async function waitForText(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction((t: string) => document.body.innerText.includes(t), { polling: 100, timeout }, text);
}
