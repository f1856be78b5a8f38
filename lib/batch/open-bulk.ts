/**
 * Opening the bulk page (bulk.html) in a new tab, with the URLs it should
 * start from when there are some: the popup's menu ("Shorten many links…",
 * "Shorten all tabs in this window"), the options page, the action's and the
 * selection's context menus, and the batch's notification.
 */
import { browser } from 'wxt/browser';
import { leaveBulkInput, type BulkInput } from './bulk-input';

export const BULK_PAGE = '/bulk.html';

export async function openBulk(input?: BulkInput): Promise<void> {
  // Left first: the page reads it as it opens.
  if (input !== undefined) await leaveBulkInput(input);
  await browser.tabs.create({ url: browser.runtime.getURL(BULK_PAGE) });
}

/** The `tabs` permission, optional (wxt.config.ts): asked for from the click that needs it, never before. */
export const TABS_PERMISSION = { permissions: ['tabs' as const] };

/**
 * "Shorten all tabs in this window": the http(s) tabs of the current window
 * with their titles, once `asked` (the permission request, made within the
 * click) is granted. False when it was refused: nothing opens.
 */
export async function openBulkWithTabs(asked: Promise<boolean>): Promise<boolean> {
  if (!(await asked)) return false;
  const tabs = await browser.tabs.query({ currentWindow: true });
  const entries = tabs.flatMap((tab) => (tab.url !== undefined && /^https?:/i.test(tab.url) ? [{ url: tab.url, ...(tab.title ? { title: tab.title } : {}) }] : []));
  await openBulk({ source: 'tabs', entries });
  return true;
}
