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

/**
 * Connects as a user does in Settings: the profile "Main" with the harness's
 * address, token and workspace, Save clicked, "Saved." shown. Returns the
 * page, still open.
 */
export async function connectInOptions(h: Pick<FirefoxHarness, 'openPage' | 'apiBase' | 'token' | 'workspaceId'>): Promise<Page> {
  const page = await h.openPage('options.html');
  await page.type('[name="name"]', 'Main');
  await page.type('[name="baseUrl"]', h.apiBase);
  await page.type('[name="token"]', h.token);
  await page.type('[name="workspaceId"]', h.workspaceId);
  await clickButton(page, 'Save');
  await waitForText(page, 'Saved.', 30_000);
  return page;
}

/**
 * Runs `expression` in the browser's own window (browser.xhtml, its "chrome"
 * scope, which `--remote-allow-system-access` opens to WebDriver BiDi) and
 * returns its value. What no page can do happens there: the context menu's
 * items and the extensions' keys are the browser's own, and so is the
 * clipboard the extension reads.
 */
export async function inBrowserWindow<T>(h: Pick<FirefoxHarness, 'firefox'>, expression: string): Promise<T> {
  const connection = (h.firefox.browser as unknown as { connection: { send(method: string, params: object): Promise<{ result: BidiResult }> } }).connection;
  const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' })).result as unknown as { contexts: { context: string; url: string }[] };
  const window = tree.contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml');
  if (window === undefined) throw new Error('No browser window in the chrome scope');
  const { result } = await connection.send('script.evaluate', { expression, target: { context: window.context }, awaitPromise: true });
  if (result.type === 'exception') throw new Error(`In the browser window: ${result.exceptionDetails?.text ?? 'an exception'}`);
  return result.result?.value as T;
}

interface BidiResult {
  type: 'success' | 'exception';
  result?: { value?: unknown };
  exceptionDetails?: { text?: string };
}

/** What the user copied: the browser's clipboard (headless Firefox keeps its own). */
export async function copyToClipboard(h: Pick<FirefoxHarness, 'firefox'>, text: string): Promise<void> {
  await inBrowserWindow(h, `Cc['@mozilla.org/widget/clipboardhelper;1'].getService(Ci.nsIClipboardHelper).copyString(${JSON.stringify(text)})`);
}

/** The clipboard's text, as a paste would give it. */
export function clipboardText(h: Pick<FirefoxHarness, 'firefox'>): Promise<string> {
  return inBrowserWindow<string>(
    h,
    `(() => {
      const transfer = Cc['@mozilla.org/widget/transferable;1'].createInstance(Ci.nsITransferable);
      transfer.init(null);
      transfer.addDataFlavor('text/plain');
      Services.clipboard.getData(transfer, Ci.nsIClipboard.kGlobalClipboard, window.browsingContext.currentWindowContext);
      const data = {};
      try { transfer.getTransferData('text/plain', data); } catch { return ''; }
      return data.value.QueryInterface(Ci.nsISupportsString).data;
    })()`,
  );
}

/**
 * Chooses the item named `label` in the page's context menu, open after a
 * right-click (the browser's own menu, with the items of the extension in its
 * submenu): its command runs as a user's choice does, and the menu closes.
 */
export async function chooseMenuItem(h: Pick<FirefoxHarness, 'firefox'>, label: string): Promise<void> {
  const chosen = await inBrowserWindow<string>(
    h,
    `new Promise((resolve) => {
      const menu = document.getElementById('contentAreaContextMenu');
      const choose = () => {
        const item = [...menu.querySelectorAll('menuitem')].find((i) => i.label === ${JSON.stringify(label)});
        if (item === undefined) return resolve('no such item among ' + [...menu.querySelectorAll('menuitem')].filter((i) => !i.hidden).map((i) => i.label).join('|'));
        item.doCommand();
        menu.hidePopup();
        resolve('chosen');
      };
      if (menu.state === 'open') return choose();
      // The right-click's menu opens a moment after the click.
      const late = setTimeout(() => resolve('the menu is ' + menu.state), 10000);
      menu.addEventListener('popupshown', () => { clearTimeout(late); choose(); }, { once: true });
    })`,
  );
  if (chosen !== 'chosen') throw new Error(`Could not choose "${label}" in the context menu: ${chosen}`);
}

/** Presses an extension's keyboard shortcut (modifiers as the manifest has them, "alt,shift"), through the browser's own key. */
export async function pressExtensionKey(h: Pick<FirefoxHarness, 'firefox'>, key: string, modifiers: string): Promise<void> {
  const pressed = await inBrowserWindow<boolean>(
    h,
    `(() => {
      const found = [...document.querySelectorAll('keyset key')].find((k) => k.getAttribute('key') === ${JSON.stringify(key)} && k.getAttribute('modifiers') === ${JSON.stringify(modifiers)});
      if (found === undefined) return false;
      found.doCommand();
      return true;
    })()`,
  );
  if (!pressed) throw new Error(`No extension key ${modifiers}+${key}`);
}
