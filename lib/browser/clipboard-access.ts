/**
 * The clipboardRead permission "Paste as short link" needs, optional
 * (wxt.config.ts): asked for from our own page (paste-access.html), which says
 * why before the browser asks, never from the menu click itself. Shared by
 * the background (which opens the page when the permission is missing) and
 * the page (which asks for it when the user presses Allow).
 */
import { browser } from 'wxt/browser';

export const CLIPBOARD_READ = { permissions: ['clipboardRead' as const] };

export const PASTE_ACCESS_PAGE = '/paste-access.html';

export function hasClipboardAccess(): Promise<boolean> {
  return browser.permissions.contains(CLIPBOARD_READ).catch(() => false);
}

/** Opens the page that says why and asks, in a new tab. */
export async function openClipboardAccess(): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(PASTE_ACCESS_PAGE) });
}
