/**
 * The first run: when the extension is installed (not updated, not when
 * the browser starts), the welcome page opens in a tab, so a new user is
 * asked for the connection instead of finding a popup that cannot work
 * yet. Opening a tab of our own needs no permission.
 */
import { browser } from 'wxt/browser';

export const WELCOME_PAGE = '/welcome.html';

export function wireFirstRun(onError: (error: unknown) => void): void {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason !== 'install') return;
    browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE) }).catch(onError);
  });
}
