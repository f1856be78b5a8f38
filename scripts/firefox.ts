/**
 * Launching Firefox ESR with the built extension over WebDriver BiDi
 * (puppeteer-core; never a downloaded browser), shared by the Firefox e2e
 * specs and `npm run store`. Each pref says why beside it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ROOT } from './chromium';

export const FIREFOX_BUILD_DIR = join(ROOT, '.output/firefox-mv3');
/** browser_specific_settings.gecko.id in wxt.config.ts. */
export const GECKO_ID = 'shortlink@extension.invalid';
/** Fixed before launch, so every page's address is known without asking the browser. */
export const EXTENSION_UUID = '6f1c2a34-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;

export interface LaunchedFirefox {
  browser: Browser;
  /** Opens an extension page in a new tab and waits until its network is idle (extension pages send no load event). */
  openPage(path: string): Promise<Page>;
  close(): Promise<void>;
}

export interface FirefoxOptions {
  /** Prefs added to the launch's (a language, a shorter event-page idle time). */
  prefs?: Record<string, string | number | boolean>;
}

export async function launchFirefox(options: FirefoxOptions = {}): Promise<LaunchedFirefox> {
  if (!existsSync(join(FIREFOX_BUILD_DIR, 'manifest.json'))) {
    throw new Error(`No Firefox build at ${FIREFOX_BUILD_DIR}: run "npm run build:firefox" first.`);
  }
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    // Without it, navigating to a moz-extension:// page is refused.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      // Optional permissions are granted without the prompt a headless browser cannot show:
      // Save's request for the service's origin resolves as after the user's "Allow".
      'extensions.webextOptionalPermissionPrompts': false,
      ...options.prefs,
    },
  });
  await browser.installExtension(FIREFOX_BUILD_DIR);
  return {
    browser,
    async openPage(path) {
      const page = await browser.newPage();
      await page.goto(`${EXTENSION_ORIGIN}/${path}`, { waitUntil: 'networkidle0' });
      return page;
    },
    close: () => browser.close(),
  };
}
