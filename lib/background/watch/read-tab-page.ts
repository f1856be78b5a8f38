/**
 * What a tab's document says of itself, read in the page with
 * scripting.executeScript (the toolbar click's activeTab grant, or the
 * watch's permission to reach any site): its address and the HTTP status
 * it was served with. Chromium refuses to script its own error page, and
 * says so: that is read as the page failing.
 */
import { browser } from 'wxt/browser';
import type { PageReading } from '../../watch/page-verdict';

/** Runs in the page: serialised by the browser, so it uses nothing from outside. */
function readDocument(): { href: string; status: number | null } {
  const [entry] = performance.getEntriesByType('navigation');
  const status = entry !== undefined && 'responseStatus' in entry && typeof entry.responseStatus === 'number' ? entry.responseStatus : null;
  return { href: location.href, status };
}

const ERROR_PAGE = /showing error page/i;

export async function readTabPage(tabId: number): Promise<PageReading> {
  try {
    const [result] = await browser.scripting.executeScript({ target: { tabId }, func: readDocument });
    const value = result?.result as { href?: unknown; status?: unknown } | undefined;
    if (value === undefined || typeof value.href !== 'string') return { kind: 'unread' };
    return { kind: 'document', href: value.href, status: typeof value.status === 'number' ? value.status : null };
  } catch (error) {
    return error instanceof Error && ERROR_PAGE.test(error.message) ? { kind: 'error-page' } : { kind: 'unread' };
  }
}
