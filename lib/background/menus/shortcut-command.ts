/**
 * The extension's shortcuts: shorten-and-copy shortens the active tab and
 * copies the short link with no UI, a notification confirming it (or saying
 * it is queued); paste-short-link pastes the clipboard's address as a short
 * link in the focused field (./paste-short-link.ts). Their keys are suggested
 * in the manifest (wxt.config.ts) and changed by the user in the browser's
 * shortcut settings, like the popup's. One listener for both.
 */
import { browser } from 'wxt/browser';
import { PASTE_COMMAND, SHORTEN_COMMAND } from '../../menus/commands';
import { tabTarget } from '../../menus/quick-target';
import { pasteFromShortcut, type PasteDeps } from './paste-short-link';
import { quickShorten, type QuickShortenDeps } from './quick-shorten';

export interface ShortcutDeps extends QuickShortenDeps {
  onError: (error: unknown) => void;
  /** "Paste as short link": the clipboard it reads. */
  paste: PasteDeps;
}

/**
 * The tab the shortcut was pressed on. Chrome and Firefox pass it to the
 * listener; the shortcut grants activeTab, so its address is readable.
 */
async function activeTabUrl(tab: { url?: string } | undefined): Promise<string | undefined> {
  if (tab !== undefined) return tab.url;
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  return active?.url;
}

export async function shortenFromShortcut(tab: { id?: number; url?: string } | undefined, deps: QuickShortenDeps): Promise<void> {
  const tabId = tab?.id ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
  await quickShorten(tabTarget(await activeTabUrl(tab)), deps, { alwaysCopy: true, idPrefix: 'shortlink-shortcut', page: { tabId } });
}

/** Call synchronously in the background's `main`. */
export function wireShortcutCommand(deps: ShortcutDeps): void {
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === SHORTEN_COMMAND) shortenFromShortcut(tab, deps).catch(deps.onError);
    else if (command === PASTE_COMMAND) pasteFromShortcut(tab, deps.paste).catch(deps.onError);
  });
}
